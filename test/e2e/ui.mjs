// Browser UI check of the extension loaded from source (extensionDevelopmentPath) in real VS Code
// (code-server), driven by playwright-core with headless Chromium: open the Conversational Studio view, see
// the local sandbox node, run "Restart Local Sandbox" from the palette, find its notification in the
// notification center (toasts are hidden under the smoke-test driver). Screenshots go to .screenshots/.
// test/vscode/run.mjs calls runUiCheck() with its own code-server; `node test/e2e/ui.mjs` runs it alone.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureVscodeEnv, findChromium } from '../../scripts/vscode-env.mjs';
import { launchChromium, startCodeServer } from '../../scripts/code-server.mjs';

const PALETTE_INPUT = '.quick-input-widget input';

async function runPaletteCommand(page, title) {
  await page.keyboard.press('F1');
  const input = page.locator(PALETTE_INPUT);
  await input.waitFor({ state: 'visible' });
  await input.fill(`>${title}`);
  await page.locator('.quick-input-list .monaco-list-row', { hasText: title }).first().waitFor();
  await page.keyboard.press('Enter');
}

/**
 * Runs the check in a new page of `browser` against `server`. Returns { ok } or { ok: true, skipped } when
 * Chromium is missing (never a silent pass: the reason is returned and printed).
 */
export async function runUiCheck({ server, browser, workspace, root, shotsDir, log = console.log }) {
  mkdirSync(shotsDir, { recursive: true });
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  const shot = async (name) => { await page.screenshot({ path: join(shotsDir, name) }); log(`screenshot ${join(shotsDir, name)}`); };
  try {
    await page.goto(server.url(workspace, [['extensionDevelopmentPath', root]]));
    await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
    log('UI: workbench up');

    await page.getByRole('tab', { name: /Conversational Studio/ }).first().click({ timeout: 30_000 });
    const sandboxRow = page.locator('.monaco-list-row', { hasText: 'Local sandbox' });
    await sandboxRow.filter({ hasText: /running · 127\.0\.0\.1:\d+/ }).waitFor({ timeout: 30_000 });
    log(`UI: explorer shows "${(await sandboxRow.first().innerText()).replace(/\s+/g, ' ')}"`);
    await shot('explorer-local-sandbox.png');

    // Stopped, the tree is empty and the view's welcome content offers the start.
    await runPaletteCommand(page, 'Conversational Studio: Stop Local Sandbox');
    const startButton = page.locator('.welcome-view-content a, .welcome-view-content .monaco-button', { hasText: 'Start Local Sandbox' });
    await startButton.first().waitFor({ timeout: 30_000 });
    await shot('explorer-welcome.png');
    await startButton.first().click();
    await sandboxRow.filter({ hasText: /running · 127\.0\.0\.1:\d+/ }).waitFor({ timeout: 30_000 });
    log('UI: stopped → welcome view → "Start Local Sandbox" → running again');

    await runPaletteCommand(page, 'Conversational Studio: Restart Local Sandbox');
    await runPaletteCommand(page, 'Notifications: Show Notifications');
    const center = page.locator('.notifications-center');
    await center.filter({ hasText: /Local sandbox restarted at http:\/\/127\.0\.0\.1:\d+/ }).waitFor({ timeout: 30_000 });
    await sandboxRow.filter({ hasText: /running · 127\.0\.0\.1:\d+/ }).waitFor({ timeout: 30_000 });
    log('UI: restart notification found in the notification center');
    await page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
    await shot('restart-notification.png');

    const status = page.locator('.statusbar-item', { hasText: /Sandbox :\d+/ });
    await status.first().waitFor({ timeout: 10_000 });
    log(`UI: status bar shows "${(await status.first().innerText()).trim()}"`);
    return { ok: true };
  } catch (e) {
    log(`UI check failed: ${e instanceof Error ? e.message : e}`);
    try { await shot('ui-check-failure.png'); } catch { /* page gone */ }
    return { ok: false };
  } finally {
    await page.close().catch(() => undefined);
  }
}

async function main() {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
  if (!findChromium()) {
    console.log('UI check SKIPPED: Chromium not found (install Debian\'s `chromium` or set CHROMIUM=/path/to/chromium)');
    process.exit(0);
  }
  if (spawnSync(process.execPath, [join(root, 'esbuild.mjs')], { cwd: root, stdio: 'inherit' }).status !== 0) process.exit(1);
  const env = await ensureVscodeEnv();
  const workspace = mkdtempSync(join(tmpdir(), 'cstudio-ws-'));
  cpSync(join(root, 'test', 'fixtures', 'workspace'), workspace, { recursive: true });
  const server = await startCodeServer({ env });
  let browser;
  let result = { ok: false };
  try {
    browser = await launchChromium(env.chromium, server);
    result = await runUiCheck({ server, browser, workspace, root, shotsDir: join(root, '.screenshots') });
  } finally {
    await browser?.close().catch(() => undefined);
    server.stop();
    rmSync(workspace, { recursive: true, force: true });
  }
  console.log(`UI check ${result.ok ? 'passed' : 'FAILED'}`);
  process.exit(result.ok ? 0 : 1);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
