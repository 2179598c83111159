// The extension-host tier, in one command: `node test/vscode/run.mjs`.
// Builds the extension and the test bundle, makes sure the real VS Code (code-server + Node 24, cached per
// user) and headless Chromium are there, runs the mocha suites inside the real extension host, then the
// browser UI check (test/e2e/ui.mjs) against the same code-server. Ends with "N passed, N failed".
//   CSTUDIO_TEST_GREP=<text>  only tests whose title matches     SKIP_UI=1  skip the UI check
//   TEST_TIMEOUT_MS=<ms>      whole-run guard (default 1800000)   VERBOSE=1  show workbench noise too
//   KEEP_TMP=1                keep code-server's temp folder (user data, logs) for inspection
//   SKIP_VSIX=1               skip the last step: package the .vsix, install it, smoke-test the installed copy
//   SKIP_BUNDLE=1             use the dist/extension.js already built (as scripts/test.mjs does)
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { ensureVscodeEnv, missingForUser } from '../../scripts/vscode-env.mjs';
import { skipMessage, TIER_SKIPPED_EXIT } from '../../scripts/prerequisites.mjs';
import { launchChromium, startCodeServer } from '../../scripts/code-server.mjs';
import { runExtensionTests } from './extensionTests.mjs';
import { runUiCheck } from '../e2e/ui.mjs';
import { runLanguageUiCheck } from '../e2e/languageUi.mjs';
import { runVsixCheck } from './vsix.mjs';
import { runLogsUiCheck } from '../e2e/logsUi.mjs';
import { runDeployUiCheck } from '../e2e/deployUi.mjs';
import { runWalkthroughUiCheck } from '../e2e/walkthroughUi.mjs';
import { runDiscoverUiCheck } from '../e2e/discoverUi.mjs';
import { runTryUiCheck } from '../e2e/tryUi.mjs';
import { runNluTestsUiCheck } from '../e2e/nluTestsUi.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
// Not under out/: scripts/test.mjs empties out/ at every unit run, and other runs may be going on in this
// tree; one folder per run so two runs never share a bundle.
const outDir = join(root, '.cache', 'vscode-tests', `run-${process.pid}`);
const t0 = Date.now();
const lap = (m) => console.error(`[vscode-tier ${((Date.now() - t0) / 1000).toFixed(1)}s] ${m}`);

/** Bundles the mocha entry and every suite (with the src/ modules they import); vscode and mocha stay external. */
export async function buildTestBundle(dir = outDir) {
  const suiteDir = join(root, 'test', 'vscode', 'suite');
  const suites = readdirSync(suiteDir)
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => join(suiteDir, f));
  rmSync(dir, { recursive: true, force: true });
  await esbuild.build({
    entryPoints: [join(root, 'test', 'vscode', 'index.ts'), ...suites],
    outdir: dir,
    outbase: join(root, 'test', 'vscode'),
    bundle: true,
    platform: 'node',
    target: 'node22',
    format: 'cjs',
    sourcemap: 'inline',
    external: ['vscode', 'mocha'],
    logLevel: 'warning',
  });
  return join(dir, 'index.js');
}

