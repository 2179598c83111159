// Browser UI check of builds, deployments and bots in real VS Code (code-server), driven by playwright-core
// with headless Chromium, in a window whose workspace makes sandbox jobs last a few seconds (so the build's
// progress can be seen): "Build Project…" from the palette on "Travel Desk", its progress and then its
// one-line outcome in the notification center (.screenshots/build-progress.png, build-report.png); the
// deployment tree of "Coffee Shop Assistant" with each geography's status (deployment-tree.png); "Show
// Integration Details" of the bot configuration coffee-main (bot-integration-details.png); "Deploy…" of coffee-main,
// whose geography pick (both production, none ticked) stays open on Enter with a message saying to tick one (issue
// 26: Enter cancelled silently), then Escape.
// test/vscode/run.mjs calls runDeployUiCheck() after the other UI checks; `node test/e2e/deployUi.mjs` runs it alone.
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
  showNotifications,
  verdict,
} from './workbench.mjs';

export async function runDeployUiCheck({ server, browser, workspace, root, shotsDir, log = console.log }) {
  mkdirSync(shotsDir, { recursive: true });
  // A workspace of its own: jobs of this window's sandbox last 6 s, long enough to photograph a build's progress.
  const slow = mkdtempSync(join(tmpdir(), 'cstudio-ws-deploy-'));
  cpSync(workspace, slow, { recursive: true });
  mkdirSync(join(slow, '.vscode'), { recursive: true });
  writeFileSync(
    join(slow, '.vscode', 'settings.json'),
    JSON.stringify({ 'cstudio.sandbox.jobDurationMs': 6000 }, null, 2),
  );
  const { page, shot } = await openPage(browser, shotsDir, log);
  return verdict(
    {
      label: 'UI check (deploy)',
      page,
      shot,
      failureShot: 'deploy-ui-failure.png',
      log,
      cleanup: () => rmSync(slow, { recursive: true, force: true }),
    },
    async () => {
      await openWorkbench(page, server, slow, root);
      log('UI (deploy): workbench up');
      const tree = await explorerWithRunningSandbox(page);
      await expand(tree, 'Local sandbox', 'Demo Coffee Co.');
      await expand(tree, 'Demo Coffee Co.', 'Travel Desk');

      await palette(page, 'Conversational Studio: Build Project…');
      await answer(page, 'Travel Desk');
      await answer(page); // services: all, as pre-selected
      await answer(page); // notes: none
      await answer(page, 'FAST');
      await answer(page); // data sources: the default
      const center = await showNotifications(page);
      await center
        .locator('.notification-list-item', { hasText: 'Build of "Travel Desk"' })
        .first()
        .waitFor({ timeout: 15_000 });
      await page.waitForTimeout(500); // the palette fades out
      await shot('build-progress.png');
      log("UI (deploy): the build's progress in the notification center");
      const done = center.locator('.notification-list-item', { hasText: /built.*✓/ }).first();
      await done.waitFor({ timeout: 60_000 });
      // The outcome is one short line (nothing cut off); the per-locale report is behind "Show Report".
      const message = done.locator('.notification-list-item-message').first();
      const cut = await message.evaluate((el) => el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1);
      if (cut) throw new Error('the build outcome notification is cut off');
      await page.waitForTimeout(300);
      await shot('build-report.png');
      log(`UI (deploy): build finished: "${(await done.innerText()).replace(/\s+/g, ' ').trim()}"`);
      await palette(page, 'Notifications: Hide Notifications');

      await expand(tree, 'Demo Coffee Co.', 'Applications');
      await expand(tree, /^Applications/, 'Coffee Shop Assistant');
      await expand(tree, 'Coffee Shop Assistant', 'coffee-main');
      await expand(tree, 'coffee-main', 'Sandbox US');
      await tree
        .locator(ROW, { hasText: 'Sandbox US' })
        .filter({ hasText: /deployed/ })
        .first()
        .waitFor({ timeout: 15_000 });
      await shot('deployment-tree.png');
      log('UI (deploy): the deployment tree with statuses');

      await palette(page, 'Conversational Studio: Show Integration Details');
      await answer(page, 'Coffee Shop Assistant');
      await answer(page, 'coffee-main');
      await page.locator('.tab', { hasText: 'Integration' }).first().waitFor({ timeout: 30_000 });
      await page.locator('.view-lines', { hasText: 'Context tag' }).first().waitFor({ timeout: 15_000 });
      await shot('bot-integration-details.png');
      log("UI (deploy): the bot's integration details document");

      await palette(page, 'Conversational Studio: Deploy…');
      const widget = page.locator('.quick-input-widget');
      await widget.waitFor({ state: 'visible', timeout: 15_000 });
      if (
        await widget
          .locator(ROW, { hasText: 'Demo Coffee Co.' })
          .first()
          .isVisible()
          .catch(() => false)
      )
        await answer(page, 'Demo Coffee Co.');
      await answer(page, 'Coffee Shop Assistant');
      await answer(page, 'coffee-main');
      const geographies = widget.filter({ hasText: 'Production EU' });
      await geographies.waitFor({ timeout: 30_000 });
      await page.keyboard.press('Enter');
      await page
        .waitForFunction(
          (sel) =>
            /Tick at least one environment geography/.test(
              document.querySelector(sel)?.getAttribute('placeholder') ?? '',
            ),
          QUICK_INPUT,
          { timeout: 15_000 },
        )
        .catch(() => {
          throw new Error('Enter with no geography ticked did not say to tick one');
        });
      if (!(await geographies.isVisible())) throw new Error('Enter with no geography ticked closed the pick');
      await shot('deploy-pick-required.png');
      await page.keyboard.press('Escape');
      await widget.waitFor({ state: 'hidden', timeout: 15_000 });
      log('UI (deploy): Deploy… with no geography ticked keeps the pick open and says to tick one');
    },
  );
}

async function main() {
  await runStandalone('UI check (deploy)', runDeployUiCheck);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
