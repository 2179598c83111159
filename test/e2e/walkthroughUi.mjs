// Browser UI check of the first-run walkthrough in real VS Code (code-server), on an empty workspace as `npm start`
// opens: "Welcome: Open Walkthrough…" → "Get Started with Conversational Studio"; the sandbox step is ticked at
// once (the sandbox started by itself before the walkthrough was opened by hand), and so is the explorer step (the
// view was shown before it opened); its button shows the view; then "Pull Project…"
// started from the walkthrough shows its project list, which must stay open while the walkthrough is (it used to
// close by itself: the step completed as the command started and the walkthrough took the focus back) — the
// check picks Travel Desk (the demo Coffee Shop stays as seeded for the discover check), accepts the folder, and the
// step is ticked when the pull is done. Then, away from the walkthrough's buttons (issue 26): Push… from the palette
// with nothing changed says "Nothing to push" without a question and ticks nothing; the pulled TRSX, edited on disk
// and shown in an editor, ticks "Edit a TRSX file" though the walkthrough's tab has the focus again, and a push from
// the palette ticks "Push your changes". Screenshots of each step: .screenshots/walkthrough-1-sandbox.png …
// walkthrough-5-pushed.png.
// test/vscode/run.mjs calls runWalkthroughUiCheck() with the other UI checks; `node test/e2e/walkthroughUi.mjs` runs it alone.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runStandalone } from './standalone.mjs';
import {
  answer,
  notificationTexts,
  openPage,
  openWorkbench,
  palette,
  QUICK_INPUT,
  ROW,
  sandboxRunning,
  showNotifications,
  verdict,
} from './workbench.mjs';

const TITLE = 'Get Started with Conversational Studio';
const PROJECT = 'Travel Desk';
const FOLDER = '1002-Travel-Desk';

