// `npm start [folder]`: builds the extension and opens VS Code with it loaded, on `folder` (default: a folder
// in the user cache, outside the clone, see startWorkspace.mjs). The extension starts its built-in local sandbox
// by itself (cstudio.sandbox.autoStart), so nothing else needs to run, and opens its walkthrough on first run.
//   - desktop VS Code (`code` on PATH): `code --extensionDevelopmentPath=<repo> <folder>`;
//   - otherwise code-server (installed on first use into the per-user cache, see vscode-env.mjs) on a
//     loopback port, with the extension linked into its own extensions folder so the plain URL loads it.
//     Prints the URL and stays in the foreground until Ctrl-C. PORT=<n> picks the port.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureVscodeEnv } from './vscode-env.mjs';
import { linkExtensions, startCodeServer } from './code-server.mjs';
import { startWorkspaceFolder } from './startWorkspace.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const log = (m) => console.error(`[start] ${m}`);

function onPath(binary) {
  return (process.env.PATH ?? '').split(delimiter).some((dir) => dir && existsSync(join(dir, binary)));
}

function workspaceFolder() {
  return process.argv[2] ? resolve(process.argv[2]) : startWorkspaceFolder();
}

async function main() {
  log('building the extension');
  if (spawnSync(process.execPath, [join(root, 'esbuild.mjs')], { cwd: root, stdio: 'inherit' }).status !== 0) process.exit(1);
  const folder = workspaceFolder();

  if (onPath('code') && !process.env.CSTUDIO_USE_CODE_SERVER) {
    log(`opening desktop VS Code on ${folder}`);
    const child = spawn('code', ['--new-window', `--extensionDevelopmentPath=${root}`, folder], { stdio: 'inherit' });
    child.on('exit', (code) => process.exit(code ?? 0));
    return;
  }

  const env = await ensureVscodeEnv({ chromium: false, log });
  const stateDir = join(root, '.cache', 'start-code-server');
  const extensionsDir = join(stateDir, 'extensions');
  const [id] = linkExtensions(extensionsDir, [root]);
  const server = await startCodeServer({
    env, stateDir, extensionsDir, smokeTestDriver: false, log,
    // A person's session: the walkthrough opens by itself on the first start (tests turn that off).
    userSettings: { 'workbench.welcomePage.walkthroughs.openOnInstall': true },
    port: process.env.PORT ? Number(process.env.PORT) : undefined,
  });
  const shutdown = () => {
    log('stopping code-server');
    // SIGTERM first so the extension host can close the sandbox; whatever is left goes with SIGKILL.
    try { process.kill(-server.pid, 'SIGTERM'); } catch { /* already gone */ }
    setTimeout(() => { server.stop(); process.exit(0); }, 1500);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  const url = server.url(folder);
  console.log(`\nConversational Studio (${id}) in VS Code: ${url}\n` +
    'Open it in a browser on this machine. The local sandbox starts by itself (see the status bar). Ctrl-C stops.\n');
  const check = setInterval(() => {
    // code-server is started detached; if it dies, so do we, with its last words.
    try { process.kill(server.pid, 0); } catch {
      clearInterval(check);
      console.error(server.output().split('\n').slice(-20).join('\n'));
      process.exit(1);
    }
  }, 1000);
}

await main();
