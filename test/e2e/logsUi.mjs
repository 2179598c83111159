// Browser UI check of event logs in real VS Code (code-server), driven by playwright-core with headless
// Chromium: in the Conversational Studio explorer, "Stream Event Logs…" from the context menu of the seeded
// application "Coffee Shop Assistant" (mode: Follow), then "Simulate Traffic…" from the palette; the records
// arrive as formatted lines in the "Event Logs: COFFEE-DEV" output channel and the status bar counts them
// (.screenshots/event-logs-channel.png). Then "Play Utterance Audio…" opens the player webview
// (.screenshots/utterance-audio-player.png), and "Stop Event Logs" ends the stream.
// test/vscode/run.mjs calls runLogsUiCheck() after the other UI checks; `node test/e2e/logsUi.mjs` runs it alone.
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runStandalone } from './standalone.mjs';
import {
  answer,
  expand,
  explorerWithRunningSandbox,
  openPage,
  openWorkbench,
  palette,
  QUICK_INPUT,
  ROW,
  verdict,
} from './workbench.mjs';

/** Runs a context-menu item of `row`; the menu sometimes takes a moment to accept clicks, so retry. */
async function contextMenu(page, row, item) {
  for (let attempt = 1; ; attempt++) {
    await row.click({ button: 'right' });
    const action = page.locator('.monaco-menu .action-label', { hasText: item }).first();
    await action.waitFor({ timeout: 15_000 });
    await page.waitForTimeout(300);
    await action.click();
    const opened = await page
      .locator(QUICK_INPUT)
      .waitFor({ state: 'visible', timeout: 5000 })
      .then(
        () => true,
        () => false,
      );
    if (opened) return;
    if (attempt >= 3) throw new Error(`"${item}" from the context menu opened nothing`);
    await page.keyboard.press('Escape');
  }
}

/** Waits for the player webview's <audio> to know its duration (seconds). */
async function waitForAudioDuration(page, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const frame of page.frames()) {
      const duration = await frame
        .evaluate(() => {
          const audio = document.querySelector('audio');
          return document.querySelector('h1')?.textContent === 'Utterance audio' && audio ? audio.duration : undefined;
        })
        .catch(() => undefined);
      if (typeof duration === 'number' && duration > 0 && Number.isFinite(duration)) return duration;
    }
    if (Date.now() > deadline) throw new Error('the player webview never showed a playable <audio>');
    await page.waitForTimeout(250);
  }
}

export async function runLogsUiCheck({ server, browser, workspace, root, shotsDir, log = console.log }) {
  mkdirSync(shotsDir, { recursive: true });
  const { page, shot } = await openPage(browser, shotsDir, log);
  return verdict({ label: 'UI check (logs)', page, shot, failureShot: 'logs-ui-failure.png', log }, async () => {
    await openWorkbench(page, server, workspace, root);
    log('UI (logs): workbench up');

    const tree = await explorerWithRunningSandbox(page);
    await expand(tree, 'Local sandbox', 'Demo Coffee Co.');
    await expand(tree, 'Demo Coffee Co.', 'Applications');
    await expand(tree, /^Applications/, 'Coffee Shop Assistant');
    await contextMenu(page, tree.locator(ROW, { hasText: 'Coffee Shop Assistant' }).first(), 'Stream Event Logs…');
    await answer(page, 'Follow');
    log('UI (logs): "Stream Event Logs…" from the application\'s context menu, following');

    await palette(page, 'Conversational Studio: Simulate Traffic…');
    await answer(page, 'Coffee Shop Assistant');
    await answer(page, '12', { type: true });
    const panel = page.locator('.part.panel');
    await panel.locator('.view-lines', { hasText: 'asr-callsummary' }).first().waitFor({ timeout: 60_000 });
    const status = page.locator('.statusbar-item', { hasText: /COFFEE-DEV · [\d,]+ records/ });
    await status.first().waitFor({ timeout: 15_000 });
    await palette(page, 'View: Toggle Maximized Panel');
    await page.waitForTimeout(1000);
    log(`UI (logs): records in the channel; status bar shows "${(await status.first().innerText()).trim()}"`);
    await shot('event-logs-channel.png');
    await palette(page, 'View: Toggle Maximized Panel');

    await palette(page, 'Conversational Studio: Play Utterance Audio…');
    await answer(page, 'audio', { type: false });
    const player = page.locator('.tab', { hasText: 'Utterance Audio' });
    await player.first().waitFor({ timeout: 30_000 });
    // The player's page renders in a nested webview frame; the WAV it plays loads through the webview's
    // resource loader, so a known duration proves the file was served and decoded.
    const duration = await waitForAudioDuration(page);
    log(`UI (logs): the player shows the utterance and its audio element loaded ${duration.toFixed(2)} s`);
    await shot('utterance-audio-player.png');

    await palette(page, 'Conversational Studio: Stop Event Logs');
    await page
      .locator('.statusbar-item', { hasText: /COFFEE-DEV stopped/ })
      .first()
      .waitFor({ timeout: 15_000 });
    log('UI (logs): stream stopped');
  });
}

async function main() {
  await runStandalone('UI check (logs)', runLogsUiCheck);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
