// Status asks the platform cheaply whether the project changed (project updateTime + metadata export digest) and
// re-downloads the export only when it did (src/core/sync/remoteDigest.ts).
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox';
import { clientFor } from '../platform/support';
import type { PlatformClient } from '../../../src/core/platform/client';
import { pull } from '../../../src/core/sync/pull';
import { preparePush, executePush } from '../../../src/core/sync/push';
import { workspaceStatus } from '../../../src/core/sync/status';
import { insertBefore, tempDir } from './support';

describe('status consults the remote through its version key', () => {
  let sbx: TestSandbox;
  let owner: PlatformClient;
  before(async () => {
    sbx = await startTestSandbox();
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

  test('no download while the project is unchanged; a remote change (content or metadata) is seen', async () => {
    const ws = await tempDir();
    const other = await tempDir();
    try {
      await pull(owner, ws.dir, '1001');
      const afterPull = await zipStamp(ws.dir);
      const clean = await workspaceStatus(ws.dir, { client: owner });
      assert.equal(clean.sync, 'clean');
      assert.equal(await zipStamp(ws.dir), afterPull, 'the export of the pull was reused');

      // A local edit: still no download, the remote side is unchanged.
      await insertBefore(
        join(ws.dir, 'en-US', 'en-US.trsx'),
        '</samples>',
        '  <sample intentref="ORDER_COFFEE">one local sample</sample>',
      );
      const ahead = await workspaceStatus(ws.dir, { client: owner });
      assert.equal(ahead.sync, 'ahead');
      assert.equal(ahead.behind, 0);
      assert.equal(await zipStamp(ws.dir), afterPull);

      // Someone else appends a sample: the project's updateTime moves, status downloads and sees it.
      await pull(owner, other.dir, '1001');
      await insertBefore(
        join(other.dir, 'fr-CA', 'fr-CA.trsx'),
        '</samples>',
        '  <sample intentref="ORDER_COFFEE">un échantillon distant</sample>',
      );
      const outcome = await executePush(owner, await preparePush(owner, other.dir, { mode: 'append' }));
      assert.equal(outcome.status, 'completed', JSON.stringify(outcome.results.map((r) => r.error)));
      const diverged = await workspaceStatus(ws.dir, { client: owner });
      assert.equal(diverged.sync, 'diverged');
      // metadata.json carries the project's lastModified, so it changes with any content change.
      assert.deepEqual(
        diverged.remote?.map((f) => f.path),
        ['fr-CA/fr-CA.trsx', 'metadata.json'],
      );
      const downloaded = await zipStamp(ws.dir);
      assert.notEqual(downloaded, afterPull, 'a changed project was exported again');
      // Asked again with nothing new: the same answer from the export on disk.
      const again = await workspaceStatus(ws.dir, { client: owner });
      assert.deepEqual(
        again.remote?.map((f) => f.path),
        ['fr-CA/fr-CA.trsx', 'metadata.json'],
      );
      assert.equal(await zipStamp(ws.dir), downloaded);

      // A metadata-only change (a rename) is a remote change too.
      await owner.projects.rename('1001', 'Coffee shop, renamed');
      const renamed = await workspaceStatus(ws.dir, { client: owner });
      assert.deepEqual(
        renamed.remote?.map((f) => f.path),
        ['fr-CA/fr-CA.trsx', 'metadata.json'],
      );
      assert.notEqual(await zipStamp(ws.dir), downloaded, 'a renamed project was exported again');
    } finally {
      await ws.cleanup();
      await other.cleanup();
    }
  });

  test('a damaged or replaced cache record means a fresh export, never a stale answer', async () => {
    const ws = await tempDir();
    try {
      await pull(owner, ws.dir, '1001');
      await writeFile(join(ws.dir, '.cstudio', 'remote.json'), '{ not json');
      const before = await zipStamp(ws.dir);
      assert.equal((await workspaceStatus(ws.dir, { client: owner })).sync, 'clean');
      assert.notEqual(await zipStamp(ws.dir), before, 'exported again');
      const record = JSON.parse(await readFile(join(ws.dir, '.cstudio', 'remote.json'), 'utf8')) as {
        key: { updateTime?: string };
      };
      assert.equal(typeof record.key.updateTime, 'string');
    } finally {
      await ws.cleanup();
    }
  });
});
