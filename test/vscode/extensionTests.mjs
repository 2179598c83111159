// Running a test bundle in the extension host of a code-server page: the bundle's run() prints its counts after
// RESULT_MARKER (test/vscode/index.ts) and the smoke test driver reports the exit code through
// codeAutomationExit. The suite runner (run.mjs) and the installed-.vsix smoke check (vsix.mjs) both use it.
import { relayConsole } from '../../scripts/code-server.mjs';
import { WORKBENCH_LOAD } from '../e2e/workbench.mjs';

const RESULT_MARKER = 'CSTUDIO_MOCHA_RESULT';

/**
 * Opens the workbench with `developmentPath` as the extension under development and `testsPath` as its tests,
 * relays the page's console, and resolves with the exit code ('timeout' when `timeoutMs` passes first) and the
 * suite's counts (undefined when it printed none).
 */
export async function runExtensionTests(server, browser, workspace, { developmentPath, testsPath, timeoutMs }) {
  const page = await browser.newPage();
  let result;
  relayConsole(page, (line) => {
    if (line.startsWith(RESULT_MARKER)) result = JSON.parse(line.slice(RESULT_MARKER.length));
    else console.log(line);
  });
  const exitCode = new Promise((resolve) => {
    void page.exposeFunction('codeAutomationExit', (code) => resolve(code));
  });
  await page.goto(
    server.url(workspace, [
      ['extensionDevelopmentPath', developmentPath],
      ['extensionTestsPath', testsPath],
    ]),
    WORKBENCH_LOAD,
  );
  let timer;
  const timedOut =
    timeoutMs === undefined
      ? new Promise(() => undefined)
      : new Promise((resolve) => {
          timer = setTimeout(() => resolve('timeout'), timeoutMs);
        });
  const code = await Promise.race([exitCode, timedOut]);
  clearTimeout(timer);
  await new Promise((r) => setTimeout(r, 300)); // trailing console events
  await page.close();
  return { code, result };
}
