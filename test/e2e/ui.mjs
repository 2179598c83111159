// Browser UI check of the extension loaded from source (extensionDevelopmentPath) in real VS Code
// (code-server), driven by playwright-core with headless Chromium: open the Conversational Studio view, see
// the local sandbox node, run "Restart Local Sandbox" from the palette, find its notification in the
// notification center (toasts are hidden under the smoke-test driver), then expand the explorer down to a
// project's intents and run "Create Intent…" from the palette; then "Compare Packages…" on two package zips,
// whose Package Comparison view and side-by-side diff are captured. Screenshots go to .screenshots/.
// test/vscode/run.mjs calls runUiCheck() with its own code-server; `node test/e2e/ui.mjs` runs it alone.
import { mkdirSync, writeFileSync } from 'node:fs';
import { zipSync } from 'fflate';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runStandalone } from './standalone.mjs';
import {
  dismissHover,
  openPage,
  openWorkbench,
  palette,
  QUICK_INPUT,
  showNotifications,
  verdict,
  widenSidebar,
} from './workbench.mjs';

/** The explorer's row whose label is exactly `label` (descriptions follow the label in the row's text). */
function treeRow(page, label) {
  const exact = new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  return page.locator('.pane-body .monaco-list-row', { has: page.locator('.label-name', { hasText: exact }) }).first();
}

async function expand(page, label) {
  const row = treeRow(page, label);
  await row.waitFor({ timeout: 30_000 });
  if ((await row.getAttribute('aria-expanded')) !== 'true') {
    await dismissHover(page);
    await row.click();
    await dismissHover(page);
  }
  await page.waitForFunction((el) => el?.getAttribute('aria-expanded') === 'true', await row.elementHandle(), {
    timeout: 30_000,
  });
}

/**
 * The explorer over the sandbox's demo data: connection → organization → project → Intents, then
 * "Create Intent…" from the palette, answered in its quick pick and input box, and the new intent in the tree.
 */
async function exploreTree(page, shot, shotsDir, log) {
  await page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
  await palette(page, 'Notifications: Hide Notifications');
  await widenSidebar(page, 160);
  for (const label of ['Local sandbox', 'Demo Coffee Co.', 'Coffee Shop', 'Intents']) await expand(page, label);
  await treeRow(page, 'ORDER_COFFEE').waitFor({ timeout: 30_000 });
  await expand(page, 'Entities');
  await expand(page, 'List');
  log(`UI: tree expanded to ${await page.locator('.pane-body .monaco-list-row').count()} rows`);
  await page.mouse.move(900, 600);
  await shot('explorer-tree.png');
  // Small images of just the view, for the README.
  const sidebar = await page.locator('.part.sidebar').boundingBox();
  await page.screenshot({
    path: join(shotsDir, 'explorer-tree-sidebar.png'),
    clip: { x: 0, y: 0, width: sidebar.x + sidebar.width, height: 640 },
  });
  await treeRow(page, 'Coffee Shop').hover();
  await page.locator('.monaco-hover', { hasText: 'Locales (2): en-US, fr-CA' }).waitFor({ timeout: 15_000 });
  await page.screenshot({
    path: join(shotsDir, 'explorer-project-tooltip.png'),
    clip: { x: 0, y: 0, width: sidebar.x + sidebar.width + 260, height: 420 },
  });
  log('screenshots explorer-tree-sidebar.png, explorer-project-tooltip.png');
  await page.mouse.move(900, 600);

  await palette(page, 'Conversational Studio: Create Intent…');
  const input = page.locator(QUICK_INPUT);
  await page.locator('.quick-input-list .monaco-list-row', { hasText: 'Travel Desk' }).waitFor({ timeout: 30_000 });
  await input.fill('Coffee Shop');
  await shot('palette-create-intent.png');
  await page.screenshot({
    path: join(shotsDir, 'palette-create-intent-pick.png'),
    clip: { x: 0, y: 0, width: 1000, height: 640 },
  });
  await page.keyboard.press('Enter');
  await page.locator('.quick-input-widget', { hasText: 'Create Intent in "Coffee Shop"' }).waitFor({ timeout: 30_000 });
  await input.fill('UI_CHECK');
  await page.keyboard.press('Enter');
  await treeRow(page, 'UI_CHECK').waitFor({ timeout: 30_000 });
  log('UI: "Create Intent…" from the palette added UI_CHECK, which the tree shows');
  await page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
  await shot('explorer-new-intent.png');
  await page.screenshot({
    path: join(shotsDir, 'palette-create-intent-result.png'),
    clip: { x: 0, y: 0, width: 1000, height: 640 },
  });
}

