import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox';
import { clientFor, rejectsWith } from '../platform/support';
import type { PlatformClient } from '../../../src/core/platform/client';
import { ZipSafetyError } from '../../../src/core/package/zipSafety';
import { comparePackagePaths } from '../../../src/core/sync/packageComparison';
import { ZipFiles } from '../../../src/core/sync/packageFiles';
import { integrate, pull } from '../../../src/core/sync/pull';
import { preparePush, executePush } from '../../../src/core/sync/push';
import { PushRefusedError } from '../../../src/core/sync/pushErrors';
import { restoreBackup } from '../../../src/core/sync/restore';
import { WorkspacePaths } from '../../../src/core/workspace/workspacePaths';
import { ZipArchive } from '../../../src/core/package/zipArchive';
import { remoteFiles, tempDir } from './support';

const enc = new TextEncoder();

function maliciousZip(name: string): Uint8Array {
  return zipSync({ 'metadata.json': enc.encode('{}'), [name]: enc.encode('pwned') });
}

describe('packages that try to escape', () => {
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

  test('a zip-slip archive is refused when opened, compared, or pulled from, and nothing is written', async () => {
    const ws = await tempDir();
    try {
      const evil = join(ws.dir, 'evil.zip');
      await writeFile(evil, maliciousZip('../escaped.txt'));
      await rejectsWith(ZipArchive.open(evil), ZipSafetyError);
      await mkdir(join(ws.dir, 'folder'));
      await rejectsWith(comparePackagePaths(evil, join(ws.dir, 'folder')), ZipSafetyError);

      const stateDir = join(ws.dir, 'state-target');
      await writeFile(join(ws.dir, 'state.zip'), maliciousZip('.cstudio/state.json'));
      const files = await ZipFiles.open(join(ws.dir, 'state.zip'));
      try {
        const remote = { files, path: join(ws.dir, 'state.zip'), bytes: 0, restrictedVisible: false };
        await rejectsWith(
          integrate(owner, new WorkspacePaths(stateDir), undefined, remote, { id: '1001' }),
          ZipSafetyError,
        );
      } finally {
        await files.close();
      }
      assert.deepEqual(
        (await readdir(ws.dir)).sort(),
        ['evil.zip', 'folder', 'state.zip'],
        'nothing escaped, nothing was unpacked',
      );
      assert.equal((await readdir(join(ws.dir, 'folder'))).length, 0);
    } finally {
      await ws.cleanup();
    }
  });

  test('a planted backup that tries zip slip is refused before anything is sent', async () => {
    const ws = await tempDir();
    try {
      await pull(owner, ws.dir, '1001');
      const before = await remoteFiles(owner, '1001');
      const paths = new WorkspacePaths(ws.dir);
      await mkdir(paths.backupsDir, { recursive: true });
      await writeFile(
        join(paths.backupsDir, '2030-01-01T00-00-00-000Z-1001-before-replace.zip'),
        maliciousZip('../../outside.txt'),
      );
      await rejectsWith(restoreBackup(owner, ws.dir, undefined), ZipSafetyError);
      const afterFiles = await remoteFiles(owner, '1001');
      assert.deepEqual(afterFiles.get('en-US/en-US.trsx'), before.get('en-US/en-US.trsx'));
    } finally {
      await ws.cleanup();
    }
  });
});

describe('restricted files', () => {
  let sbx: TestSandbox;
  let owner: PlatformClient;
  let ps: PlatformClient;
  before(async () => {
    sbx = await startTestSandbox();
    owner = clientFor(sbx, 'owner');
    ps = clientFor(sbx, 'ps');
  });
  after(async () => {
    await owner.close();
    await ps.close();
    await sbx.close();
  });

  test('a push never deletes restricted files its pull could not see', async () => {
    const ws = await tempDir();
    try {
      await pull(owner, ws.dir, '1001');
      const restricted = [...(await remoteFiles(ps, '1001')).keys()]
        .filter((p) => p.includes('grammars/') || p.includes('_tmfe'))
        .sort();
      assert.ok(restricted.length > 0);
      const dialog = join(ws.dir, 'dialog.json');
      await writeFile(
        dialog,
        JSON.stringify({ ...(JSON.parse(await readFile(dialog, 'utf8')) as object), edited: true }),
      );

      // A professional-services user pushing a folder a regular user pulled would replace restricted files too.
      const refused = await rejectsWith(preparePush(ps, ws.dir, { mode: 'replace' }), PushRefusedError);
      assert.equal(refused.reason, 'remoteChanged');
      assert.match(refused.message, /restricted files your last pull could not see/);

      // The editor no longer calls the absent grammar an error; a user who adds one anyway must not send it.
      const before = await remoteFiles(ps, '1001');
      await mkdir(join(ws.dir, 'en-US', 'grammars'), { recursive: true });
      await writeFile(join(ws.dir, 'en-US', 'grammars', 'PICKUP_TIME.grxml'), '<grammar/>');
      const prepared = await preparePush(owner, ws.dir, { mode: 'replace' });
      assert.deepEqual(
        prepared.plan.operations.map((o) => o.kind),
        ['packageReplace'],
      );
      const listed = prepared.plan.operations.flatMap((o) => [...o.adds, ...o.changes, ...o.deletes]);
      assert.deepEqual(
        listed.filter((l) => l.includes('grammars/') || l.includes('_tmfe') || l.includes('_client_prons')),
        [],
        'no restricted file in the plan',
      );
      const outcome = await executePush(owner, prepared);
      assert.equal(outcome.status, 'completed', JSON.stringify(outcome.results));
      const now = await remoteFiles(ps, '1001');
      assert.deepEqual(
        [...now.keys()].filter((p) => restricted.includes(p)).sort(),
        restricted,
        'the restricted files are all still there',
      );
      for (const p of restricted) assert.deepEqual(now.get(p), before.get(p), `${p} unchanged`);
      assert.match(new TextDecoder().decode(now.get('dialog.json')), /"edited":true/);
    } finally {
      await ws.cleanup();
    }
  });
});
