// The release check: `npm run package` builds the .vsix, its contents are checked (vsixContents.mjs), code-server
// installs it with `--install-extension` into a fresh extensions folder, and one code-server started on that
// folder — with no development path — runs a smoke suite against the installed copy: mocha in its extension host
// (test/vscode/smoke/) and a browser look at the activity bar, the explorer and the walkthrough (screenshots in
// .screenshots/). test/vscode/run.mjs calls runVsixCheck() as its last step; `node test/vscode/vsix.mjs` runs it
// alone.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { ensureVscodeEnv } from '../../scripts/vscode-env.mjs';
import { launchChromium, startCodeServer } from '../../scripts/code-server.mjs';
import { runExtensionTests } from './extensionTests.mjs';
import { inspectVsix } from './vsixContents.mjs';
import { WORKBENCH_LOAD } from '../e2e/workbench.mjs';

const SMOKE_TIMEOUT_MS = 90_000;
const tail = (text, n = 40) => text.split('\n').slice(-n).join('\n');

/** `npm run package -- --out <file>` (scripts/package.mjs: the release build in its own folder, then vsce). */
function packageVsix(root, vsixPath) {
  const r = spawnSync('npm', ['run', 'package', '--', '--out', vsixPath], { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`npm run package failed (exit ${r.status}):\n${tail(`${r.stdout}${r.stderr}`)}`);
}

/** `code-server --install-extension`, as a user would, into `extensionsDir`. */
function installVsix(env, vsixPath, extensionsDir, home) {
  const homeEnv = {
    HOME: home,
    XDG_DATA_HOME: join(home, 'xdg'),
    XDG_CONFIG_HOME: join(home, 'xdg'),
    XDG_CACHE_HOME: join(home, 'xdg'),
  };
  const r = spawnSync(
    env.nodeBin,
    [
      env.codeServerEntry,
      '--install-extension',
      vsixPath,
      '--extensions-dir',
      extensionsDir,
      '--user-data-dir',
      join(home, 'user'),
      '--config',
      join(home, 'config.yaml'),
    ],
    { encoding: 'utf8', env: { ...process.env, ...homeEnv } },
  );
  const output = `${r.stdout}${r.stderr}`;
  if (r.status !== 0 || !/successfully installed/.test(output))
    throw new Error(`code-server --install-extension failed (exit ${r.status}):\n${tail(output)}`);
}

/** The smoke entry and its suites, bundled with only `vscode` and mocha external (nothing from src/). */
async function buildSmokeBundle(root, dir) {
  const base = join(root, 'test', 'vscode');
  await esbuild.build({
    entryPoints: [join(base, 'smoke', 'index.ts'), join(base, 'smoke', 'suite', 'installed.test.ts')],
    outdir: dir,
    outbase: base,
    bundle: true,
    platform: 'node',
    target: 'node22',
    format: 'cjs',
    sourcemap: 'inline',
    external: ['vscode', 'mocha'],
    logLevel: 'warning',
  });
  return join(dir, 'smoke', 'index.js');
}

/**
 * VS Code runs `extensionTestsPath` only in an extension development session, so the smoke run names a runner
 * extension with no code as the development path. The extension under test is not it: it is the installed copy,
 * loaded in production mode from the extensions folder (the smoke suite checks both).
 */
function smokeRunnerExtension(dir) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({
      name: 'vsix-smoke-runner',
      publisher: 'cstudio-test',
      version: '0.0.0',
      engines: { vscode: '^1.101.0' },
    }),
  );
  return dir;
}

