// Browser UI check of TRSX language support in real VS Code (code-server), driven by playwright-core with headless
// Chromium: open a TRSX file of the test workspace's project, wait for its diagnostics (squiggles and the Problems
// panel), show the hover of an intent reference, and take the screenshot the README uses
// (.screenshots/trsx-diagnostics-hover.png). Then test a sentence against a grammar with "Test Grammar…" and
// screenshot the report. Last, auto-closing tags with the workbench typing fast (issue 26: at 30-60 ms a key close tags
// were dropped, and once the keys went on both sides of one): nested open tags typed at 30, 10 and 0 ms a key into a
// scratch TRSX, each line then saved and compared with what a person typing slowly gets. test/vscode/run.mjs calls
// runLanguageUiCheck() after ui.mjs; `node test/e2e/languageUi.mjs` runs it alone.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runStandalone } from './standalone.mjs';
import { openPage, openWorkbench, palette, QUICK_INPUT, verdict } from './workbench.mjs';

/** 1-based line and column of `needle` (+ delta) in a file. */
function lineColumn(file, needle, delta) {
  const text = readFileSync(file, 'utf8');
  const at = text.indexOf(needle) + delta;
  const before = text.slice(0, at).split('\n');
  return { line: before.length, column: (before.at(-1)?.length ?? 0) + 1 };
}

export async function runLanguageUiCheck({ server, browser, workspace, root, shotsDir, log = console.log }) {
  mkdirSync(shotsDir, { recursive: true });
  const { page, shot } = await openPage(browser, shotsDir, log);
  // Written before the workbench loads: Quick Open's file index can miss a file created later (it said "No matching
  // results" for one, in a full run).
  writeFileSync(join(workspace, SCRATCH), SCRATCH_LINES.join('\n'));
  return verdict(
    { label: 'UI check (language)', page, shot, failureShot: 'language-ui-failure.png', log },
    async () => {
      await openWorkbench(page, server, workspace, root);
      log('UI (language): workbench up');

      await palette(page, 'en-US.trsx', { prefix: '', pick: 'en-US.trsx', waitClosed: true });
      const editor = page.locator('.editor-instance .monaco-editor').first();
      await editor.waitFor({ timeout: 30_000 });
      await page.locator('.monaco-editor .squiggly-error').first().waitFor({ timeout: 30_000 });
      await page.locator('.monaco-editor .squiggly-warning').first().waitFor({ timeout: 30_000 });
      log('UI (language): TRSX squiggles shown');

      await palette(page, 'View: Focus Problems (Errors, Warnings, Infos)', {
        prefix: '>',
        pick: 'Focus Problems',
        waitClosed: true,
      });
      const problems = page.locator('.markers-panel');
      await problems.filter({ hasText: /GREET/ }).first().waitFor({ timeout: 30_000 });
      log('UI (language): the Problems panel lists the TRSX diagnostics');

      // Back to the editor, cursor on the undeclared intent reference, then the hover. Going to a line is a
      // keystroke into a quick input that can land before the editor has focus, so the status bar confirms the
      // cursor's position, and the whole step is tried again when the hover does not come.
      const at = lineColumn(
        join(root, 'test', 'fixtures', 'workspace', 'coffee-shop', 'en-US', 'en-US.trsx'),
        'intentref="GREET"',
        'intentref="GR'.length,
      );
      const hover = page.locator('.monaco-hover').filter({ hasText: /Intent/ });
      const greetHover = hover.filter({ hasText: /GREET[\s\S]*Samples — en-US: 1 sample · fr-CA: 1 sample/ }).first();
      for (let attempt = 1; ; attempt++) {
        try {
          await palette(page, 'View: Focus Active Editor Group', {
            prefix: '>',
            pick: 'Focus Active Editor Group',
            waitClosed: true,
          });
          await palette(page, `${at.line}:${at.column}`, { prefix: ':', pick: '', waitClosed: true });
          await page
            .locator('.statusbar-item', { hasText: `Ln ${at.line}, Col ${at.column}` })
            .first()
            .waitFor({ timeout: 10_000 });
          await palette(page, 'Show or Focus Hover', { prefix: '>', pick: 'Show or Focus Hover', waitClosed: true });
          await greetHover.waitFor({ timeout: 10_000 });
          break;
        } catch (e) {
          if (attempt === 3) throw e;
          log(
            `UI (language): no hover on attempt ${attempt} (${e instanceof Error ? e.message.split('\n')[0] : e}); again`,
          );
          await page.keyboard.press('Escape');
        }
      }
      await page.waitForTimeout(600); // the hover fades in
      await shot('trsx-diagnostics-hover.png');
      log(`UI (language): hover shows "${(await hover.first().innerText()).replace(/\s+/g, ' ').slice(0, 160)}…"`);

      await palette(page, 'yesno.grxml', { prefix: '', pick: 'yesno.grxml', waitClosed: true });
      await page
        .locator('.monaco-editor .codelens-decoration', { hasText: 'Test Grammar' })
        .first()
        .waitFor({ timeout: 30_000 });
      await palette(page, 'Conversational Studio: Test Grammar…', {
        prefix: '>',
        pick: 'Test Grammar',
        waitClosed: true,
      });
      await page.locator(QUICK_INPUT).waitFor({ state: 'visible' });
      await page.locator(QUICK_INPUT).fill('yeah please');
      await page.keyboard.press('Enter');
      await page.locator('.monaco-editor .view-lines', { hasText: 'ACCEPTED' }).first().waitFor({ timeout: 30_000 });
      log('UI (language): Test Grammar shows the ACCEPTED report beside the grammar');
      await shot('grammar-test-report.png');

      await checkAutoCloseWhileTypingFast(page, workspace, log);
    },
  );
}

