// Two folder rules, one owner each (docs/platform-notes.md): a *project folder* has a package's layout, its
// metadata.json (a file) at the root (core/package/projectFolder.ts); a *pulled folder* is one sync manages, with
// `.cstudio/state.json` (a file; core/workspace/pulledFolder.ts). Every detector is driven through the same
// folders here — a real pull from the sandbox, the same files without sync's state (an unzipped export), and
// near misses — and must agree with its owner: Model Health, `cstudio validate`, the training source, sync's root
// search.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cp, mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { folderHealthReport, NotAProjectFolderError } from '../../../src/core/health/report';
import { loadTrainingSource, TrainingSourceError } from '../../../src/core/nlu/evaluation/trainingSource';
import { localNluEngine } from '../../../src/cli/nluEngine';
import { isProjectFolder, isProjectFolderSync, projectFolderOf } from '../../../src/core/package/projectFolder';
import { findWorkspaceRoot } from '../../../src/core/sync/workspace';
import { pull } from '../../../src/core/sync/pull';
import { isPulledFolder } from '../../../src/core/workspace/pulledFolder';
import { cli } from '../helpers/cli';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox';
import { clientFor } from '../platform/support';
import { tempDir } from '../sync/support';

interface Folder {
  name: string;
  dir: string;
  project: boolean;
  pulled: boolean;
}

describe('project folders and pulled folders: one owner each, every detector agrees', () => {
  let sbx: TestSandbox;
  let work: { dir: string; cleanup: () => Promise<void> };
  const folders: Folder[] = [];

  before(async () => {
    sbx = await startTestSandbox();
    work = await tempDir();
    const client = clientFor(sbx, 'owner');
    const pulled = join(work.dir, 'pulled');
    await pull(client, pulled, '1001');
    await client.close();
    const exported = join(work.dir, 'exported');
    await cp(pulled, exported, { recursive: true });
    await rm(join(exported, '.cstudio'), { recursive: true });
    const metadataDir = join(work.dir, 'metadata-is-a-folder');
    await cp(exported, metadataDir, { recursive: true });
    await rm(join(metadataDir, 'metadata.json'));
    await mkdir(join(metadataDir, 'metadata.json'));
    const stateDir = join(work.dir, 'state-is-a-folder');
    await cp(exported, stateDir, { recursive: true });
    await mkdir(join(stateDir, '.cstudio', 'state.json'), { recursive: true });
    const bare = join(work.dir, 'bare');
    await mkdir(join(bare, 'en-US'), { recursive: true });
    await writeFile(join(bare, 'en-US', 'en-US.trsx'), '<project/>');
    folders.push(
      { name: 'a pull', dir: pulled, project: true, pulled: true },
      { name: 'an unzipped export', dir: exported, project: true, pulled: false },
      { name: 'metadata.json is a folder', dir: metadataDir, project: false, pulled: false },
      { name: 'state.json is a folder', dir: stateDir, project: true, pulled: false },
      { name: 'a bare folder', dir: bare, project: false, pulled: false },
    );
  });
  after(async () => {
    await sbx.close();
    await work.cleanup();
  });

  test('the owners', async () => {
    for (const f of folders) {
      assert.equal(await isProjectFolder(f.dir), f.project, f.name);
      assert.equal(isProjectFolderSync(f.dir), f.project, f.name);
      assert.equal(projectFolderOf(join(f.dir, 'en-US', 'en-US.trsx')), f.project ? f.dir : undefined, f.name);
      assert.equal(await isPulledFolder(f.dir), f.pulled, f.name);
    }
  });

  test('Model Health reads exactly the project folders', async () => {
    for (const f of folders) {
      const refused = await folderHealthReport(f.dir, { minSamples: 1 }).then(
        () => false,
        (e: unknown) => e instanceof NotAProjectFolderError,
      );
      assert.equal(refused, !f.project, f.name);
    }
  });

  test('cstudio validate DIR checks exactly the project folders', async () => {
    for (const f of folders) {
      const run = await cli(['validate', f.dir]);
      assert.equal(/is not a project folder/.test(run.stderr), !f.project, `${f.name}: ${run.stderr}`);
    }
  });

  test('the training source (cstudio test nlu, try) takes exactly the project folders', async () => {
    for (const f of folders) {
      const refused = await loadTrainingSource(f.dir, localNluEngine, 'en-US').then(
        () => false,
        (e: unknown) => e instanceof TrainingSourceError && /is not a pulled project folder/.test(e.message),
      );
      assert.equal(refused, !f.project, f.name);
    }
  });

  test("sync's root search finds exactly the pulled folders", async () => {
    for (const f of folders) {
      assert.equal(await findWorkspaceRoot(join(f.dir, 'en-US')), f.pulled ? f.dir : undefined, f.name);
    }
  });
});