export function buildExtension() {
  const r = spawnSync(process.execPath, [join(root, 'esbuild.mjs')], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('building the extension (node esbuild.mjs) failed');
}

/** A throw-away copy of test/fixtures/workspace. */
export function tempWorkspace() {
  const dir = mkdtempSync(join(tmpdir(), 'cstudio-ws-'));
  cpSync(join(root, 'test', 'fixtures', 'workspace'), dir, { recursive: true });
  return dir;
}

async function main() {
  // Without the Debian packages (and no root to install them) nothing below can run: say so, and how to fix it.
  const missing = missingForUser();
  if (missing.length > 0) {
    console.log(skipMessage(missing));
    process.exit(TIER_SKIPPED_EXIT);
  }
  let server;
  let browser;
  const workspace = tempWorkspace();
  const cleanup = async () => {
    try {
      await browser?.close();
    } catch {
      /* already closed */
    }
    server?.stop();
    rmSync(workspace, { recursive: true, force: true });
    rmSync(outDir, { recursive: true, force: true });
  };
  for (const signal of ['SIGINT', 'SIGTERM'])
    process.on(signal, () => {
      void cleanup().then(() => process.exit(130));
    });
  let guard;
  let timedOut = false;

  let mocha = { code: 1, result: undefined };
  // A step is "skipped" only when the user asked for it; otherwise it did not run (yet), which a failure explains.
  let ui = process.env.SKIP_UI ? { ok: true, skipped: 'SKIP_UI=1' } : { ok: false, notRun: true };
  let vsix = process.env.SKIP_VSIX
    ? { passed: 0, failed: 0, skipped: 'SKIP_VSIX=1' }
    : { passed: 0, failed: 0, notRun: true };
  // What stopped the run before the tests ran (the install of code-server, the build, code-server's start).
  let stage = 'building the extension and the test bundle';
  let failure;
  try {
    if (!process.env.SKIP_BUNDLE) buildExtension();
    const testsEntry = await buildTestBundle();
    lap('extension and test bundles built');
    // The first install (minutes, once per machine) is not part of the run's time budget.
    stage = 'installing VS Code (code-server, scripts/vscode-env.mjs)';
    const env = await ensureVscodeEnv({ log: (m) => lap(m) });
    stage = 'starting code-server and Chromium';
    guard = setTimeout(() => {
      timedOut = true;
      console.error(
        `extension-host tier timed out after ${timeoutMs} ms\n--- code-server output ---\n${server?.output() ?? ''}`,
      );
      void cleanup().then(() => process.exit(124));
    }, timeoutMs);
    server = await startCodeServer({ env, log: lap });
    lap(`code-server listening on ${server.port}`);
    browser = await launchChromium(env.chromium, server);
    lap('workbench loading; tests run in the extension host');
    stage = 'running the extension-host tests';
    mocha = await runExtensionTests(server, browser, workspace, { developmentPath: root, testsPath: testsEntry });
    lap(`extension host finished with exit code ${mocha.code}`);
    if (!process.env.SKIP_UI) {
      stage = 'running the UI checks';
      const context = { server, browser, workspace, root, shotsDir: join(root, '.screenshots'), log: lap };
      ui = await runUiCheck(context);
      // Each runs whatever the ones before it gave, in this order: the discover check comes last because it pushes
      // to the sandbox's Coffee Shop project, which the checks before it read as seeded.
      const laterChecks = [
        runLanguageUiCheck,
        runLogsUiCheck,
        runDeployUiCheck,
        runWalkthroughUiCheck,
        runTryUiCheck,
        runNluTestsUiCheck,
        runDiscoverUiCheck,
      ];
      let ok = ui.ok;
      for (const check of laterChecks) ok = (await check(context)).ok && ok;
      ui = { ok };
    }
    if (!process.env.SKIP_VSIX) {
      stage = 'checking the installed .vsix';
      lap('installed .vsix: npm run package, code-server --install-extension, smoke suite (test/vscode/vsix.mjs)');
      vsix = await runVsixCheck({ env, browser, root, log: lap });
    }
    stage = undefined;
  } catch (e) {
    failure = { stage, message: e instanceof Error ? e.message : String(e) };
    console.error(e instanceof Error ? e.stack : e);
    if (server && !mocha.result) console.error(`--- code-server output ---\n${server.output()}`);
  } finally {
    clearTimeout(guard);
    await cleanup();
  }
  // The guard closed the browser under the checks still running: what they returned is not a verdict (a run cut
  // short this way used to end "N passed, 0 failed" with exit 0, the unfinished checks never counted).
  if (timedOut) {
    console.log(
      `timed out after ${timeoutMs} ms: the run is incomplete (raise TEST_TIMEOUT_MS on a loaded machine)\n0 passed, 1 failed`,
    );
    process.exit(124);
  }
  if (failure) {
    // The cause first and last, so the summary line is never read without it.
    const cause = `FAILED while ${failure.stage}: ${failure.message.split('\n')[0]}`;
    lap(cause);
    const notRun = [
      mocha.result ? undefined : 'extension-host tests',
      ui.notRun ? 'UI checks' : undefined,
      vsix.notRun ? 'installed .vsix check' : undefined,
    ].filter(Boolean);
    if (notRun.length) lap(`not run because of that: ${notRun.join(', ')}`);
    if (!mocha.result) {
      console.log(`extension-host tier ${cause}\n0 passed, 1 failed (the tests did not run)`);
      process.exit(1);
    }
  }
  if (ui.skipped) lap(`UI check skipped: ${ui.skipped}`);
  else if (!ui.notRun) lap(`UI check ${ui.ok ? 'passed' : 'FAILED'}`);
  // No result line means the entry never ran its suites (bundle missing, host crashed): count that as a failure.
  const r = mocha.result ?? { passed: 0, failed: 1 };
  if (!mocha.result) lap('the extension host reported no mocha result');
  lap(`done in ${((Date.now() - t0) / 1000).toFixed(1)}s`);
  if (vsix.skipped) lap(`installed .vsix check skipped: ${vsix.skipped}`);
  else if (!vsix.notRun) lap(`installed .vsix check: ${vsix.passed} passed, ${vsix.failed} failed`);
  const failed = r.failed + (ui.ok || ui.notRun ? 0 : 1) + vsix.failed + (failure ? 1 : 0);
  console.log(
    `${r.passed + (ui.ok && !ui.skipped ? 1 : 0) + vsix.passed} passed, ${failed} failed${failure ? ` (${failure.stage} failed, see above)` : ''}`,
  );
  process.exit(!failure && mocha.code === 0 && mocha.result && ui.ok && vsix.failed === 0 ? 0 : 1);
}

// A safety net only: the tier takes about five minutes on a quiet 2-core machine and several times that under load
// (15 minutes at load average 14, before the discover check was added).
const timeoutMs = Number(process.env.TEST_TIMEOUT_MS || 1_800_000);
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
