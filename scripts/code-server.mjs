// Runs a real VS Code (code-server, installed by vscode-env.mjs) for one test run, `npm start` or a benchmark:
// a free loopback port, fresh user-data/extensions/config folders, HOME and XDG_* inside a temp folder (it
// and Chromium write into ~ otherwise), started detached so its whole process group can be killed at the end.
// Also: the headless Chromium client (playwright-core), the workbench URL with its payload, and the relay of
// the extension host's console to ours.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { format } from 'node:util';

export function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

// Quiet, offline-friendly user settings: nothing phones home, nothing opens on start.
const USER_SETTINGS = {
  'telemetry.telemetryLevel': 'off',
  'extensions.autoCheckUpdates': false,
  // 'off', not false: VS Code migrates false to 'off' by rewriting settings.json as each window loads, and that
  // write raced the checks' first clicks ("Saving 'settings.json'" hung the workbench in CI).
  'extensions.autoUpdate': 'off',
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'chat.disableAIFeatures': true,
  'update.mode': 'none',
  'security.workspace.trust.enabled': false,
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  // The extension opens its walkthrough on first run unless this says no: test windows stay as the checks expect.
  'workbench.welcomePage.walkthroughs.openOnInstall': false,
};
const OPEN_ON_INSTALL = 'workbench.welcomePage.walkthroughs.openOnInstall';

/**
 * Starts code-server. Options: env (from ensureVscodeEnv), smokeTestDriver (true: honours the URL payload
 * with extensionDevelopmentPath/extensionTestsPath, hides toasts), extensionsDir (default: fresh, empty),
 * userSettings (merged into the defaults), port (default: free), stateDir (a folder kept after stop() instead of a
 * temp one). Resolves once it listens.
 */
export async function startCodeServer({
  env,
  smokeTestDriver = true,
  extensionsDir,
  userSettings = {},
  port,
  stateDir,
  log = () => undefined,
  timeoutMs = 60000,
}) {
  // stateDir (npm start) keeps user data between sessions; tests get a temp folder deleted at stop().
  const tmp = stateDir ?? mkdtempSync(join(tmpdir(), 'cstudio-vscode-'));
  const listenPort = port ?? (await freePort());
  const xdg = join(tmp, 'xdg');
  mkdirSync(join(tmp, 'user', 'User'), { recursive: true });
  const settingsFile = join(tmp, 'user', 'User', 'settings.json');
  const settings = { ...USER_SETTINGS, ...userSettings };
  if (!stateDir || !existsSync(settingsFile)) writeFileSync(settingsFile, JSON.stringify(settings, null, 2));
  // Machine-scoped settings (openOnInstall is one) are read from the remote machine's settings in code-server.
  mkdirSync(join(tmp, 'user', 'Machine'), { recursive: true });
  const machineFile = join(tmp, 'user', 'Machine', 'settings.json');
  if (!stateDir || !existsSync(machineFile))
    writeFileSync(machineFile, JSON.stringify({ [OPEN_ON_INSTALL]: settings[OPEN_ON_INSTALL] }, null, 2));
  const homeEnv = { HOME: tmp, XDG_DATA_HOME: xdg, XDG_CONFIG_HOME: xdg, XDG_CACHE_HOME: xdg, XDG_STATE_HOME: xdg };
  const args = [
    env.codeServerEntry,
    '--bind-addr',
    `127.0.0.1:${listenPort}`,
    '--auth',
    'none',
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-workspace-trust',
    '--disable-getting-started-override',
    ...(smokeTestDriver ? ['--vscode-option', 'enable-smoke-test-driver'] : []),
    '--user-data-dir',
    join(tmp, 'user'),
    '--extensions-dir',
    extensionsDir ?? join(tmp, 'ext'),
    '--config',
    join(tmp, 'config.yaml'),
  ];
  const child = spawn(env.nodeBin, args, {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...homeEnv },
  });
  let output = '';
  const collect = (d) => {
    output += d;
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  // Settles when the server process exits, for whoever must tell a requested stop from a crash.
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
    if (stateDir) return;
    if (process.env.KEEP_TMP) log(`kept ${tmp}`);
    else rmSync(tmp, { recursive: true, force: true });
  };
  const started = Date.now();
  while (!output.includes('HTTP server listening')) {
    if (child.exitCode !== null || Date.now() - started > timeoutMs) {
      stop();
      throw new Error(`code-server did not start (exit ${child.exitCode}):\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const authority = `127.0.0.1:${listenPort}`;
  return {
    port: listenPort,
    pid: child.pid,
    tmp,
    homeEnv,
    authority,
    exited,
    output: () => output,
    /** The workbench URL for a folder, with an optional payload (pairs of [name, absolute path on this machine]). */
    url(folder, payload = []) {
      const remote = payload.map(([k, p]) => [k, `vscode-remote://${authority}${p}`]);
      const query = [`folder=${encodeURIComponent(folder)}`];
      if (remote.length) query.push(`payload=${encodeURIComponent(JSON.stringify(remote))}`);
      return `http://${authority}/?${query.join('&')}`;
    },
    stop,
  };
}

