// Push against a sandbox that injects 5xx answers and dropped connections (--faults). Whatever happens, the
// push either completes, or leaves the remote unchanged, or reports exactly which operations were applied;
// local edits are never lost, and a later push without faults finishes the job.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox';
import { clientFor } from '../platform/support';
import type { PlatformClient } from '../../../src/core/platform/client';
import type { TrsxDocument } from '../../../src/core/formats/trsx/model';
import { parseTrsxBytes } from '../../../src/core/formats/trsx/parse';
import { pull } from '../../../src/core/sync/pull';
import { preparePush, executePush, type PushOutcome } from '../../../src/core/sync/push';
import type { PushOperation } from '../../../src/core/sync/pushPlan';
import { sameTrsx } from '../../../src/core/sync/semantic/trsxMerge';
import { trsxItems } from '../../../src/core/sync/semantic/trsxItems';
import { workspaceStatus } from '../../../src/core/sync/status';
import { insertBefore, localTrsx, remoteTrsx, tempDir } from './support';

/** Whether every sample or literal an operation sends is on the remote (ignoring counts). */
function landed(op: PushOperation, remote: TrsxDocument): boolean {
  if (!op.upload) return false;
  const sent = parseTrsxBytes(op.upload.data).document;
  const have = new Set([...trsxItems(remote).values()].map((i) => `${i.kind}:${i.key}`));
  const items = [...trsxItems(sent).values()].filter((i) => i.kind === 'sample' || i.kind === 'literal');
  return items.length > 0 && items.every((i) => have.has(`${i.kind}:${i.key}`));
}

describe('push under injected faults', () => {
  let sbx: TestSandbox;
  let owner: PlatformClient;
  before(async () => {
    sbx = await startTestSandbox();
    // A reset append may never have reached the sandbox: the next push waits its settle window (the request
    // timeout, lateRequests.ts) for a late arrival; 5 s keeps that wait short here.
    owner = clientFor(sbx, 'owner', { timeoutMs: 5000 });
  });
  after(async () => {
    await owner.close();
    await sbx.close();
  });

  for (const seed of [3, 7, 11, 19]) {
    test(`seed ${seed}: completes, leaves the remote unchanged, or reports exactly what was applied`, async () => {
      const ws = await tempDir();
      try {
        await sbx.restart({ faults: undefined });
        await pull(owner, ws.dir, '1001');
        const original = await remoteTrsx(owner, '1001', 'en-US');
        const file = join(ws.dir, 'en-US', 'en-US.trsx');
        await insertBefore(file, '</samples>', `  <sample intentref="ORDER_COFFEE">a decaf for seed ${seed}</sample>`);
        await insertBefore(file, '</samples>', `  <sample intentref="CANCEL_ORDER">forget my order ${seed}</sample>`);
        await insertBefore(
          file,
          '</dictionaries>',
          `  <dictionary conceptref="COFFEE_TYPE">\n      <entry literal="mocha ${seed}" value="mocha"/>\n    </dictionary>`,
        );
        const edited = await localTrsx(ws.dir, 'en-US');

        await sbx.restart({ faults: `error5xx=0.2,reset=0.15,seed=${seed}` });
        let outcome: PushOutcome | undefined;
        let operations: readonly PushOperation[] = [];
        try {
          const prepared = await preparePush(owner, ws.dir, { mode: 'append' });
          operations = prepared.plan.operations;
          outcome = await executePush(owner, prepared);
        } catch {
          outcome = undefined; // refused or failed before anything was sent
        }
        await sbx.restart({ faults: undefined });

        assert.ok(sameTrsx(await localTrsx(ws.dir, 'en-US'), edited), 'local edits are never lost');
        const remote = await remoteTrsx(owner, '1001', 'en-US');
        if (!outcome) {
          assert.ok(sameTrsx(remote, original), 'a push that failed before sending leaves the remote unchanged');
        } else if (outcome.status === 'completed') {
          assert.ok(sameTrsx(remote, edited), 'a completed push leaves the remote as the workspace');
        } else {
          for (const r of outcome.results) {
            if (r.status === 'applied')
              assert.ok(landed(r.operation, remote), `reported applied: ${r.operation.title}`);
            if (r.status === 'failed') assert.ok(!landed(r.operation, remote), `reported failed: ${r.operation.title}`);
          }
          for (const op of outcome.notAttempted) assert.ok(!landed(op, remote), `reported not attempted: ${op.title}`);
          assert.equal(outcome.results.length + outcome.notAttempted.length, operations.length);
        }

        // Without faults, pulling (merge) and pushing again finishes the job.
        await pull(owner, ws.dir, undefined);
        const retry = await executePush(owner, await preparePush(owner, ws.dir, { mode: 'append' }));
        assert.ok(retry.status === 'completed' || retry.status === 'nothing', retry.status);
        assert.ok(sameTrsx(await remoteTrsx(owner, '1001', 'en-US'), edited));
        assert.equal((await workspaceStatus(ws.dir, { client: owner })).sync, 'clean');
      } finally {
        await ws.cleanup();
      }
    });
  }
});
