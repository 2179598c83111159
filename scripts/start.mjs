// `npm start [folder]`: builds the extension and opens VS Code with it loaded, on `folder` (default: a folder
// in the user cache, outside the clone, see startWorkspace.mjs). The extension starts its built-in local sandbox
// by itself (cstudio.sandbox.autoStart), so nothing else needs to run, and opens its walkthrough on first run.
//   - desktop VS Code (`code` on PATH): `code --extensionDevelopmentPath=<repo> <folder>`;
//   - otherwise code-server (installed on first use into the per-user cache, see vscode-env.mjs) on a
//     loopback port, with the extension linked into its own extensions folder so the plain URL loads it.
//     Prints the URL and stays in the foreground until Ctrl-C, which stops code-server and exits 130 (the
//     shell's convention for an interrupted command) without its log; only a code-server that dies by itself
//     ends the run with exit 1 and its last lines. PORT=<n> picks the port.
// Missing Debian packages (code-server's build needs a C++ toolchain and Kerberos headers) are never installed
// without a yes: the exact apt-get line is printed and start stops, unless CSTUDIO_INSTALL_PACKAGES=1 (or CI).
// For tests and tools: CSTUDIO_USE_CODE_SERVER=1 (even when `code` is on PATH), SKIP_BUNDLE=1 (use dist/ as
// built), CSTUDIO_START_STATE_DIR=<dir> (code-server's user data; default <repo>/.cache/start-code-server).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureVscodeEnv, missingForUser } from './vscode-env.mjs';
import { linkExtensions, startCodeServer } from './code-server.mjs';
import { startWorkspaceFolder } from './startWorkspace.mjs';
import { skipMessage } from './prerequisites.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const log = (m) => console.error(`[start] ${m}`);
// How long code-server gets to close (its extension host closes the sandbox) before the rest is killed: a
// safety net, the wait ends as soon as it exits.
const STOP_GRACE_MS = 15000;
const SIGNAL_EXIT = { SIGINT: 130, SIGTERM: 143 };

function onPath(binary) {
  return (process.env.PATH ?? '').split(delimiter).some((dir) => dir && existsSync(join(dir, binary)));
}

function workspaceFolder() {
  return process.argv[2] ? resolve(process.argv[2]) : startWorkspaceFolder();
}

/**
 * Keeps code-server in the foreground: resolves with the exit code, 130/143 after Ctrl-C/SIGTERM once code-server
 * has stopped, 1 (with its last lines) when it died by itself.
 */
function holdUntilStopped(server) {
  return new Promise((resolveCode) => {
    let stopping = false;
    void server.exited.then(({ code, signal }) => {
      if (stopping) return;
      console.error(`[start] code-server stopped by itself (${signal ?? `exit ${code}`}); its last lines:`);
      console.error(server.output().split('\n').slice(-20).join('\n'));
      server.stop();
      resolveCode(1);
    });
    const onSignal = (signal) => {
      if (stopping) {
        // A second Ctrl-C: no more waiting.
        server.stop();
        return;
      }
      stopping = true;
      log('stopping code-server');
      // SIGTERM first so the extension host can close the sandbox; whatever is left goes with SIGKILL.
      try {
        process.kill(-server.pid, 'SIGTERM');
      } catch {
        /* already gone */
      }
      const net = setTimeout(() => server.stop(), STOP_GRACE_MS);
      void server.exited.then(() => {
        clearTimeout(net);
        server.stop();
        log('stopped');
        resolveCode(SIGNAL_EXIT[signal]);
      });
    };
    process.on('SIGINT', () => onSignal('SIGINT'));
    process.on('SIGTERM', () => onSignal('SIGTERM'));
  });
}

async function main() {
  if (!process.env.SKIP_BUNDLE) {
    log('building the extension');
    if (spawnSync(process.execPath, [join(root, 'esbuild.mjs')], { cwd: root, stdio: 'inherit' }).status !== 0)
      process.exit(1);
  }
  const folder = workspaceFolder();

  if (onPath('code') && !process.env.CSTUDIO_USE_CODE_SERVER) {
    log(`opening desktop VS Code on ${folder}`);
    const child = spawn('code', ['--new-window', `--extensionDevelopmentPath=${root}`, folder], { stdio: 'inherit' });
    child.on('exit', (code) => process.exit(code ?? 0));
    return;
  }

  // The browser is the user's own: only code-server's build packages matter here.
  const missing = missingForUser(process.env, { chromium: false });
  if (missing.length > 0) {
    console.error(
      skipMessage(missing, { what: 'npm start cannot install VS Code (code-server)', command: 'npm start' }),
    );
    process.exit(1);
  }
  const env = await ensureVscodeEnv({ chromium: false, log });
  const stateDir = process.env.CSTUDIO_START_STATE_DIR
    ? resolve(process.env.CSTUDIO_START_STATE_DIR)
    : join(root, '.cache', 'start-code-server');
  const extensionsDir = join(stateDir, 'extensions');
  const [id] = linkExtensions(extensionsDir, [root]);
  const server = await startCodeServer({
    env,
    stateDir,
    extensionsDir,
    smokeTestDriver: false,
    log,
    // A person's session: the walkthrough opens by itself on the first start (tests turn that off).
    userSettings: { 'workbench.welcomePage.walkthroughs.openOnInstall': true },
    port: process.env.PORT ? Number(process.env.PORT) : undefined,
  });
  const stopped = holdUntilStopped(server);
  const url = server.url(folder);
  // Where the extension keeps its sandbox's data (its global storage), and with it the ready file the CLI reads.
  const sandboxData = join(stateDir, 'user', 'User', 'globalStorage', id, 'sandbox');
  console.log(
    `\nConversational Studio (${id}) in VS Code: ${url}\n` +
      'Open it in a browser on this machine. The local sandbox starts by itself (see the status bar). Ctrl-C stops.\n' +
      `The CLI reaches that sandbox with: eval "$(node ${join(root, 'bin', 'cstudio.js')} sandbox env --data '${sandboxData}')"\n`,
  );
  process.exit(await stopped);
}

await main();
