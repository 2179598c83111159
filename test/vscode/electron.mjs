// The same extension-host suites, run by @vscode/test-electron in a downloaded desktop VS Code — for machines
// that can reach Microsoft's update servers (this project's CI cannot; it uses test/vscode/run.mjs with
// code-server instead). Not part of `npm test`.
//   node test/vscode/electron.mjs            VSCODE_VERSION=stable|insiders|1.101.0 (default: stable)
// A display is needed (use xvfb-run on a headless Linux box). The download is cached in .vscode-test/.
import { runTests } from '@vscode/test-electron';
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildExtension, buildTestBundle, tempWorkspace } from './run.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
buildExtension();
const bundleDir = join(root, '.cache', 'vscode-tests', `electron-${process.pid}`);
const extensionTestsPath = await buildTestBundle(bundleDir);
const workspace = tempWorkspace();
let code = 1;
try {
  code = await runTests({
    version: process.env.VSCODE_VERSION || 'stable',
    extensionDevelopmentPath: root,
    extensionTestsPath,
    launchArgs: [
      workspace,
      '--disable-extensions',
      '--disable-workspace-trust',
      '--skip-welcome',
      '--skip-release-notes',
    ],
  });
} catch (e) {
  console.error(`@vscode/test-electron could not run the tests: ${e instanceof Error ? e.message : e}`);
  console.error('Without internet access use the code-server runner: node test/vscode/run.mjs');
} finally {
  rmSync(workspace, { recursive: true, force: true });
  rmSync(bundleDir, { recursive: true, force: true });
}
process.exit(code);