/**
 * Installs extension folders into an extensions folder by symlink, as VS Code would after installing a VSIX,
 * so a plain workbench URL loads them (no smoke-test driver, no development mode). Returns their ids.
 */
export function linkExtensions(extensionsDir, folders) {
  mkdirSync(extensionsDir, { recursive: true });
  const entries = folders.map((folder) => {
    const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'));
    const id = `${manifest.publisher}.${manifest.name}`;
    const relativeLocation = `${id}-${manifest.version}`;
    const target = join(extensionsDir, relativeLocation);
    rmSync(target, { recursive: true, force: true });
    symlinkSync(folder, target, 'dir');
    return {
      identifier: { id },
      version: manifest.version,
      relativeLocation,
      location: { $mid: 1, path: target, scheme: 'file' },
      metadata: { installedTimestamp: Date.now(), source: 'vsix' },
    };
  });
  // VS Code lists installed extensions in extensions.json; a folder without an entry there is ignored.
  writeFileSync(join(extensionsDir, 'extensions.json'), JSON.stringify(entries));
  return entries.map((e) => e.identifier.id);
}

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Headless Chromium through playwright-core (never `playwright install`), writing only into `server.tmp`. */
export async function launchChromium(executablePath, server) {
  const { chromium } = await import('playwright-core');
  return chromium.launch({
    executablePath,
    headless: true,
    args: CHROMIUM_ARGS,
    env: { ...process.env, ...server.homeEnv },
  });
}

// Workbench chatter that says nothing about our extension.
const NOISE =
  /ChatModelSelection|AgentHost|AccountPolicyGate|Failed to load resource|authentication provider|open-vsx\.org|Creating a socket|connection token|Service Worker|additional builtin|reconnection-grace|workbench contribution|same-origin iframe|allow-scripts and allow-same-origin|ERR_NAME_NOT_RESOLVED|vsda|\[Extension Host\] (?:debugger|Debugger listening)|DevTools|Ignoring the error while|Long running operations during shutdown/;

/**
 * Forwards the page's console to `sink`. Extension-host output arrives as "%c INFO"/"%c  ERR" entries whose
 * remaining arguments are the original console.log arguments. VERBOSE=1 shows the noise too.
 */
export function relayConsole(page, sink = (line) => console.log(line)) {
  page.on('console', async (message) => {
    let parts;
    try {
      parts = await Promise.all(message.args().map((a) => a.jsonValue()));
    } catch {
      parts = [message.text()];
    }
    if (typeof parts[0] === 'string' && parts[0].startsWith('%c')) parts = parts.slice(2);
    const line = format(...parts);
    if (process.env.VERBOSE || (line.trim() && !NOISE.test(line))) sink(line);
  });
}
