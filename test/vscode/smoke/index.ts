// The test entry of the installed-.vsix smoke run (test/vscode/vsix.mjs): the same mocha runner as ../index.ts.
// It is bundled into <out>/smoke/index.js, so the suites it runs (`suite/*.test.js` beside it) are the smoke
// suites only.
import { run as runSuites } from '../index';

export function run(): Promise<void> {
  // CSTUDIO_TEST_GREP selects tests of the main run; it reaches this extension host too, and must not thin out
  // the smoke suite (this process serves the smoke window only).
  delete process.env.CSTUDIO_TEST_GREP;
  return runSuites();
}
