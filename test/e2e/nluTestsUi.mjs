// Browser UI check of the NLU tests (issue 29) in real VS Code (code-server), driven by playwright-core with headless
// Chromium, in a copy of the fixture workspace plus a test set (nlu-tests/coffee.csv, one utterance labelled with an
// intent it does not mean): "Test: Run All Tests" runs it against the local engine; the failure is a squiggle on
// its line whose quick fixes offer "Add as a sample of GREET"; "Show Model Evaluation" opens the page, a confused
// cell of the heatmap, clicked, lists its utterance, whose "training samples that pulled it" link offers the samples and opens
// the TRSX line of the one chosen. Screenshots: .screenshots/nlu-tests-quick-fix.png, nlu-evaluation.png.
// test/vscode/run.mjs calls runNluTestsUiCheck() after the other UI checks; `node test/e2e/nluTestsUi.mjs` runs it alone.
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runStandalone } from './standalone.mjs';
import { openPage, openWorkbench, palette, QUICK_INPUT, verdict } from './workbench.mjs';

const SET = 'intent,text\nORDER_COFFEE,a large latte please\nGREET,I want a coffee please\nGREET,hello there\n';

/** The webview frame whose page's first heading contains `text`. */
async function webviewFrame(page, text, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const frame of page.frames()) {
      const h1 = await frame.evaluate(() => document.querySelector('h1')?.textContent ?? '').catch(() => '');
      if (h1.includes(text)) return frame;
    }
    if (Date.now() > deadline) throw new Error(`no webview shows "${text}"`);
    await page.waitForTimeout(250);
  }
}

export async function runNluTestsUiCheck({ server, browser, workspace, root, shotsDir, log = console.log }) {
  mkdirSync(shotsDir, { recursive: true });
  const ws = mkdtempSync(join(tmpdir(), 'cstudio-ws-nlu-'));
  cpSync(workspace, ws, { recursive: true });
  mkdirSync(join(ws, 'nlu-tests'), { recursive: true });
  writeFileSync(join(ws, 'nlu-tests', 'coffee.csv'), SET);
  const { page, shot } = await openPage(browser, shotsDir, log);
  return verdict(
    {
      label: 'UI check (nlu tests)',
      page,
      shot,
      failureShot: 'nlu-tests-ui-failure.png',
      log,
      cleanup: () => rmSync(ws, { recursive: true, force: true }),
    },
    async () => {
      await openWorkbench(page, server, ws, root);
      log('UI (nlu tests): workbench up');

      await page.locator('.activitybar .action-item a[aria-label^="Testing"]').first().click();
      await page
        .locator('.test-explorer .monaco-list-row', { hasText: 'coffee.csv' })
        .first()
        .waitFor({ timeout: 120_000 });
      log('UI (nlu tests): the test set is in the Test Explorer');
      await palette(page, 'Test: Run All Tests', { prefix: '>', pick: 'Run All Tests', waitClosed: true });
      await palette(page, 'coffee.csv', { prefix: '', pick: 'coffee.csv', waitClosed: true });
      await page.locator('.monaco-editor .squiggly-error').first().waitFor({ timeout: 120_000 });
      log('UI (nlu tests): the failure is a squiggle on its line');
      await palette(page, '3:1', { prefix: ':', pick: '', waitClosed: true });
      await page.locator('.statusbar-item', { hasText: 'Ln 3, Col 1' }).first().waitFor({ timeout: 10_000 });
      await palette(page, 'Quick Fix...', { prefix: '>', pick: 'Quick Fix', waitClosed: true });
      await page
        .locator('.action-widget', { hasText: 'Add as a sample of GREET' })
        .first()
        .waitFor({ timeout: 30_000 });
      await page
        .locator('.action-widget', { hasText: 'Show the training samples that pulled it to' })
        .first()
        .waitFor({ timeout: 5_000 });
      log('UI (nlu tests): the quick fixes are offered');
      await shot('nlu-tests-quick-fix.png');
      await page.keyboard.press('Escape');

      await palette(page, 'Conversational Studio: Show Model Evaluation');
      const frame = await webviewFrame(page, 'Model Evaluation');
      await frame.locator('td.wrong a').first().click();
      const list = frame.locator('.cell-list.shown');
      await list.waitFor({ timeout: 15_000 });
      log(`UI (nlu tests): a confused cell lists "${(await list.locator('h3').innerText()).trim()}"`);
      await shot('nlu-evaluation.png');
      await list.locator('a', { hasText: 'training samples that pulled it' }).first().click();
      await page.locator(QUICK_INPUT).waitFor({ state: 'visible', timeout: 30_000 });
      await page
        .locator('.quick-input-widget', { hasText: 'Training samples of' })
        .first()
        .waitFor({ timeout: 30_000 });
      await page.keyboard.press('Enter');
      await page.locator('.tab', { hasText: 'en-US.trsx' }).first().waitFor({ timeout: 30_000 });
      log("UI (nlu tests): a cell's utterance led to a training sample's TRSX line");
    },
  );
}

async function main() {
  await runStandalone('UI check (nlu tests)', runNluTestsUiCheck);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
