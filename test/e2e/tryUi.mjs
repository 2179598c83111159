// Browser UI check of "Try an Utterance" (issue 28) in real VS Code (code-server), driven by playwright-core with
// headless Chromium, in a copy of the fixture workspace: "Pull Project…" Coffee Shop, then "Try an Utterance" on it
// (the project, en-US, a sentence): the Try panel shows the sentence with its entities highlighted, the n-best from
// the local sandbox's runtime and the nearest training samples of the top two intents; a sample's link opens its
// TRSX line. Screenshot: .screenshots/try-panel.png.
// test/vscode/run.mjs calls runTryUiCheck() after the other UI checks; `node test/e2e/tryUi.mjs` runs it alone.
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runStandalone } from './standalone.mjs';
import {
  dismissHover,
  openPage,
  openWorkbench,
  palette,
  QUICK_INPUT,
  ROW,
  sandboxRunning,
  showNotifications,
  verdict,
} from './workbench.mjs';

const PROJECT = 'Coffee Shop';
const WIDGET = '.quick-input-widget';
const SENTENCE = 'I would like a large latte please';

/** Answers the quick input that shows `question`: types `value`, or filters to `pick` and takes its first row. */
async function ask(page, question, { value, pick } = {}) {
  const asking = page.locator(WIDGET).filter({ hasText: question });
  await asking.waitFor({ state: 'visible', timeout: 60_000 });
  const input = page.locator(QUICK_INPUT);
  if (value !== undefined) {
    await input.fill(value);
    await page.waitForFunction(([sel, v]) => document.querySelector(sel)?.value === v, [QUICK_INPUT, value], {
      timeout: 15_000,
    });
  }
  if (pick !== undefined) {
    await input.fill(pick);
    await page.locator(`${WIDGET} .quick-input-list ${ROW}`, { hasText: pick }).first().waitFor({ timeout: 30_000 });
  }
  for (let attempt = 1; ; attempt++) {
    await input.focus();
    await page.keyboard.press('Enter');
    const gone = await asking.waitFor({ state: 'hidden', timeout: 10_000 }).then(
      () => true,
      () => false,
    );
    if (gone) return;
    if (attempt === 3) throw new Error(`the question "${question}" did not take Enter after ${attempt} attempts`);
  }
}

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

export async function runTryUiCheck({ server, browser, workspace, root, shotsDir, log = console.log }) {
  mkdirSync(shotsDir, { recursive: true });
  const ws = mkdtempSync(join(tmpdir(), 'cstudio-ws-try-'));
  cpSync(workspace, ws, { recursive: true });
  const pulled = join(ws, 'try-Coffee-Shop');
  const { page, shot } = await openPage(browser, shotsDir, log);
  return verdict(
    {
      label: 'UI check (try)',
      page,
      shot,
      failureShot: 'try-ui-failure.png',
      log,
      cleanup: () => rmSync(ws, { recursive: true, force: true }),
    },
    async () => {
      await openWorkbench(page, server, ws, root);
      await sandboxRunning(page);
      log('UI (try): workbench up, the local sandbox running');

      await palette(page, 'Conversational Studio: Pull Project…');
      await ask(page, PROJECT, { pick: PROJECT });
      await ask(page, 'Folder to pull into', { value: pulled });
      const center = await showNotifications(page);
      await center
        .locator('.notification-list-item', { hasText: /Pulled project \S+ into \S*try-Coffee-Shop/ })
        .first()
        .waitFor({ timeout: 180_000 });
      await palette(page, 'Notifications: Hide Notifications');
      log(`UI (try): ${PROJECT} pulled into ${pulled}`);

      // The workspace holds two projects (the fixture's and the pulled one): the command asks which.
      await palette(page, 'Conversational Studio: Try an Utterance');
      await ask(page, 'which project', { pick: 'try-Coffee-Shop' });
      await ask(page, 'fr-CA', { pick: 'en-US' }); // the locale pick offers both of the project's locales
      await ask(page, 'A sentence, as a caller would say it', { value: SENTENCE });
      // The first interpretation trains the seeded build, and the explanation the folder's model: seconds each.
      await page.locator('.tab', { hasText: 'Try: I would like a large' }).first().waitFor({ timeout: 180_000 });
      const frame = await webviewFrame(page, 'Try: coffee-main');
      const marked = await frame.evaluate(() =>
        [...document.querySelectorAll('mark.entity')].map((m) => m.textContent ?? ''),
      );
      if (!marked.some((t) => t.startsWith('large latte')))
        throw new Error(`the entities are not highlighted: ${JSON.stringify(marked)}`);
      const intents = await frame.evaluate(() =>
        [...document.querySelectorAll('.candidate .intent')].map((e) => e.textContent ?? ''),
      );
      if (intents[0] !== 'ORDER_COFFEE' || intents.length < 2)
        throw new Error(`the n-best is ${JSON.stringify(intents)}`);
      const why = await frame.evaluate(
        () =>
          [...document.querySelectorAll('h2')].map((e) => e.textContent ?? '').find((t) => t.startsWith('Why')) ?? '',
      );
      if (!/^Why ORDER_COFFEE and not \S+/.test(why)) throw new Error(`no "why A and not B": ${why}`);
      log(`UI (try): ${intents.join(' > ')}; entities ${marked.join(', ')}; ${why}`);
      await dismissHover(page);
      await page.mouse.move(1390, 820);
      await shot('try-panel.png');

      // A nearest sample's link opens its line of the pulled en-US.trsx beside the panel.
      const sampleLink = frame.locator('.nearest a').first();
      await sampleLink.click();
      await page.locator('.tab', { hasText: 'en-US.trsx' }).first().waitFor({ timeout: 30_000 });
      log('UI (try): a nearest sample opened its TRSX line');
    },
  );
}

async function main() {
  await runStandalone('UI check (try)', runTryUiCheck);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