/** Two versions of a small project package, written into the workspace for "Compare Packages…". */
function writeComparedPackages(workspace) {
  const enc = (text) => new TextEncoder().encode(text);
  const lines = (xml, indent) => xml.replace(/></g, `>\n${indent}<`);
  const trsx = (intents, dictionary, samples) =>
    enc(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<project xmlns:nuance="https://developer.nuance.com/mix/nlu/trsx" xml:lang="en-US" nuance:version="2.6">
  <ontology>
    <intents>
      ${lines(intents, '      ')}
    </intents>
    <concepts>
      <concept name="COFFEE_SIZE"/>
    </concepts>
  </ontology>
  <dictionaries>
    <dictionary conceptref="COFFEE_SIZE">
      ${lines(dictionary, '      ')}
    </dictionary>
  </dictionaries>
  <samples>
    ${lines(samples, '    ')}
  </samples>
</project>
`);
  const v1 = {
    'metadata.json': enc('{"name": "Coffee Shop"}\n'),
    'dialog.json': enc('{"nodes": []}\n'),
    'en-US/en-US.trsx': trsx(
      '<intent name="ORDER_COFFEE"/><intent name="ASK_HOURS"/>',
      '<entry literal="small" value="S"/><entry literal="venti" value="L"/>',
      '<sample intentref="ORDER_COFFEE" count="1">a <annotation conceptref="COFFEE_SIZE">small</annotation> latte</sample><sample intentref="ASK_HOURS" count="1">when do you open</sample>',
    ),
  };
  const v2 = {
    ...v1,
    'dialog.json': enc('{"nodes": [{"id": "greeting"}]}\n'),
    'en-US/en-US.trsx': trsx(
      '<intent name="ORDER_COFFEE"/><intent name="ASK_HOURS"/><intent name="CANCEL_ORDER"/>',
      '<entry literal="small" value="S"/><entry literal="medium" value="M"/>',
      '<sample intentref="ORDER_COFFEE" count="3">a <annotation conceptref="COFFEE_SIZE">small</annotation> latte</sample><sample intentref="ASK_HOURS" count="1">when do you open</sample><sample intentref="CANCEL_ORDER" count="1">cancel my order</sample>',
    ),
  };
  mkdirSync(join(workspace, 'packages'), { recursive: true });
  const a = join(workspace, 'packages', 'coffee-v1.zip');
  const b = join(workspace, 'packages', 'coffee-v2.zip');
  writeFileSync(a, zipSync(v1));
  writeFileSync(b, zipSync(v2));
  return { a, b };
}

/** VS Code's own file dialog in the browser is a quick input titled `title`: type the path, press OK. */
async function answerFileDialog(page, title, path) {
  const dialog = page.locator('.quick-input-widget', { hasText: title });
  await dialog.waitFor({ state: 'visible', timeout: 30_000 });
  // It fills in its starting folder once that is listed; typing before then would be overwritten.
  await dialog.locator('.quick-input-list .monaco-list-row', { hasText: '..' }).first().waitFor({ timeout: 15_000 });
  await dialog.locator('input').fill(path);
  // The dialog validates the typed path before OK accepts it.
  await dialog
    .locator('.quick-input-list .monaco-list-row', { hasText: basename(path) })
    .first()
    .waitFor({ timeout: 15_000 });
  await dialog.locator('.monaco-button', { hasText: 'OK' }).click();
  await dialog.waitFor({ state: 'hidden', timeout: 30_000 });
}

/**
 * "Compare Packages…" on two zips from the palette: the Package Comparison view lists the files that differ
 * with the semantic report under the TRSX file, and a file opens side by side.
 */
async function comparePackages(page, shot, shotsDir, workspace, log) {
  const { a, b } = writeComparedPackages(workspace);
  await palette(page, 'Conversational Studio: Compare Packages…');
  await page
    .locator('.quick-input-list .monaco-list-row', { hasText: 'Two Package Zips' })
    .first()
    .click({ timeout: 30_000 });
  await answerFileDialog(page, 'the first package zip', a);
  await answerFileDialog(page, 'the second package zip', b);
  await treeRow(page, 'en-US/en-US.trsx').waitFor({ timeout: 30_000 });
  // The comparison shares the side bar with the platform explorer: fold the explorer to give it room.
  const explorerHeader = page.locator('.pane-header[aria-expanded="true"]', { hasText: /^Explorer/i });
  if (await explorerHeader.count()) await explorerHeader.first().click();
  await page
    .locator('.pane-body .monaco-list-row', { hasText: 'sample "cancel my order" of CANCEL_ORDER' })
    .first()
    .waitFor({ timeout: 30_000 });
  log('UI: Compare Packages lists en-US/en-US.trsx with its semantic changes');
  await treeRow(page, 'en-US/en-US.trsx').click();
  await page
    .locator('.monaco-diff-editor .view-lines', { hasText: 'cancel my order' })
    .first()
    .waitFor({ timeout: 30_000 });
  await page.mouse.move(1300, 850);
  await shot('package-comparison.png');
  const sidebar = await page.locator('.part.sidebar').boundingBox();
  await page.screenshot({
    path: join(shotsDir, 'package-comparison-view.png'),
    clip: { x: 0, y: 0, width: sidebar.x + sidebar.width, height: 640 },
  });
  log('screenshot package-comparison-view.png');
}

/**
 * Runs the check in a new page of `browser` against `server`. Returns { ok } or { ok: true, skipped } when
 * Chromium is missing (never a silent pass: the reason is returned and printed).
 */
export async function runUiCheck({ server, browser, workspace, root, shotsDir, log = console.log }) {
  mkdirSync(shotsDir, { recursive: true });
  const { page, shot } = await openPage(browser, shotsDir, log);
  return verdict({ label: 'UI check', page, shot, failureShot: 'ui-check-failure.png', log }, async () => {
    await openWorkbench(page, server, workspace, root);
    log('UI: workbench up');

    await page
      .getByRole('tab', { name: /Conversational Studio/ })
      .first()
      .click({ timeout: 30_000 });
    const sandboxRow = page.locator('.monaco-list-row', { hasText: 'Local sandbox' });
    await sandboxRow.filter({ hasText: /running · 127\.0\.0\.1:\d+/ }).waitFor({ timeout: 30_000 });
    log(`UI: explorer shows "${(await sandboxRow.first().innerText()).replace(/\s+/g, ' ')}"`);
    await shot('explorer-local-sandbox.png');

    // Stopped, the tree is empty and the view's welcome content offers the start.
    await palette(page, 'Conversational Studio: Stop Local Sandbox');
    const startButton = page.locator('.welcome-view-content a, .welcome-view-content .monaco-button', {
      hasText: 'Start Local Sandbox',
    });
    await startButton.first().waitFor({ timeout: 30_000 });
    await shot('explorer-welcome.png');
    await startButton.first().click();
    await sandboxRow.filter({ hasText: /running · 127\.0\.0\.1:\d+/ }).waitFor({ timeout: 30_000 });
    log('UI: stopped → welcome view → "Start Local Sandbox" → running again');

    await palette(page, 'Conversational Studio: Restart Local Sandbox');
    const center = await showNotifications(page);
    await center
      .filter({ hasText: /Local sandbox restarted at http:\/\/127\.0\.0\.1:\d+/ })
      .waitFor({ timeout: 30_000 });
    await sandboxRow.filter({ hasText: /running · 127\.0\.0\.1:\d+/ }).waitFor({ timeout: 30_000 });
    log('UI: restart notification found in the notification center');
    await page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
    await shot('restart-notification.png');

    const status = page.locator('.statusbar-item', { hasText: /Sandbox :\d+/ });
    await status.first().waitFor({ timeout: 10_000 });
    log(`UI: status bar shows "${(await status.first().innerText()).trim()}"`);

    await exploreTree(page, shot, shotsDir, log);
    await comparePackages(page, shot, shotsDir, workspace, log);
  });
}

async function main() {
  await runStandalone('UI check', runUiCheck);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