export async function runWalkthroughUiCheck({ server, browser, root, shotsDir, log = console.log }) {
  mkdirSync(shotsDir, { recursive: true });
  const empty = mkdtempSync(join(tmpdir(), 'cstudio-ws-walkthrough-'));
  const { page, shot } = await openPage(browser, shotsDir, log);
  return verdict(
    {
      label: 'UI check (walkthrough)',
      page,
      shot,
      failureShot: 'walkthrough-ui-failure.png',
      log,
      cleanup: () => rmSync(empty, { recursive: true, force: true }),
    },
    async () => {
      await openWorkbench(page, server, empty, root);
      await sandboxRunning(page);
      log('UI (walkthrough): workbench up, the local sandbox running');
      // The explorer is already showing too when the walkthrough is opened below: its step must be ticked at once.
      await palette(page, 'Conversational Studio: Focus on Explorer View', { pick: 'Focus on Explorer View' });
      await page.locator(ROW, { hasText: 'Local sandbox' }).first().waitFor({ timeout: 30_000 });

      await palette(page, 'Welcome: Open Walkthrough...');
      await page.locator(`.quick-input-list ${ROW}`, { hasText: TITLE }).first().click({ timeout: 30_000 });
      const walkthrough = page.locator('.gettingStartedContainer', { hasText: 'Start the local sandbox' });
      await walkthrough.waitFor({ timeout: 30_000 });
      const step = (id) => walkthrough.locator(`.getting-started-step[data-step-id$="${id}"]`);
      await trackStepFocus(page);
      const select = async (id) => {
        await step(id).click();
        await settled(page);
      };
      const ticked = (id) => step(id).locator('[role="checkbox"][aria-checked="true"]').waitFor({ timeout: 60_000 });
      const unticked = async (id) =>
        (await step(id).locator('[role="checkbox"]').first().getAttribute('aria-checked')) !== 'true';

      // 1. The sandbox started by itself before the walkthrough was opened here by hand. VS Code does not tick an
      // onContext step whose condition held when it registered the walkthrough; the extension sets a key of its own
      // once a walkthrough tab is open (walkthroughFeature.ts), so the step is ticked at once. (Without it, the step
      // stayed unticked in every run.) The first-run path, where the extension opens the walkthrough itself, is
      // asserted by the .vsix check (test/vscode/vsix.mjs).
      await ticked('startSandbox');
      await ticked('exploreDemo');
      await shot('walkthrough-1-sandbox.png');
      log(
        'UI (walkthrough): "Start the local sandbox" and "Explore the demo project" ticked as the walkthrough opens by hand on a running sandbox and an open explorer',
      );

      // 2. The step's button shows the explorer.
      await select('exploreDemo');
      await step('exploreDemo').getByText('Open the Explorer', { exact: true }).click({ timeout: 15_000 });
      await page.locator(ROW, { hasText: 'Local sandbox' }).first().waitFor({ timeout: 30_000 });
      await shot('walkthrough-2-explorer.png');
      log("UI (walkthrough): the explorer step's button shows the explorer");

      // 3. Pull Project… from the walkthrough: its list of projects stays open until a project is picked.
      await select('pullProject');
      if (!(await unticked('pullProject'))) throw new Error('the pull step is ticked before anything was pulled');
      await step('pullProject').getByText('Pull Project…', { exact: true }).click({ timeout: 15_000 });
      const projects = page.locator('.quick-input-widget', { hasText: 'Pull Project' });
      await projects.locator(`.quick-input-list ${ROW}`, { hasText: PROJECT }).first().waitFor({ timeout: 30_000 });
      if (!(await unticked('pullProject')))
        throw new Error(
          'the pull step was ticked as the command started (the walkthrough then takes the focus and closes the pick)',
        );
      await shot('walkthrough-3-pull-pick.png');
      // The list is still there, focused: typing filters it and Enter picks the project.
      await page.locator(QUICK_INPUT).fill(PROJECT);
      await projects.locator(`.quick-input-list ${ROW}`, { hasText: PROJECT }).first().waitFor({ timeout: 15_000 });
      // Count Enter keys reaching the walkthrough's steps: the Enter that picks the project must not. It did when the
      // answered pick was hidden at once, which hands the focus back to the step's button before the key is released:
      // the button acts on the key's release (keyup), re-selects its step and takes the focus from the folder question
      // a moment later, so the next Enter went to the walkthrough and the question stayed open (CI, 3 Enters).
      await page.evaluate(() => {
        window.cstudioStepKeys = 0;
        document.addEventListener(
          'keyup',
          (e) => {
            if (e.key === 'Enter' && e.target instanceof Element && e.target.closest('.getting-started-step'))
              window.cstudioStepKeys++;
          },
          true,
        );
      });
      await page.keyboard.press('Enter');
      // The same widget turns into the folder question, with the focus in its box.
      await page.waitForFunction((sel) => /Travel-Desk$/.test(document.querySelector(sel)?.value ?? ''), QUICK_INPUT, {
        timeout: 30_000,
      });
      await page
        .waitForFunction((sel) => document.activeElement === document.querySelector(sel), QUICK_INPUT, {
          timeout: 30_000,
        })
        .catch(() => {
          throw new Error('the folder question opened without the focus in its box');
        });
      const stepKeys = await page.evaluate(() => window.cstudioStepKeys);
      if (stepKeys !== 0)
        throw new Error(`the Enter that picked the project reached the walkthrough (${stepKeys} time(s))`);
      // The last question's Enter: its box hides and the focus goes back to the step's button, which may get the key's
      // release (on a loaded machine it comes after the hide) and select its step again: `settled` waits for that.
      await page.keyboard.press('Enter');
      await page
        .locator('.quick-input-widget')
        .waitFor({ state: 'hidden', timeout: 30_000 })
        .catch(() => {
          throw new Error('the folder question did not close on Enter (the focus left its box)');
        });
      await settled(page);
      log(`UI (walkthrough): Pull Project from the walkthrough: ${PROJECT} picked, folder accepted`);

      // 4. The step is ticked when the pull is done (a pulled project in the window).
      await ticked('pullProject');
      await shot('walkthrough-4-pulled.png');
      log('UI (walkthrough): "Pull the project into a folder" ticked after the pull');

      // 5. Push… from the palette with nothing changed: said at once, no mode or lock question, nothing ticked.
      await paletteSettled(page, 'Conversational Studio: Push…', 'Push…', '>', true);
      const center = await showNotifications(page);
      await settled(page);
      await center
        .locator('.notification-list-item', { hasText: `Nothing to push: ${FOLDER} matches the platform` })
        .first()
        .waitFor({ timeout: 60_000 })
        .catch(async () => {
          throw new Error(
            `no "Nothing to push" message; notifications: ${JSON.stringify(await notificationTexts(page))}`,
          );
        });
      if (await page.locator('.quick-input-widget', { hasText: 'How should the changes be sent?' }).isVisible())
        throw new Error('Push asked the mode with nothing to push');
      await page.keyboard.press('Escape');
      if (!(await unticked('pushChanges'))) throw new Error('the push step was ticked by a push that sent nothing');
      log('UI (walkthrough): Push with nothing to push says so at once and asks nothing');

      // 6. A sample added to the pulled TRSX (on disk), the file shown in an editor beside the walkthrough; then a push
      // from the palette. Both steps tick though neither ran from the walkthrough, and with its tab focused.
      const trsx = join(empty, FOLDER, 'en-US', 'en-US.trsx');
      const text = readFileSync(trsx, 'utf8');
      const intent = /<intent name="([^"]+)"/.exec(text)?.[1];
      if (!intent || !text.includes('</samples>')) throw new Error(`${trsx} has no intent or samples section`);
      writeFileSync(
        trsx,
        text.replace('</samples>', `  <sample intentref="${intent}">a walkthrough sample</sample>\n  </samples>`),
      );
      await paletteSettled(page, join(FOLDER, 'en-US', 'en-US.trsx'), 'en-US.trsx', '', true);
      await page.locator('.tab', { hasText: 'en-US.trsx' }).first().waitFor({ timeout: 30_000 });
      await paletteSettled(page, 'Conversational Studio: Push…', 'Push…');
      await answer(page, 'Append');
      await answer(page, 'Push without locking');
      const dialog = page.locator('.monaco-dialog-box', { hasText: new RegExp(`Send \\d+ operations? to ${PROJECT}`) });
      await dialog.waitFor({ timeout: 60_000 });
      await dialog.locator('.monaco-button', { hasText: /^Push$/ }).click();
      await dialog.waitFor({ state: 'hidden', timeout: 15_000 });
      const pushed = await showNotifications(page);
      await settled(page);
      await pushed
        .locator('.notification-list-item', { hasText: /Push completed: 1 of 1 operation/ })
        .first()
        .waitFor({ timeout: 120_000 })
        .catch(async () => {
          throw new Error(`no push outcome; notifications: ${JSON.stringify(await notificationTexts(page))}`);
        });
      await page.keyboard.press('Escape');
      // Back to the walkthrough (its tab went back to the Welcome page's start when the push's documents opened).
      await palette(page, 'Welcome: Open Walkthrough...');
      await page.locator(`.quick-input-list ${ROW}`, { hasText: TITLE }).first().click({ timeout: 30_000 });
      await walkthrough.waitFor({ timeout: 30_000 });
      await ticked('editTrsx');
      await ticked('pushChanges');
      await shot('walkthrough-5-pushed.png');
      log(
        'UI (walkthrough): "Edit a TRSX file" and "Push your changes" ticked by a file shown in an editor and a push from the palette',
      );
    },
  );
}

