// Entry points: shared flag parsing, `cstudio sandbox` with a ready file and an abort signal, and the
// standalone main.js as a real process stopped by SIGTERM.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { UsageError, type CliIO } from '../../../src/cli/command';
import { sandboxCommand } from '../../../src/cli/commands/sandbox';
import { defaultDataDir, parseSandboxFlags, SandboxFlagError } from '../../../src/sandbox/flags';
import { send, token } from '../helpers/sandboxHttp';

interface ReadyFile {
  baseUrl: string;
  authUrl: string;
  logUrl: string;
  nluUrl: string;
  caFile?: string;
  clients: Array<{ clientId: string; clientSecret: string; user: string; roles: string[] }>;
  runtimeClients: Array<{
    clientId: string;
    clientSecret: string;
    appId: string;
    scopes: string;
    contextTags: string[];
  }>;
}

async function waitForFile(path: string, ms = 10_000): Promise<string> {
  for (let waited = 0; waited < ms; waited += 25) {
    if (existsSync(path)) return readFile(path, 'utf8');
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`${path} did not appear`);
}

describe('sandbox entry points', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cstudio-entry-'));
  });
  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  test('flags: defaults, relative paths, validation', () => {
    const env = { XDG_DATA_HOME: '/xdg' };
    const d = parseSandboxFlags([], env, '/cwd');
    assert.equal(d.options.dataDir, join('/xdg', 'conversational-studio', 'sandbox'));
    assert.equal(d.options.tls, false);
    assert.equal(d.readyFile, undefined);
    const f = parseSandboxFlags(
      [
        '--port',
        '8080',
        '--host',
        '0.0.0.0',
        '--data',
        'sbx',
        '--ready-file',
        'r.json',
        '--tls',
        '--faults',
        'error5xx=0.1,seed=3',
        '--token-lifetime',
        '60',
        '--job-duration',
        '10',
      ],
      env,
      '/cwd',
    );
    assert.deepEqual(f, {
      options: {
        port: 8080,
        host: '0.0.0.0',
        dataDir: join('/cwd', 'sbx'),
        tls: true,
        faults: 'error5xx=0.1,seed=3',
        tokenLifetimeSec: 60,
        jobDurationMs: 10,
      },
      readyFile: join('/cwd', 'r.json'),
    });
    for (const bad of [
      ['--port', 'x'],
      ['--port', '70000'],
      ['--faults', 'nope=1'],
      ['--bogus'],
      ['--token-lifetime', '0'],
      ['extra'],
    ]) {
      assert.throws(() => parseSandboxFlags(bad, env, '/cwd'), SandboxFlagError, bad.join(' '));
    }
    assert.equal(
      defaultDataDir({}, 'linux', '/home/u'),
      join('/home/u', '.local', 'share', 'conversational-studio', 'sandbox'),
    );
  });

  test('cstudio sandbox: prints URLs and clients, writes the ready file, stops on abort', async () => {
    const controller = new AbortController();
    let out = '';
    const io: CliIO = {
      stdout: (t) => {
        out += t;
      },
      stderr: () => undefined,
      env: {},
      cwd: dir,
      signal: controller.signal,
    };
    await assert.rejects(sandboxCommand.run(['--port', 'nope'], io), UsageError);
    const readyPath = join(dir, 'ready.json');
    const running = sandboxCommand.run(
      ['--data', 'cli-data', '--ready-file', 'ready.json', '--job-duration', '50'],
      io,
    );
    const ready = JSON.parse(await waitForFile(readyPath)) as ReadyFile;
    assert.match(ready.baseUrl, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.equal(ready.authUrl, ready.baseUrl);
    assert.equal(ready.logUrl, ready.baseUrl);
    assert.equal(ready.clients[0]?.user, 'Olivia Owner');
    assert.equal(ready.clients[1]?.user, 'Adam Admin');
    assert.match(ready.clients[1]?.roles.join() ?? '', /Admin of organization 1/);
    const t = await token(ready, ready.clients[0] ?? { clientId: '', clientSecret: '' });
    assert.equal((await send(ready, 'GET', '/v4/projects/1001', { token: t })).status, 200);
    assert.match(out, /base URL: http:\/\/127\.0\.0\.1/);
    assert.ok(out.includes(ready.clients[0]?.clientId ?? '?'));
    // The NLU runtime and its clients: a runtime client of the ready file interprets with the deployed model.
    assert.equal(ready.nluUrl, `${ready.baseUrl}/nlu/v1`);
    const runtime = ready.runtimeClients.find(
      (c) => c.contextTags.includes('coffee-main') && c.scopes.split(' ').includes('nlu'),
    );
    assert.ok(runtime, JSON.stringify(ready.runtimeClients.map((c) => c.clientId)));
    assert.equal(runtime.appId, 'COFFEE-DEV');
    const nlu = await token(ready, runtime, 'nlu');
    const answer = await send(ready, 'POST', '/nlu/v1/runtime/interpret', {
      token: nlu,
      json: {
        model: { uri: 'urn:nuance-mix:tag:model/coffee-main/mix.nlu?=language=eng-USA' },
        input: { text: 'when do you open tomorrow' },
      },
    });
    assert.equal(answer.status, 200, answer.text);
    assert.ok(out.includes(`client id: ${runtime.clientId}`), 'the runtime clients are printed too');
    controller.abort();
    assert.equal(await running, 0);
    assert.equal(existsSync(readyPath), false, 'ready file removed on stop');
    assert.ok(existsSync(join(dir, 'cli-data', 'state.json')));
  });

  test('the standalone main.js runs as a process and exits cleanly on SIGTERM', async () => {
    const main = resolve(__dirname, '../../../src/sandbox/main.js');
    const readyPath = join(dir, 'main-ready.json');
    const child = spawn(
      process.execPath,
      [main, '--data', join(dir, 'main-data'), '--ready-file', readyPath, '--tls'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    try {
      const ready = JSON.parse(await waitForFile(readyPath)) as ReadyFile;
      assert.match(ready.baseUrl, /^https:/);
      assert.ok(ready.caFile && existsSync(ready.caFile));
      const t = await token(ready, ready.clients[0] ?? { clientId: '', clientSecret: '' });
      assert.equal((await send(ready, 'GET', '/v4/organizations', { token: t })).status, 200);
    } finally {
      child.kill('SIGTERM');
    }
    const code = await new Promise<number | null>((r) => child.once('exit', (c) => r(c)));
    assert.equal(code, 0);
    assert.equal(existsSync(readyPath), false);
  });
});
