// The environment of an `npm install` that this repository's scripts run inside another npm's run (`npm test`,
// `npm start`, `npm run bench` installing code-server): clean of the outer npm, run by the Node it installs for.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import { basename, delimiter, join } from 'node:path';

// What npm adds to the environment of the scripts it runs: its whole configuration (npm_config_*, among them
// npm_config_user_agent, which names *its* Node: code-server's postinstall reads the Node version from there and
// refused Node 24 under an `npm test` run by Node 20), the running package (npm_package_*, npm_lifecycle_*) and
// its own paths. A nested install must see none of it, or it installs for the outer npm's Node and folder.
const OUTER_NPM =
  /^(npm_config_|npm_package_|npm_lifecycle_)|^(npm_command|npm_execpath|npm_node_execpath|NODE|INIT_CWD)$/i;
// What the user chose for every npm, kept: the cache (an empty one stays empty), the registry, proxies, CA.
const USER_NPM_CONFIG = /^npm_config_(cache|registry|proxy|https_proxy|noproxy|cafile|strict_ssl|userconfig)$/i;
// PATH entries `npm run` prepends: the repository's node_modules/.bin folders and npm's node-gyp shim.
const OUTER_NPM_PATH = /[\\/]node_modules[\\/]\.bin$|[\\/]@npmcli[\\/]run-script[\\/]lib[\\/]node-gyp-bin$/;

/**
 * The environment of a nested `npm install` run by the Node in `nodeDir` (its bin/ first on PATH): ours without
 * the outer npm's variables and PATH entries, with `extra` on top.
 */
export function cleanInstallEnv(env, nodeDir, extra = {}) {
  const clean = {};
  for (const [k, v] of Object.entries(env)) {
    if (v === undefined || (OUTER_NPM.test(k) && !USER_NPM_CONFIG.test(k))) continue;
    clean[k] = v;
  }
  const pathKey = Object.keys(env).find((k) => k.toUpperCase() === 'PATH') ?? 'PATH';
  const path = (env[pathKey] ?? '').split(delimiter).filter((p) => p && !OUTER_NPM_PATH.test(p));
  clean[pathKey] = [join(nodeDir, 'bin'), ...path].join(delimiter);
  return { ...clean, npm_config_update_notifier: 'false', ...extra };
}

/** npm's own script (npm-cli.js), to run with a chosen Node; undefined when npm is not a plain JS install. */
export function npmCliScript(env = process.env) {
  const candidates = [env.npm_execpath];
  for (const dir of (env.PATH ?? '').split(delimiter))
    if (dir && existsSync(join(dir, 'npm'))) candidates.push(join(dir, 'npm'));
  for (const c of candidates) {
    if (!c) continue;
    let real;
    try {
      real = realpathSync(c);
    } catch {
      continue;
    }
    if (basename(real) === 'npm-cli.js') return real;
  }
  return undefined;
}

/** Runs `npm install spec` in `cwd` by the Node binary `nodeBin`, with `env`; its output goes to `logFile`. */
export function npmInstall(cwd, spec, { nodeBin, env, logFile, log }) {
  mkdirSync(cwd, { recursive: true });
  writeFileSync(join(cwd, 'package.json'), JSON.stringify({ name: 'cstudio-vscode-env', private: true }));
  const npmArgs = ['install', '--no-audit', '--no-fund', '--no-save', '--foreground-scripts', spec];
  // npm run by the target Node itself, not by whatever Node `npm` on PATH would pick (nodeBin's folder is first on
  // env's PATH too, for the scripts and node-gyp it starts).
  const cli = npmCliScript(process.env);
  const [command, args] = cli ? [nodeBin, [cli, ...npmArgs]] : ['npm', npmArgs];
  return new Promise((resolve, reject) => {
    const t0 = Date.now();
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = `$ ${command} ${args.join(' ')}\n`;
    const ticker = setInterval(() => log(`  ... ${spec} (${Math.round((Date.now() - t0) / 1000)}s)`), 30000);
    child.stdout.on('data', (d) => {
      output += d;
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      clearInterval(ticker);
      writeFileSync(logFile, output);
      if (code === 0) return resolve();
      reject(
        new Error(
          `npm install ${spec} failed (exit ${code}); log: ${logFile}\n${output.split('\n').slice(-40).join('\n')}`,
        ),
      );
    });
  });
}
