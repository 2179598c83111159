// Activation cost of the extension in a real VS Code extension host, and the size of its release bundle.
// (.mjs, not .ts: it drives code-server and Chromium rather than calling our code.)
//
// Both the release build of the extension and a trivial baseline extension are installed side by side (by
// symlink, production mode, activation on startup finished) in one code-server. For each of RUNS fresh
// windows (a new extension host each), the bench reads:
//   - VS Code's own measure, from "Developer: Show Running Extensions": code loading + the activate() call;
//   - our activate() as the extension measures it (its exported `activationMs`), relayed by the baseline.
// Judged (exit code 1 and "GOAL MISSED: ..." when missed): VS Code's own load+activate figure for our extension
// ≤ 2× the trivial baseline's in the same window (median of per-window ratios), and the bundle ≤ 600 KB minified.
// Our self-measured activate() is printed against its 20 ms budget, not judged (VS Code's figure includes it).
// Five windows: with three, one slow window moved the median from 1.73× to 2.33× between runs of the same code
// (per-window ratios 1.81-2.83× in the slow run); the figures come from one extension host each, where our
// extension and the baseline activate side by side, so a window is a noisy sample.
//   node bench/activation.mjs            RUNS=<n> (default 5)
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureVscodeEnv, missingForUser } from '../scripts/vscode-env.mjs';
import { skipMessage } from '../scripts/prerequisites.mjs';
import { launchChromium, linkExtensions, startCodeServer } from '../scripts/code-server.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.RUNS || 5);
const GOAL_ACTIVATE_MS = 20;
const GOAL_HOST_RATIO = 2;
const GOAL_BUNDLE_BYTES = 600 * 1024;
const OUR_ID = 'cstudio.conversational-studio';
const BASELINE_ID = 'cstudio-bench.baseline';

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)];
};
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const ratio = (a, b) => (b > 0 ? `${(a / b).toFixed(2)}x` : 'n/a');

function build(args) {
  const r = spawnSync(process.execPath, [join(root, 'esbuild.mjs'), ...args], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`node esbuild.mjs ${args.join(' ')} failed`);
}

/** The release bundle in its own extension folder (dist/ goes back to the dev build for everyone else). */
function releaseExtension(dir) {
  build(['--release']);
  const bundle = join(root, 'dist', 'extension.js');
  const size = statSync(bundle).size;
  mkdirSync(join(dir, 'dist'), { recursive: true });
  copyFileSync(bundle, join(dir, 'dist', 'extension.js'));
  // Loaded on first use only (the platform client, the sandbox server, the features), so not part of the bundle
  // size measured here.
  for (const name of readdirSync(join(root, 'dist'))) {
    if (name.endsWith('.js') && name !== 'extension.js')
      copyFileSync(join(root, 'dist', name), join(dir, 'dist', name));
  }
  copyFileSync(join(root, 'package.json'), join(dir, 'package.json'));
  cpSync(join(root, 'media'), join(dir, 'media'), { recursive: true });
  build([]);
  return size;
}

// The baseline: an extension that does nothing on activation. A moment later it reports our extension's
// self-measured activate() time (from its exports) into the file named by CSTUDIO_BENCH_REPORT.
function baselineExtension(dir) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({
      name: 'baseline',
      publisher: 'cstudio-bench',
      version: '0.0.1',
      engines: { vscode: '^1.101.0' },
      main: './extension.js',
      activationEvents: ['onStartupFinished'],
    }),
  );
  writeFileSync(
    join(dir, 'extension.js'),
    `
const vscode = require('vscode');
const fs = require('fs');
exports.activate = function () {
  const timer = setInterval(() => {
    const ours = vscode.extensions.getExtension('${OUR_ID}');
    if (!ours || !ours.isActive) return;
    clearInterval(timer);
    fs.appendFileSync(process.env.CSTUDIO_BENCH_REPORT, JSON.stringify({ activateMs: ours.exports.activationMs }) + '\\n');
  }, 100);
};
`,
  );
}

async function runningExtensionTimes(page) {
  await page.keyboard.press('F1');
  await page.locator('.quick-input-widget input').fill('>Developer: Show Running Extensions');
  await page.locator('.quick-input-list .monaco-list-row', { hasText: 'Show Running Extensions' }).first().waitFor();
  await page.keyboard.press('Enter');
  const rows = page.locator('.runtime-extensions-editor .monaco-list-row');
  const times = {};
  for (let tries = 0; tries < 100 && Object.keys(times).length < 2; tries++) {
    await page.waitForTimeout(200);
    for (const row of await rows.all()) {
      const text = await row.innerText().catch(() => '');
      const match = /Activation: (\d+)ms/.exec(text);
      if (!match) continue;
      if (/Conversational Studio|cstudio\.conversational-studio/.test(text)) times.ours = Number(match[1]);
      if (text.includes(BASELINE_ID) || /^baseline\b/m.test(text)) times.baseline = Number(match[1]);
    }
  }
  if (times.ours === undefined || times.baseline === undefined)
    throw new Error(`running extensions did not list both: ${JSON.stringify(times)}`);
  return times;
}

