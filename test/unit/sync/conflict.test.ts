import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox';
import { clientFor, rejectsWith } from '../platform/support';
import type { PlatformClient } from '../../../src/core/platform/client';
import { pull } from '../../../src/core/sync/pull';
import { preparePush, executePush } from '../../../src/core/sync/push';
import { PushRefusedError } from '../../../src/core/sync/pushErrors';
import { workspaceStatus } from '../../../src/core/sync/status';
import { insertBefore, localTrsx, remoteTrsx, replaceText, sampleTexts, tempDir } from './support';

const encoder = new TextEncoder();

/** A second user's edit made straight on the platform: one sample appended to an intent. */
async function remoteAppend(client: PlatformClient, intent: string, text: string): Promise<void> {
  const trsx = `<?xml version="1.0" encoding="UTF-8"?>\n<project xmlns:nuance="https://developer.nuance.com/mix/nlu/trsx" xml:lang="en-US" nuance:version="2.6">\n  <samples>\n    <sample intentref="${intent}">${text}</sample>\n  </samples>\n</project>\n`;
  const job = await client.samples.append('1001', intent, 'en-US', {
    data: encoder.encode(trsx),
    fileName: 'more.trsx',
  });
  const done = await client.jobPoller.waitFor('1001', job);
  assert.equal(done.status, 'COMPLETED');
}

describe('a second user edits the remote meanwhile', () => {
  let sbx: TestSandbox;
  let owner: PlatformClient;
  let admin: PlatformClient;
  before(async () => {
    sbx = await startTestSandbox();
    owner = clientFor(sbx, 'owner');
    admin = clientFor(sbx, 'admin');
  });
  after(async () => {
    await owner.close();
    await admin.close();
    await sbx.close();
  });

  test('the push is refused, nothing is overwritten, no local edit is lost; pulling merges, then the push succeeds', async () => {
    const ws = await tempDir();
    try {
      await pull(owner, ws.dir, '1001');
      const file = join(ws.dir, 'en-US', 'en-US.trsx');
      await insertBefore(file, '</samples>', '  <sample intentref="CANCEL_ORDER">please cancel my order</sample>');
      const edited = await readFile(file, 'utf8');
      await remoteAppend(admin, 'ASK_HOURS', 'are you open late');

      const status = await workspaceStatus(ws.dir, { client: owner });
      assert.equal(status.sync, 'diverged');
      const refused = await rejectsWith(preparePush(owner, ws.dir, { mode: 'append' }), PushRefusedError);
      assert.equal(refused.reason, 'remoteChanged');
      assert.match(refused.message, /en-US\/en-US\.trsx modified remotely/);
      assert.equal(await readFile(file, 'utf8'), edited, 'the local edit is untouched');
      const remote = await remoteTrsx(owner, '1001', 'en-US');
      assert.ok(sampleTexts(remote).includes('are you open late'), "the other user's change is still there");
      assert.ok(!sampleTexts(remote).includes('please cancel my order'), 'nothing of ours was sent');

      const merged = await pull(owner, ws.dir, undefined);
      assert.deepEqual(merged.conflicts, []);
      assert.deepEqual(merged.merged, ['en-US/en-US.trsx']);
      const local = sampleTexts(await localTrsx(ws.dir, 'en-US'));
      assert.ok(local.includes('please cancel my order') && local.includes('are you open late'));

      const outcome = await executePush(owner, await preparePush(owner, ws.dir, { mode: 'append' }));
      assert.equal(outcome.status, 'completed');
      const final = sampleTexts(await remoteTrsx(owner, '1001', 'en-US'));
      assert.ok(final.includes('please cancel my order') && final.includes('are you open late'));
      assert.equal((await workspaceStatus(ws.dir, { client: owner })).sync, 'clean');
    } finally {
      await ws.cleanup();
    }
  });

  test('the same sample changed on both sides is a conflict: listed, local file untouched, push refused until a side is chosen', async () => {
    const ws = await tempDir();
    try {
      await pull(owner, ws.dir, '1001');
      const file = join(ws.dir, 'en-US', 'en-US.trsx');
      await replaceText(
        file,
        'count="3" excluded="false" fullyVerified="true">are you open on Sundays?',
        'count="5" excluded="false" fullyVerified="true">are you open on Sundays?',
      );
      const edited = await readFile(file, 'utf8');
      await remoteAppend(admin, 'ASK_HOURS', 'are you open on Sundays?');

      const result = await pull(owner, ws.dir, undefined);
      assert.equal(result.conflicts.length, 1);
      const conflict = result.conflicts[0];
      assert.equal(conflict?.path, 'en-US/en-US.trsx');
      assert.equal(conflict?.items[0]?.kind, 'sample');
      assert.match(conflict?.items[0]?.label ?? '', /are you open on Sundays\?/);
      assert.equal(await readFile(file, 'utf8'), edited, 'the conflicting local file is left untouched');
      assert.equal((await workspaceStatus(ws.dir)).sync, 'conflict');
      const refused = await rejectsWith(preparePush(owner, ws.dir, { mode: 'replace' }), PushRefusedError);
      assert.equal(refused.reason, 'conflicts');

      const settled = await pull(owner, ws.dir, undefined, { prefer: 'local' });
      assert.deepEqual(settled.conflicts, []);
      const outcome = await executePush(owner, await preparePush(owner, ws.dir, { mode: 'replace' }));
      assert.equal(outcome.status, 'completed');
      const sample = (await remoteTrsx(owner, '1001', 'en-US')).samples.find(
        (s) => s.content[0] === 'are you open on Sundays?',
      );
      assert.equal(sample?.count, 5);
    } finally {
      await ws.cleanup();
    }
  });

  test('a workspace with errors is refused as such even when the remote changed too (its check runs first, its refusal after)', async () => {
    const ws = await tempDir();
    try {
      await pull(owner, ws.dir, '1001');
      const file = join(ws.dir, 'en-US', 'en-US.trsx');
      await insertBefore(file, '</samples>', '  <sample intentref="NO_SUCH_INTENT">hello</sample>');
      await remoteAppend(admin, 'ASK_HOURS', 'open on sundays');
      const refused = await rejectsWith(preparePush(owner, ws.dir, { mode: 'append' }), PushRefusedError);
      assert.equal(refused.reason, 'invalid');
      assert.match(refused.message, /error TRSX020/);
      await replaceText(
        file,
        '<sample intentref="NO_SUCH_INTENT">hello</sample>',
        '<sample intentref="ASK_HOURS">hello</sample>',
      );
      const remoteFirst = await rejectsWith(preparePush(owner, ws.dir, { mode: 'append' }), PushRefusedError);
      assert.equal(remoteFirst.reason, 'remoteChanged');
    } finally {
      await ws.cleanup();
    }
  });
});