const SCRATCH = 'autoclose.trsx';
const SCRATCH_LINES = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  '<project xmlns:nuance="https://developer.nuance.com/mix/nlu/trsx" xml:lang="en-US" nuance:version="2.6">',
  '  <samples>',
  '    ',
  '    ',
  '    ',
  '    ',
  '  </samples>',
  '</project>',
  '',
];
/** What the keys type (open tags and text only) and what the line must then hold: every close tag, in order. */
const typed = (word) => `<sample intentref="ORDER">a <annotation conceptref="SIZE">${word}`;
const expectedLine = (word) => `    ${typed(word)}!</annotation></sample>`;
/** Per typing speed (ms a key), a word of its own, so each round waits for its own line. */
const ROUNDS = [
  [30, 'large'],
  [10, 'small'],
  [0, 'grande'],
];

/**
 * Types nested open tags on blank lines of a scratch TRSX at 30, 10 and 0 ms a key (playwright's keyboard.type), waits for both
 * close tags to show, types `!` (it must land where the cursor was left: before the close tags), saves, and compares
 * the lines on disk.
 */
async function checkAutoCloseWhileTypingFast(page, workspace, log) {
  const file = join(workspace, SCRATCH);
  await palette(page, 'autoclose.trsx', { prefix: '', pick: 'autoclose.trsx', waitClosed: true });
  await page.locator('.tab.active', { hasText: 'autoclose.trsx' }).waitFor({ timeout: 30_000 });
  for (const [i, [delay, word]] of ROUNDS.entries()) {
    const line = 4 + i;
    await palette(page, 'View: Focus Active Editor Group', {
      prefix: '>',
      pick: 'Focus Active Editor Group',
      waitClosed: true,
    });
    await palette(page, `${line}:5`, { prefix: ':', pick: '', waitClosed: true });
    await page
      .locator('.statusbar-item', { hasText: `Ln ${line}, Col 5` })
      .first()
      .waitFor({ timeout: 10_000 });
    await page.keyboard.type(typed(word), { delay });
    // Both close tags, in order, after the text: what the editor shows once every answer has landed.
    await page
      .locator('.monaco-editor .view-line', { hasText: `${word}</annotation></sample>` })
      .first()
      .waitFor({ timeout: 30_000 })
      .catch(async () => {
        throw new Error(`typing at ${delay} ms a key: the line is not closed: ${await editorLines(page)}`);
      });
    await page.keyboard.type('!');
    await page
      .locator('.monaco-editor .view-line', { hasText: `${word}!</annotation></sample>` })
      .first()
      .waitFor({ timeout: 30_000 })
      .catch(async () => {
        throw new Error(
          `typing at ${delay} ms a key: the cursor was not left before the close tags: ${await editorLines(page)}`,
        );
      });
    log(`UI (language): typed at ${delay} ms a key, both close tags inserted in order, the cursor in front of them`);
  }
  await page.keyboard.press('Control+S');
  const expected = [
    ...SCRATCH_LINES.slice(0, 3),
    ...ROUNDS.map(([, word]) => expectedLine(word)),
    ...SCRATCH_LINES.slice(3 + ROUNDS.length),
  ].join('\n');
  for (let attempt = 0; readFileSync(file, 'utf8') !== expected; attempt++) {
    if (attempt === 100)
      throw new Error(
        `autoclose.trsx on disk is not what was typed:\n${readFileSync(file, 'utf8')}\nexpected:\n${expected}`,
      );
    await page.waitForTimeout(100); // the save reaching the disk; a safety net of 10 s
  }
  log('UI (language): autoclose.trsx saved with every line exactly as typed slowly');
}

async function editorLines(page) {
  const lines = await page.locator('.editor-instance .monaco-editor .view-line').allInnerTexts();
  return JSON.stringify(lines.map((l) => l.replace(/\u00a0/g, ' ')));
}

async function main() {
  await runStandalone('UI check (language)', runLanguageUiCheck);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
