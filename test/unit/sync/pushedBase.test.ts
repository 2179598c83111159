// A push asks the platform once: its remote check goes by the project's version key, and an append push that
// sent everything refreshes the base from what it sent (src/core/sync/pushedBase.ts) — unless the platform
// shows that someone else's job ran meanwhile, when the export is downloaded and merged as before.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox';
import { clientFor, rejectsWith } from '../platform/support';
import type { PlatformClient } from '../../../src/core/platform/client';
import { pull } from '../../../src/core/sync/pull';
import { preparePush, executePush } from '../../../src/core/sync/push';
import { PushRefusedError } from '../../../src/core/sync/pushErrors';
import { workspaceStatus } from '../../../src/core/sync/status';
import { insertBefore, localTrsx, remoteTrsx, sampleTexts, tempDir } from './support';

describe('push refreshes the base from what it sent', () => {
  let sbx: TestSandbox;
  let owner: PlatformClient;
  before(async () => {
    // Jobs of 600 ms: "stopped while its job runs" needs the job still RUNNING at its first poll, which on a loaded
    // machine came after the default 100 ms (the push then completed; seen twice under a load average of 20).
    sbx = await startTestSandbox({ jobDurationMs: 600 });
    owner = clientFor(sbx, 'owner');
  });
  after(async () => {
    await owner.close();
    await sbx.close();
  });

  const zipStamp = async (dir: string): Promise<string> => {
    const info = await stat(join(dir, '.cstudio', 'remote.zip'));
    return `${info.size}:${info.mtimeMs}:${info.ino}`;
  };
  const cacheSource = async (dir: string): Promise<string | undefined> =>
    (JSON.parse(await readFile(join(dir, '.cstudio', 'remote.json'), 'utf8')) as { source?: string }).source;

  test('an append push downloads nothing, and status and the next push trust the refreshed base', async () => {
    const ws = await tempDir();
    const other = await tempDir();
    try {
      await pull(owner, ws.dir, '1001');
      const afterPull = await zipStamp(ws.dir);
      const file = join(ws.dir, 'en-US', 'en-US.trsx');
      await insertBefore(file, '</samples>', '  <sample intentref="ORDER_COFFEE">a first pushed sample</sample>');
      const first = await executePush(owner, await preparePush(owner, ws.dir, { mode: 'append' }));
      assert.equal(first.status, 'completed', JSON.stringify(first.results.map((r) => r.error)));
      assert.equal(first.refresh?.ok, true);
      assert.equal(await zipStamp(ws.dir), afterPull, 'no export was downloaded by the push');
      assert.equal(await cacheSource(ws.dir), 'base');
      assert.ok(sampleTexts(await remoteTrsx(owner, '1001', 'en-US')).includes('a first pushed sample'));
      // The push moved the project's metadata.json (lastModified): the folder holds the platform's new one.
      const metadata = (await owner.projects.exportMetadata('1001')).text;
      assert.equal(await readFile(join(ws.dir, 'metadata.json'), 'utf8'), metadata);
      assert.equal(await readFile(join(ws.dir, '.cstudio', 'base', 'metadata.json'), 'utf8'), metadata);

      const clean = await workspaceStatus(ws.dir, { client: owner });
      assert.equal(
        clean.sync,
        'clean',
        JSON.stringify({ local: clean.local.map((f) => f.path), remote: clean.remote?.map((f) => f.path) }),
      );
      assert.equal(await zipStamp(ws.dir), afterPull, 'status trusted the refreshed base');

      await insertBefore(file, '</samples>', '  <sample intentref="ORDER_COFFEE">a second pushed sample</sample>');
      const prepared = await preparePush(owner, ws.dir, { mode: 'append' });
      assert.deepEqual(
        prepared.plan.operations.map((o) => o.adds.length),
        [1],
        'only the new sample is sent',
      );
      const second = await executePush(owner, prepared);
      assert.equal(second.status, 'completed');
      assert.equal(await zipStamp(ws.dir), afterPull, 'the second push downloaded nothing either');

      // Someone else's change moves the key: status downloads and sees it; a pull merges it with the pushed base.
      await pull(owner, other.dir, '1001');
      await insertBefore(
        join(other.dir, 'fr-CA', 'fr-CA.trsx'),
        '</samples>',
        '  <sample intentref="ORDER_COFFEE">un échantillon distant</sample>',
      );
      assert.equal(
        (await executePush(owner, await preparePush(owner, other.dir, { mode: 'append' }))).status,
        'completed',
      );
      const behind = await workspaceStatus(ws.dir, { client: owner });
      assert.equal(behind.sync, 'behind');
      assert.ok(behind.remote?.some((f) => f.path === 'fr-CA/fr-CA.trsx'));
      assert.notEqual(await zipStamp(ws.dir), afterPull);
      await pull(owner, ws.dir, undefined);
      assert.ok(sampleTexts(await localTrsx(ws.dir, 'fr-CA')).includes('un échantillon distant'));
      const local = sampleTexts(await localTrsx(ws.dir, 'en-US'));
      assert.equal(local.filter((t) => t === 'a first pushed sample').length, 1, 'nothing doubled by the merge');
      assert.equal(local.filter((t) => t === 'a second pushed sample').length, 1);
      assert.equal((await workspaceStatus(ws.dir, { client: owner })).sync, 'clean');
    } finally {
      await ws.cleanup();
      await other.cleanup();
    }
  });

  test('a replace push after an append push is judged against the export itself, and goes through', async () => {
    const ws = await tempDir();
    try {
      await pull(owner, ws.dir, '1001');
      const file = join(ws.dir, 'en-US', 'en-US.trsx');
      await insertBefore(file, '</samples>', '  <sample intentref="ORDER_COFFEE">appended before a replace</sample>');
      const appended = await executePush(owner, await preparePush(owner, ws.dir, { mode: 'append' }));
      assert.equal(appended.refresh?.ok, true);
      const afterAppend = await zipStamp(ws.dir);
      // The base now holds the bytes that were sent; a replace must still download and compare, and find no change.
      await insertBefore(file, '</samples>', '  <sample intentref="ORDER_COFFEE">sent by a replace</sample>');
      const replaced = await executePush(owner, await preparePush(owner, ws.dir, { mode: 'replace' }));
      assert.equal(replaced.status, 'completed', JSON.stringify(replaced.results.map((r) => r.error)));
      assert.ok(replaced.backup, 'a replace saves a backup');
      assert.notEqual(await zipStamp(ws.dir), afterAppend, 'the replace downloaded the export');
      const remote = sampleTexts(await remoteTrsx(owner, '1001', 'en-US'));
      assert.equal(remote.filter((t) => t === 'appended before a replace').length, 1);
      assert.equal(remote.filter((t) => t === 'sent by a replace').length, 1);
    } finally {
      await ws.cleanup();
    }
  });

  test('a foreign job while ours ran means the export is downloaded and merged', async () => {
    const ws = await tempDir();
    try {
      await pull(owner, ws.dir, '1001');
      const afterPull = await zipStamp(ws.dir);
      await insertBefore(
        join(ws.dir, 'en-US', 'en-US.trsx'),
        '</samples>',
        '  <sample intentref="ORDER_COFFEE">ours, pushed alongside</sample>',
      );
      const prepared = await preparePush(owner, ws.dir, { mode: 'append' });
      // The foreign append is sent when our operation starts (after the remote check), so it lands during our push.
      let foreign: Promise<unknown> | undefined;
      const outcome = await executePush(owner, prepared, {
        progress: {
          report: ({ message }) => {
            if (foreign || !message?.startsWith('1/1')) return;
            foreign = owner.samples
              .append('1001', 'ORDER_COFFEE', 'fr-CA', {
                data: new TextEncoder().encode('theirs, sent meanwhile\n'),
                fileName: 'theirs.txt',
              })
              .then((job) => owner.jobPoller.waitFor('1001', job));
          },
        },
      });
      await foreign;
      assert.equal(outcome.status, 'completed', JSON.stringify(outcome.results.map((r) => r.error)));
      assert.equal(outcome.refresh?.ok, true);
      // Either the foreign job was seen (the export downloaded and merged), or it ended after our refresh: then the
      // key has moved past the one recorded, and status downloads it. Both must end with the foreign sample seen.
      const status = await workspaceStatus(ws.dir, { client: owner });
      if ((await zipStamp(ws.dir)) === afterPull) assert.fail('the foreign change was never downloaded');
      if (status.sync === 'behind') await pull(owner, ws.dir, undefined);
      assert.ok(sampleTexts(await localTrsx(ws.dir, 'fr-CA')).includes('theirs, sent meanwhile'));
      assert.ok(sampleTexts(await localTrsx(ws.dir, 'en-US')).includes('ours, pushed alongside'));
    } finally {
      await ws.cleanup();
    }
  });

  const stagingFolders = async (dir: string): Promise<string[]> =>
    (await readdir(join(dir, '.cstudio'))).filter((n) => n.startsWith('txn-'));

  test('the base is staged from what was sent while the job runs: an edit made meanwhile is kept and sent next time', async () => {
    const ws = await tempDir();
    try {
      await pull(owner, ws.dir, '1001');
      const file = join(ws.dir, 'en-US', 'en-US.trsx');
      await insertBefore(file, '</samples>', '  <sample intentref="ORDER_COFFEE">sent while staging</sample>');
      let edit: Promise<void> | undefined;
      const outcome = await executePush(owner, await preparePush(owner, ws.dir, { mode: 'append' }), {
        progress: {
          report: ({ message }) => {
            // The job's end is reported before the refresh: the edit lands after what was sent was read.
            if (!edit && message?.includes('COMPLETED'))
              edit = insertBefore(
                file,
                '</samples>',
                '  <sample intentref="ORDER_COFFEE">edited while the job ran</sample>',
              );
          },
        },
      });
      await edit;
      assert.equal(outcome.status, 'completed', JSON.stringify(outcome.results.map((r) => r.error)));
      assert.equal(outcome.refresh?.ok, true);
      assert.deepEqual(await stagingFolders(ws.dir), [], 'no staging folder is left');
      const baseCopy = await readFile(join(ws.dir, '.cstudio', 'base', 'en-US', 'en-US.trsx'), 'utf8');
      assert.ok(
        baseCopy.includes('sent while staging') && !baseCopy.includes('edited while the job ran'),
        'the base holds what was sent',
      );
      const local = sampleTexts(await localTrsx(ws.dir, 'en-US'));
      assert.equal(local.filter((t) => t === 'sent while staging').length, 1);
      assert.equal(local.filter((t) => t === 'edited while the job ran').length, 1, 'the edit made meanwhile is kept');
      const status = await workspaceStatus(ws.dir, { client: owner });
      assert.deepEqual(
        status.local.map((f) => f.path),
        ['en-US/en-US.trsx'],
      );
      assert.deepEqual(status.remote ?? [], [], 'the remote is the base');
      const next = await preparePush(owner, ws.dir, { mode: 'append' });
      assert.deepEqual(
        next.plan.operations.map((o) => o.adds.length),
        [1],
        'only the edit is sent next',
      );
      // The next append's polls are placed around the end the previous one of its type took to reach.
      const appendType = outcome.results[0]?.job?.type ?? '';
      assert.ok(
        (next.jobDurations.get(appendType) ?? -1) >= 0,
        `a duration for ${appendType}: ${JSON.stringify([...next.jobDurations])}`,
      );
      assert.equal((await executePush(owner, next)).status, 'completed');
      const remote = sampleTexts(await remoteTrsx(owner, '1001', 'en-US'));
      assert.equal(remote.filter((t) => t === 'sent while staging').length, 1);
      assert.equal(remote.filter((t) => t === 'edited while the job ran').length, 1);
    } finally {
      await ws.cleanup();
    }
  });

  test('a push stopped while its job runs drops the staged base: the old base stays, and the next push settles it', async () => {
    const ws = await tempDir();
    try {
      await pull(owner, ws.dir, '1001');
      const stateBefore = await readFile(join(ws.dir, '.cstudio', 'state.json'), 'utf8');
      const baseBefore = await readFile(join(ws.dir, '.cstudio', 'base', 'en-US', 'en-US.trsx'));
      await insertBefore(
        join(ws.dir, 'en-US', 'en-US.trsx'),
        '</samples>',
        '  <sample intentref="ORDER_COFFEE">sent, then stopped waiting</sample>',
      );
      const stop = new AbortController();
      // Stopped at the first poll of the job (the staging began with the operation): the job runs on, its outcome unknown.
      const outcome = await executePush(owner, await preparePush(owner, ws.dir, { mode: 'append' }), {
        signal: stop.signal,
        progress: {
          report: ({ message }) => {
            if (message?.includes('RUNNING')) stop.abort();
          },
        },
      });
      assert.notEqual(outcome.status, 'completed');
      assert.ok(outcome.pending, 'the outcome is left to settle');
      assert.deepEqual(await stagingFolders(ws.dir), [], 'the staged base was dropped');
      assert.equal(
        await readFile(join(ws.dir, '.cstudio', 'state.json'), 'utf8'),
        stateBefore,
        'the base record is untouched',
      );
      assert.deepEqual(
        await readFile(join(ws.dir, '.cstudio', 'base', 'en-US', 'en-US.trsx')),
        baseBefore,
        'the base copy is untouched',
      );
      const retry = await executePush(owner, await preparePush(owner, ws.dir, { mode: 'append' }));
      assert.ok(retry.status === 'completed' || retry.status === 'nothing', retry.status);
      assert.equal(
        sampleTexts(await remoteTrsx(owner, '1001', 'en-US')).filter((t) => t === 'sent, then stopped waiting').length,
        1,
        'nothing lost or doubled',
      );
      assert.equal((await workspaceStatus(ws.dir, { client: owner })).sync, 'clean');
    } finally {
      await ws.cleanup();
    }
  });

  test('an append validated on the changed samples alone still refuses a bad one, at its line in the file', async () => {
    const ws = await tempDir();
    try {
      await pull(owner, ws.dir, '1001');
      const file = join(ws.dir, 'en-US', 'en-US.trsx');
      await insertBefore(file, '</samples>', '  <sample intentref="NO_SUCH_INTENT">a sample of no intent</sample>');
      const line = (await readFile(file, 'utf8')).split('\n').findIndex((l) => l.includes('NO_SUCH_INTENT')) + 1;
      const refused = await rejectsWith(preparePush(owner, ws.dir, { mode: 'append' }), PushRefusedError);
      assert.equal(refused.reason, 'invalid');
      assert.ok(
        refused.details.some((d) => d.startsWith(`en-US/en-US.trsx:${line}:`) && d.includes('NO_SUCH_INTENT')),
        refused.message,
      );
    } finally {
      await ws.cleanup();
    }
  });
});