/**
 * VS Code selects a walkthrough step when it is clicked or when an Enter or Space is released on it, and focuses the
 * step 250 ms later (gettingStarted's selectStep: `setTimeout(() => step.focus(), 250)` while animations are on).
 * A quick pick opened in that window loses the focus and closes. It happened here in most runs: a step clicked 50 ms
 * before its button (faster than a person), and the palette's Enter: the palette hides on the key's press, the
 * focus goes back to the step's button, which gets the key's release and selects its step again; the next command's
 * box opened within the 250 ms and closed. So the page records each such selection and its focus, and `settled`
 * waits until every selection has had its focus before the check goes on.
 */
async function trackStepFocus(page) {
  await page.evaluate(() => {
    const pending = (window.cstudioPendingSteps = []);
    const selecting = (target) => {
      const dispatch = target instanceof Element ? target.closest('[x-dispatch]') : null;
      const id = dispatch?.getAttribute('x-dispatch')?.match(/^selectTask:(.+)$/)?.[1];
      if (id) pending.push(id);
    };
    // A step's buttons (.monaco-button) stop their click from reaching the step; a key's release does reach it.
    document.addEventListener(
      'click',
      (e) => {
        if (!(e.target instanceof Element && e.target.closest('.monaco-button'))) selecting(e.target);
      },
      true,
    );
    document.addEventListener(
      'keyup',
      (e) => {
        if (e.key === 'Enter' || e.key === ' ') selecting(e.target);
      },
      true,
    );
    // The last focus moves and keys, for the message of a check that fails on a box closing under it.
    const history = (window.cstudioFocusHistory = []);
    const note = (what) => {
      history.push(`${Math.round(performance.now())} ${what}`);
      if (history.length > 60) history.shift();
    };
    const describe = (el) =>
      el instanceof Element
        ? `${el.tagName.toLowerCase()}.${String(el.className).split(' ').slice(0, 2).join('.')}${el.closest('.quick-input-widget') ? ' (quick input)' : ''}${el.closest('.getting-started-step') ? ` (step ${el.closest('.getting-started-step').getAttribute('data-step-id')?.split('#').pop()})` : ''}`
        : String(el);
    for (const type of ['keydown', 'keyup', 'focusin'])
      document.addEventListener(type, (e) => note(`${type} ${e.key ?? ''} ${describe(e.target)}`), true);
    window.addEventListener('blur', () => note(`window blur, active ${describe(document.activeElement)}`));
    const focus = HTMLElement.prototype.focus;
    HTMLElement.prototype.focus = function (...args) {
      note(`focus() ${describe(this)}`);
      const at = pending.indexOf(this.getAttribute('data-step-id'));
      if (this.classList.contains('getting-started-step') && at >= 0) pending.splice(at, 1);
      return focus.apply(this, args);
    };
  });
}

