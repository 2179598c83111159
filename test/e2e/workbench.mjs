// What the UI checks do to the VS Code workbench (code-server in headless Chromium, through playwright-core):
// run a palette command, expand an explorer row, and turn a check's run into its verdict. One copy here, so
// that a workbench change (a selector, a timing) is fixed once for every check.
import { join } from 'node:path';

export const QUICK_INPUT = '.quick-input-widget input';

/**
 * How a check navigates to the workbench: the document is enough (the checks then wait for what they need), and
 * a loaded machine can take minutes to serve code-server's first page — a safety net, not an expectation.
 */
export const WORKBENCH_LOAD = { waitUntil: 'domcontentloaded', timeout: 180_000 };
export const ROW = '.monaco-list-row';

/**
 * Runs `text` from the quick open box: a command (prefix `>`, F1), a file (prefix '', Ctrl+P) or a line:column
 * (prefix ':'). Waits for a row with `pick` (by default the command title without its category; '' waits for
 * none) before accepting; `waitClosed` then waits for the box to close (not for commands that ask a question
 * right away).
 */
export async function palette(
  page,
  text,
  { prefix = '>', pick = text.replace(/^Conversational Studio: /, ''), waitClosed = false } = {},
) {
  await page.keyboard.press(prefix === '>' ? 'F1' : 'Control+P');
  const input = page.locator(QUICK_INPUT);
  await input.waitFor({ state: 'visible' });
  await input.fill(`${prefix}${text}`);
  if (pick) await page.locator(`.quick-input-list ${ROW}`, { hasText: pick }).first().waitFor({ timeout: 30_000 });
  await page.keyboard.press('Enter');
  if (waitClosed) await input.waitFor({ state: 'hidden', timeout: 15_000 }).catch(() => undefined);
}

/**
 * Opens the notification center and returns it. Under load the palette's Enter is sometimes lost (the check then
 * waited minutes for an item in a center that was never shown, while the item sat in a toast), so the command is
 * run again until the center is visible; "Show Notifications" is idempotent.
 */
export async function showNotifications(page) {
  const center = page.locator('.notifications-center.visible');
  for (let attempt = 1; ; attempt++) {
    await palette(page, 'Notifications: Show Notifications');
    if (
      await center.waitFor({ timeout: 10_000 }).then(
        () => true,
        () => false,
      )
    )
      return center;
    if (attempt === 3)
      throw new Error(`the notification center did not open after ${attempt} "Show Notifications" commands`);
  }
}

/** The texts of the notifications shown now (center and toasts), for an error saying what was there instead. */
export async function notificationTexts(page) {
  const items = await page.locator('.notification-list-item').allInnerTexts();
  return items.map((t) => t.replace(/\s+/g, ' ').trim());
}

/**
 * Answers the quick pick or input box now showing: picks the row with `text` (with `type`, types `text` as an
 * input box's value instead), or, without `text`, accepts what is offered.
 */
export async function answer(page, text, { type = false } = {}) {
  const input = page.locator(QUICK_INPUT);
  await input.waitFor({ state: 'visible', timeout: 15_000 });
  // The question may still be taking the place of the one just answered, in the same widget.
  await page.waitForTimeout(300);
  if (text !== undefined) {
    await input.fill(text);
    if (!type) await page.locator(`.quick-input-list ${ROW}`, { hasText: text }).first().waitFor({ timeout: 15_000 });
  }
  await page.keyboard.press('Enter');
}

/** Expands the explorer row with `label` (a click toggles it) and waits for a child row with `child`. */
export async function expand(tree, label, child) {
  const row = tree.locator(ROW, { hasText: label }).first();
  await row.waitFor({ timeout: 30_000 });
  if ((await row.getAttribute('aria-expanded')) !== 'true') {
    await dismissHover(tree.page());
    await row.click();
    // The pointer stays on the row it clicked; on a slow machine that row's tooltip then opens below it, over
    // the next row to click. Move it off the tree so no tooltip is pending.
    await dismissHover(tree.page());
  }
  await tree.locator(ROW, { hasText: child }).first().waitFor({ timeout: 30_000 });
}

/** Moves the pointer to the title bar and closes any hover it left open, so the hover cannot take a click. */
export async function dismissHover(page) {
  await page.mouse.move(700, 5);
  const hover = page.locator('.context-view .monaco-hover, .workbench-hover-container').first();
  if (await hover.isVisible().catch(() => false)) {
    await page.keyboard.press('Escape');
    await hover.waitFor({ state: 'hidden', timeout: 10_000 }).catch(() => undefined);
  }
}

/** Drags the sash between the side bar and the editor so descriptions fit on screen. */
export async function widenSidebar(page, by) {
  const box = await page.locator('.part.sidebar').boundingBox();
  const x = box.x + box.width + 1;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + by / 2, y);
  await page.mouse.move(x + by, y);
  await page.mouse.up();
}

/** Opens the workbench on `folder` with the extension under development, and waits until it is drawn. */
export async function openWorkbench(page, server, folder, root) {
  await page.goto(server.url(folder, [['extensionDevelopmentPath', root]]), WORKBENCH_LOAD);
  await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
}

/** Waits for the status bar's `Sandbox :port` item: the local sandbox is running (a first start can take minutes under load). */
export async function sandboxRunning(page) {
  await page
    .locator('.statusbar-item', { hasText: /Sandbox :\d+/ })
    .first()
    .waitFor({ timeout: 180_000 });
}

/** Shows the Conversational Studio container; its explorer tree, once the tree's Local sandbox row says running. */
export async function explorerWithRunningSandbox(page) {
  await page
    .getByRole('tab', { name: /Conversational Studio/ })
    .first()
    .click({ timeout: 30_000 });
  const tree = page
    .locator('.pane-body')
    .filter({ has: page.locator(ROW, { hasText: 'Local sandbox' }) })
    .first();
  await tree
    .locator(ROW, { hasText: /Local sandbox/ })
    .filter({ hasText: /running/ })
    .first()
    .waitFor({ timeout: 30_000 });
  return tree;
}

/** A page of its own for a check, and `shot(name)`, which saves a screenshot of it into `shotsDir`. */
export async function openPage(browser, shotsDir, log) {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  const shot = async (name) => {
    await page.screenshot({ path: join(shotsDir, name) });
    log(`screenshot ${join(shotsDir, name)}`);
  };
  return { page, shot };
}

/**
 * `{ok: true}` when `body()` completes; otherwise logs why, takes `failureShot` and gives `{ok: false}`. The page
 * is closed either way, after `cleanup`.
 */
export async function verdict({ label, page, shot, failureShot, log, cleanup }, body) {
  try {
    await body();
    return { ok: true };
  } catch (e) {
    log(`${label} failed: ${e instanceof Error ? e.message : e}`);
    try {
      await shot(failureShot);
    } catch {
      /* page gone */
    }
    return { ok: false };
  } finally {
    await page.close().catch(() => undefined);
    cleanup?.();
  }
}
