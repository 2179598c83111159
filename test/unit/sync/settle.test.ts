// A push whose outcome is unknown, and its settling (issue 14), through the core API: a lost reply keeps
// the base and records the push; status says so offline and settles it online; the next push waits for
// the project's jobs and sends only what is missing; a 429 is retried after Retry-After, not reported as
// unknown. The platform's own rule (platform-api.md, "Job"): an import runs as a job after the request is
// answered, so what the remote shows depends on the job, not on the reply.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox';
import { PlatformClient } from '../../../src/core/platform/client';
import { pull } from '../../../src/core/sync/pull';
import { executePush, preparePush } from '../../../src/core/sync/push';
import { workspaceStatus } from '../../../src/core/sync/status';
import { formatOutcome } from '../../../src/cli/syncOutput';
import { LossyProxy } from './faultSuite/lossyProxy';
import { insertBefore, remoteTrsx, sampleTexts, tempDir } from './support';

const isAppend = (r: { method: string; path: string }): boolean =>
  r.method === 'PUT' && r.path.includes('/samples/.append');

describe('settling a push whose outcome is unknown', () => {
  let sbx: TestSandbox;
  let proxy: LossyProxy;
  let client: PlatformClient;
  before(async () => {
    sbx = await startTestSandbox({ jobDurationMs: 800 });
    proxy = await LossyProxy.start(sbx.baseUrl);
    const info = sbx.client('owner');
    client = new PlatformClient({
      connection: {
        name: 'through the proxy',
        baseUrl: proxy.baseUrl,
        authUrl: proxy.baseUrl,
        logUrl: proxy.baseUrl,
        clientId: info.clientId,
      },
      getSecret: async () => info.clientSecret,
      retry: { baseDelayMs: 5, maxDelayMs: 50 },
    });
  });
  after(async () => {
    await client.close();
    await proxy.close();
    await sbx.close();
  });

  test('a lost reply leaves the base; status tells offline; the next push waits for the job and sends nothing twice', async () => {
    const ws = await tempDir();
    try {
      await pull(client, ws.dir, '1001');
      const text = 'settle test lost reply';
      await insertBefore(
        join(ws.dir, 'en-US', 'en-US.trsx'),
        '</samples>',
        `  <sample intentref="ORDER_COFFEE">${text}</sample>`,
      );
      proxy.rules = { onReply: (r) => (isAppend(r) ? 'drop' : 'pass') };
      const outcome = await executePush(client, await preparePush(client, ws.dir, { mode: 'append' }));
      proxy.rules = {};
      assert.equal(outcome.status, 'partial');
      assert.equal(outcome.results[0]?.status, 'unknown');
      assert.match(outcome.results[0]?.error ?? '', /may or may not have reached the platform/);
      assert.equal(outcome.refresh, undefined, 'the base is not refreshed while the outcome is unknown');
      assert.match(outcome.pending ?? '', /not known yet/);
      assert.ok(existsSync(join(ws.dir, '.cstudio', 'pending-push.json')));

      const offline = await workspaceStatus(ws.dir);
      assert.equal(offline.pendingPush, true);
      assert.equal(offline.sync, 'ahead');

      const next = await preparePush(client, ws.dir, { mode: 'append' });
      assert.ok(next.settled?.settledPush, 'the earlier push was settled first');
      assert.equal(next.plan.operations.length, 0, 'the sample reached the platform: nothing is sent again');
      assert.ok(!existsSync(join(ws.dir, '.cstudio', 'pending-push.json')));
      assert.equal(sampleTexts(await remoteTrsx(client, '1001', 'en-US')).filter((s) => s === text).length, 1);
    } finally {
      await ws.cleanup();
    }
  });

  test('status with a connection settles an unknown push: the job is waited for, the state is clean', async () => {
    const ws = await tempDir();
    try {
      await pull(client, ws.dir, '1001');
      await insertBefore(
        join(ws.dir, 'en-US', 'en-US.trsx'),
        '</samples>',
        '  <sample intentref="CANCEL_ORDER">settle test status</sample>',
      );
      proxy.rules = { onReply: (r) => (isAppend(r) ? 'drop' : 'pass') };
      await executePush(client, await preparePush(client, ws.dir, { mode: 'append' }));
      proxy.rules = {};
      const status = await workspaceStatus(ws.dir, { client });
      assert.ok(status.settled?.settledPush);
      assert.equal(status.pendingPush, false);
      assert.equal(status.sync, 'clean');
    } finally {
      await ws.cleanup();
    }
  });

  test('an append refused with 429 is sent again after Retry-After and applied once', async () => {
    const ws = await tempDir();
    try {
      await pull(client, ws.dir, '1001');
      const text = 'settle test rate limited';
      await insertBefore(
        join(ws.dir, 'en-US', 'en-US.trsx'),
        '</samples>',
        `  <sample intentref="ORDER_COFFEE">${text}</sample>`,
      );
      let refused = 0;
      proxy.rules = { onRequest: (r) => (isAppend(r) && refused++ === 0 ? 'refuse429' : 'forward') };
      const messages: string[] = [];
      const outcome = await executePush(client, await preparePush(client, ws.dir, { mode: 'append' }), {
        progress: {
          report: (p) => {
            if (p.message) messages.push(p.message);
          },
        },
      });
      proxy.rules = {};
      assert.equal(outcome.status, 'completed');
      assert.ok(
        messages.some((m) => /retry after 1 s \(429\)/.test(m)),
        messages.join('\n'),
      );
      assert.equal(outcome.refresh?.ok, true);
      assert.equal(sampleTexts(await remoteTrsx(client, '1001', 'en-US')).filter((s) => s === text).length, 1);
    } finally {
      await ws.cleanup();
    }
  });

  test('a failed refresh is reported once, with what comes next', () => {
    const text = formatOutcome({
      status: 'completed',
      results: [],
      notAttempted: [],
      refresh: { ok: false, error: 'connection refused; the next push, status or pull brings it up to date.' },
    });
    assert.equal(text.match(/not refreshed/g)?.length, 1, text);
  });
});