async function settled(page) {
  await page
    .waitForFunction(() => window.cstudioPendingSteps.length === 0, null, { timeout: 15_000 })
    .catch(async () => {
      throw new Error(
        `walkthrough steps selected but never focused: ${await page.evaluate(() => window.cstudioPendingSteps.join(', '))}`,
      );
    });
}

/**
 * `palette`, then `settled`: the palette's Enter may select a walkthrough step (see trackStepFocus). Once in CI the
 * palette, opened right after a TRSX file was, closed before its text was typed; not seen in 8 runs at a load of 15
 * since. It is opened once more then, and the focus history is printed, so a next occurrence can be read.
 */
async function paletteSettled(page, text, pick, prefix = '>', waitClosed = false) {
  for (let attempt = 1; ; attempt++) {
    try {
      await palette(page, text, { pick, prefix });
      break;
    } catch (e) {
      const closed = await page.locator(QUICK_INPUT).isHidden();
      if (attempt === 2 || !closed)
        throw new Error(`${e.message}\nfocus history:\n${(await focusHistory(page)).join('\n')}`);
      console.log(
        `walkthrough check: the palette closed before "${text}" was typed; opening it again. Focus history:\n${(await focusHistory(page)).join('\n')}`,
      );
    }
  }
  // The box closing (the command asks nothing): the next F1 must not land in its fade-out (the input is inert then).
  if (waitClosed) await page.locator('.quick-input-widget').waitFor({ state: 'hidden', timeout: 15_000 });
  await settled(page);
}

async function focusHistory(page) {
  return page.evaluate(() => window.cstudioFocusHistory ?? []);
}

async function main() {
  await runStandalone('UI check (walkthrough)', runWalkthroughUiCheck);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