// The same words as bench/lib/goals.ts (a .ts module this .mjs cannot import): "GOAL MISSED" / "GOAL NOT JUDGED".
const GOAL_NAMES = {
  hostRatio: 'VS Code load+activate / trivial extension (median of per-window ratios)',
  bundle: 'release bundle size',
};

async function main() {
  let judged = false;
  const work = mkdtempSync(join(tmpdir(), 'cstudio-bench-'));
  const report = join(work, 'report.jsonl');
  writeFileSync(report, '');
  process.env.CSTUDIO_BENCH_REPORT = report;
  let server;
  let browser;
  try {
    const bundleBytes = releaseExtension(join(work, 'ours'));
    baselineExtension(join(work, 'baseline'));
    const missing = missingForUser();
    if (missing.length > 0)
      throw new Error(
        skipMessage(missing, { what: 'bench/activation cannot run', command: 'npm run bench activation' }),
      );
    const env = await ensureVscodeEnv({ log: (m) => console.error(`[bench] ${m}`) });
    const extensionsDir = join(work, 'extensions');
    linkExtensions(extensionsDir, [join(work, 'ours'), join(work, 'baseline')]);
    // No sandbox auto-start: it would run after activation anyway, but keeps the host quiet while we read.
    server = await startCodeServer({
      env,
      extensionsDir,
      smokeTestDriver: false,
      userSettings: { 'cstudio.sandbox.autoStart': false },
    });
    browser = await launchChromium(env.chromium, server);
    const folder = join(work, 'ws');
    mkdirSync(folder);
    const samples = [];
    for (let i = 0; i < RUNS; i++) {
      const page = await browser.newPage({ viewport: { width: 1400, height: 4000 } });
      await page.goto(server.url(folder));
      await page.locator('.monaco-workbench').waitFor({ timeout: 180_000 });
      const deadline = Date.now() + 120_000; // a safety net: activation takes seconds on a loaded machine
      while (readFileSync(report, 'utf8').trim().split('\n').filter(Boolean).length <= i) {
        if (Date.now() > deadline) throw new Error('the baseline extension did not report our activation');
        await page.waitForTimeout(100);
      }
      const self = JSON.parse(readFileSync(report, 'utf8').trim().split('\n')[i]);
      const host = await runningExtensionTimes(page);
      samples.push({ selfMs: self.activateMs, hostMs: host.ours, baselineHostMs: host.baseline });
      console.error(`[bench] window ${i + 1}: ${JSON.stringify(samples.at(-1))}`);
      await page.close();
    }
    const selfMs = median(samples.map((s) => s.selfMs));
    const hostMs = median(samples.map((s) => s.hostMs));
    const baseMs = median(samples.map((s) => s.baselineHostMs));
    // Both figures come from the same window, so their ratio shares that moment's load.
    const hostRatio = median(samples.map((s) => s.hostMs / Math.max(1, s.baselineHostMs)));
    console.log(
      `activation (median of ${RUNS} fresh windows; VS Code 1.139.1 = code-server 4.139.1; load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')})`,
    );
    console.log(
      `  activate() as measured by the extension: ${selfMs.toFixed(1)} ms = ${ratio(selfMs, GOAL_ACTIVATE_MS)} the 20 ms goal`,
    );
    console.log(
      `  extension host (code loading + activate): ${hostMs} ms = ${ratio(hostMs, baseMs)} the trivial baseline extension (${baseMs} ms), ${ratio(hostMs, GOAL_ACTIVATE_MS)} the 20 ms goal`,
    );
    console.log(
      `bundle (npm run build:release → dist/extension.js): ${kb(bundleBytes)} = ${ratio(bundleBytes, GOAL_BUNDLE_BYTES)} the 600 KB goal`,
    );
    const missed = [];
    const judge = (name, value, goal, unit) => {
      const ok = value <= goal;
      console.log(`  goal ${name}: ${value.toFixed(2)}${unit} (goal ≤ ${goal}${unit}) ${ok ? 'OK' : 'GOAL MISSED'}`);
      if (!ok) missed.push(`${name}: ${value.toFixed(2)}${unit}, goal ≤ ${goal}${unit}`);
    };
    judge(GOAL_NAMES.hostRatio, hostRatio, GOAL_HOST_RATIO, '×');
    judge(GOAL_NAMES.bundle, bundleBytes / 1024, GOAL_BUNDLE_BYTES / 1024, ' KB');
    for (const m of missed) console.log(`GOAL MISSED: ${m}`);
    if (missed.length > 0) process.exitCode = 1;
    judged = true;
  } catch (e) {
    // No VS Code (install refused or failed), no browser: the goals were not judged, which is not "met".
    if (judged) throw e;
    const why = (e instanceof Error ? e.message : String(e)).split('\n')[0];
    console.error(e instanceof Error ? e.stack : e);
    for (const name of Object.values(GOAL_NAMES)) console.log(`GOAL NOT JUDGED: ${name}: ${why}`);
    process.exitCode = 1;
  } finally {
    await browser?.close().catch(() => undefined);
    server?.stop();
    if (existsSync(work)) rmSync(work, { recursive: true, force: true });
  }
}

await main();
