// The package layout's names (core/package/layout.ts) and a pulled folder's private names
// (core/workspace/workspacePaths.ts) have one owner each (issue 31). A second copy that drifts shows up here as a
// disagreement: the sandbox's export, the pull that writes it, the language server that reads it and the unpacking
// that guards it are all asked about one real pulled folder, named only through the owners.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdir, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { nodeFileSystem } from '../../../src/core/language/fileSystem';
import { LanguageServices } from '../../../src/core/language/languageServices';
import { WorkspaceFiles } from '../../../src/core/language/server/workspaceFiles';
import {
  classifyPackagePath,
  DIALOG_FILE,
  GRAMMARS_FOLDER,
  METADATA_FILE,
  trsxPath,
  validatePackageLayout,
} from '../../../src/core/package/layout';
import { assertUnpackable } from '../../../src/core/package/unpack';
import type { PlatformClient } from '../../../src/core/platform/client';
import { pull } from '../../../src/core/sync/pull';
import { BASE_FOLDER, STATE_DIR, STATE_FILE, WorkspacePaths } from '../../../src/core/workspace/workspacePaths';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox';
import { clientFor } from '../platform/support';
import { tempDir } from '../sync/support';

let sbx: TestSandbox;
let ps: PlatformClient;
let folder: { dir: string; cleanup: () => Promise<void> };

before(async () => {
  sbx = await startTestSandbox();
  ps = clientFor(sbx, 'ps');
  folder = await tempDir();
  await pull(ps, folder.dir, '1001');
});
after(async () => {
  await ps.close();
  await sbx.close();
  await folder.cleanup();
});

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (e.isFile()) out.push(relative(folder.dir, join(e.parentPath, e.name)).split(sep).join('/'));
  }
  return out.sort();
}

describe('one owner for the package layout and the .cstudio names', () => {
  test('the sandbox export, as pulled, is laid out exactly as the layout owner says', async () => {
    const files = (await filesUnder(folder.dir)).filter((p) => !p.startsWith(`${STATE_DIR}/`));
    assert.ok(files.includes(METADATA_FILE) && files.includes(DIALOG_FILE));
    for (const locale of ['en-US', 'fr-CA']) assert.ok(files.includes(trsxPath(locale)), `${trsxPath(locale)} pulled`);
    assert.ok(
      files.some((p) => p.startsWith(`en-US/${GRAMMARS_FOLDER}/`)),
      'a professional-services pull holds grammars',
    );
    assert.deepEqual(
      files.filter((p) => classifyPackagePath(p).kind === 'unknown'),
      [],
      'no file the layout does not know',
    );
    assert.deepEqual(
      validatePackageLayout(files).filter((i) => i.severity !== 'info'),
      [],
    );
  });

  test('the pull keeps its state where workspacePaths names it', async () => {
    const paths = new WorkspacePaths(folder.dir);
    assert.equal(paths.stateFile, join(folder.dir, STATE_DIR, STATE_FILE));
    assert.ok((await stat(paths.stateFile)).isFile());
    assert.equal(paths.baseDir, join(folder.dir, STATE_DIR, BASE_FOLDER));
    assert.ok((await stat(paths.baseFile(trsxPath('en-US')))).isFile(), 'the base copy is under base/');
  });

  test('the language server finds the locales and grammars by the same names, and skips the state folder', async () => {
    const services = new LanguageServices(nodeFileSystem);
    const project = services.projects.projectOf(join(folder.dir, METADATA_FILE));
    assert.ok(project, 'metadata.json makes it a project');
    assert.deepEqual(
      project.locales.map((l) => [l.locale, l.trsxPath]),
      ['en-US', 'fr-CA'].map((l) => [l, join(folder.dir, ...trsxPath(l).split('/'))]),
    );
    assert.ok(project.grammars.length > 0);
    for (const g of project.grammars)
      assert.equal(classifyPackagePath(`${g.locale}/${g.relative}`).kind, 'grammar', g.relative);
    const listed = new WorkspaceFiles(nodeFileSystem);
    listed.setRoots([folder.dir]);
    assert.ok(listed.list().length > 0);
    assert.deepEqual(
      listed.list().filter((p) => p.includes(`${sep}${STATE_DIR}${sep}`)),
      [],
      'nothing from the private folder',
    );
  });

  test('unpacking refuses a package entry in the private folder', () => {
    assert.throws(() => assertUnpackable([`${STATE_DIR}/${STATE_FILE}`]), new RegExp(`private \\${STATE_DIR}/ folder`));
    assert.doesNotThrow(() => assertUnpackable([METADATA_FILE, trsxPath('en-US')]));
  });
});