async function frameWithText(page, text, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const frame of page.frames()) {
      if (
        await frame
          .getByText(text, { exact: true })
          .count()
          .catch(() => 0)
      )
        return frame;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no frame shows "${text}" within ${timeoutMs} ms`);
}

/** The installed extension in the workbench: its activity-bar entry, the running sandbox, the walkthrough. */
async function runSmokeUi(server, browser, workspace, shotsDir, walkthroughTitle, log) {
  mkdirSync(shotsDir, { recursive: true });
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  const shot = (name) => page.screenshot({ path: join(shotsDir, name) });
  try {
    await page.goto(server.url(workspace), WORKBENCH_LOAD);
    await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
    await page
      .getByRole('tab', { name: /Conversational Studio/ })
      .first()
      .click({ timeout: 30_000 });
    const sandboxRow = page
      .locator('.monaco-list-row', { hasText: 'Local sandbox' })
      .filter({ hasText: /running · 127\.0\.0\.1:\d+/ });
    await sandboxRow.waitFor({ timeout: 30_000 });
    // Expanding it lists the demo organization through the platform client, a bundle loaded on first use.
    await sandboxRow.click();
    await page.locator('.monaco-list-row', { hasText: 'Demo Coffee Co.' }).waitFor({ timeout: 30_000 });
    await shot('vsix-explorer.png');
    log(
      'vsix: the activity bar shows Conversational Studio, the explorer a running local sandbox and its demo organization',
    );
    // The walkthrough opened by itself: first run of a fresh installation.
    const walkthrough = page.locator('.gettingStartedContainer', { hasText: 'Start the local sandbox' });
    await walkthrough.waitFor({ timeout: 60_000 });
    // It opened on a running sandbox (or one starting), so its first step is ticked.
    await walkthrough
      .locator('.getting-started-step[data-step-id$="startSandbox"] [role="checkbox"][aria-checked="true"]')
      .waitFor({ timeout: 60_000 });
    log('vsix: the walkthrough\'s "Start the local sandbox" step is ticked');
    // The step's markdown media (media/walkthrough/start-sandbox.md from the .vsix) renders in a webview frame.
    await frameWithText(page, 'The local sandbox', 30_000);
    await shot('walkthrough.png');
    log(`vsix: the walkthrough "${walkthroughTitle}" opens (screenshot ${join(shotsDir, 'walkthrough.png')})`);
    return true;
  } catch (e) {
    log(`vsix: UI smoke check failed: ${e instanceof Error ? e.message : e}`);
    await shot('vsix-failure.png').catch(() => undefined);
    return false;
  } finally {
    await page.close().catch(() => undefined);
  }
}

/**
 * Packages, inspects, installs and smoke-tests the .vsix. `browser` may be shared with the caller (it is not
 * closed here). Returns { passed, failed } (the smoke suite's counts, plus one each for the contents check and
 * the UI check).
 */
export async function runVsixCheck({ env, browser, root, shotsDir = join(root, '.screenshots'), log = console.error }) {
  const tmp = mkdtempSync(join(tmpdir(), 'cstudio-vsix-'));
  const bundleDir = join(root, '.cache', 'vscode-tests', `vsix-${process.pid}`);
  let server;
  let passed = 0;
  let failed = 0;
  // The caller's whole-run guard may end the process mid-check: code-server runs detached, so stop it on exit.
  const cleanup = () => {
    server?.stop();
    rmSync(tmp, { recursive: true, force: true });
    rmSync(bundleDir, { recursive: true, force: true });
  };
  process.on('exit', cleanup);
  try {
    const vsixPath = join(tmp, 'conversational-studio.vsix');
    packageVsix(root, vsixPath);
    const { files, manifest, problems } = inspectVsix(vsixPath, join(root, 'dist'));
    log(`vsix: packaged ${files.length} files, ${(readFileSync(vsixPath).length / 1024).toFixed(0)} KB`);
    if (problems.length) {
      failed++;
      log(`vsix: CONTENTS WRONG:\n  ${problems.join('\n  ')}`);
    } else passed++;

    const extensionsDir = join(tmp, 'extensions');
    installVsix(env, vsixPath, extensionsDir, join(tmp, 'install-home'));
    const extensionId = `${manifest.publisher}.${manifest.name}`;
    log(`vsix: installed ${extensionId} ${manifest.version} with code-server --install-extension`);

    const workspace = join(tmp, 'workspace');
    cpSync(join(root, 'test', 'fixtures', 'workspace'), workspace, { recursive: true });
    writeFileSync(
      join(workspace, 'cstudio-smoke.json'),
      JSON.stringify({ extensionId, version: manifest.version, extensionsDir }),
    );
    // Under the repo (not tmp) so the extension host resolves the external `mocha` from node_modules/.
    const entry = await buildSmokeBundle(root, bundleDir);
    // As after a person's first install: walkthroughs open on install (the tests' default turns that off).
    server = await startCodeServer({
      env,
      extensionsDir,
      log,
      userSettings: { 'workbench.welcomePage.walkthroughs.openOnInstall': true },
    });
    const mocha = await runExtensionTests(server, browser, workspace, {
      developmentPath: smokeRunnerExtension(join(tmp, 'runner')),
      testsPath: entry,
      timeoutMs: SMOKE_TIMEOUT_MS,
    });
    log(
      mocha.code === 'timeout'
        ? `vsix: the smoke suite did not finish within ${SMOKE_TIMEOUT_MS} ms`
        : `vsix: smoke suite finished with exit code ${mocha.code}`,
    );
    const r = mocha.result ?? { passed: 0, failed: 1 };
    if (!mocha.result) log('vsix: the extension host reported no smoke result');
    passed += r.passed;
    failed += r.failed + (mocha.code === 0 || r.failed > 0 ? 0 : 1);
    const walkthroughTitle = manifest.contributes.walkthroughs?.[0]?.title ?? 'Conversational Studio';
    if (await runSmokeUi(server, browser, workspace, shotsDir, walkthroughTitle, log)) passed++;
    else failed++;
  } catch (e) {
    failed++;
    log(`vsix: ${e instanceof Error ? e.message : e}`);
    if (server) log(`--- code-server output ---\n${tail(server.output())}`);
  } finally {
    process.off('exit', cleanup);
    cleanup();
  }
  return { passed, failed };
}

async function main() {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
  const t0 = Date.now();
  const log = (m) => console.error(`[vsix ${((Date.now() - t0) / 1000).toFixed(1)}s] ${m}`);
  const env = await ensureVscodeEnv({ log });
  const home = mkdtempSync(join(tmpdir(), 'cstudio-vsix-browser-'));
  const browser = await launchChromium(env.chromium, {
    homeEnv: { HOME: home, XDG_CONFIG_HOME: home, XDG_CACHE_HOME: home },
  });
  let result = { passed: 0, failed: 1 };
  try {
    result = await runVsixCheck({ env, browser, root, log });
  } finally {
    await browser.close().catch(() => undefined);
    rmSync(home, { recursive: true, force: true });
  }
  log(`done in ${((Date.now() - t0) / 1000).toFixed(1)}s`);
  console.log(`${result.passed} passed, ${result.failed} failed`);
  process.exit(result.failed === 0 ? 0 : 1);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
