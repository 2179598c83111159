// `cstudio sandbox env` (issue 26): the CLI reaches a running sandbox — VS Code's or `cstudio sandbox`'s — through
// the ready file every sandbox writes into its data folder, and `--sandbox` says when it answers from a throw-away
// one. Real sandboxes on loopback ports; the printed lines are evaluated by a real shell.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli } from '../helpers/cli';
import { startAnnouncedSandbox } from '../../../src/sandbox/run';
import type { RunningSandbox } from '../../../src/sandbox/server';
import { cliExportLines, shellQuote } from '../../../src/core/connections/cliEnvironment';

/** The variables a shell gets from `eval "$(lines)"`. */
function evaluated(lines: string): Record<string, string> {
  const out = execFileSync('sh', ['-c', 'eval "$LINES"; env | grep ^CSTUDIO_'], {
    env: { PATH: process.env.PATH, LINES: lines },
    encoding: 'utf8',
  });
  return Object.fromEntries(
    out
      .trim()
      .split('\n')
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
  );
}

describe('cstudio sandbox env', () => {
  let tmp: string;
  const running: RunningSandbox[] = [];
  before(async () => {
    tmp = await mkdtemp(join(tmpdir(), 'cstudio-sbenv-'));
  });
  after(async () => {
    for (const s of running) await s.close();
    await rm(tmp, { recursive: true, force: true });
  });
  const start = async (dataDir: string, alsoAt: string[] = []): Promise<RunningSandbox> => {
    const s = await startAnnouncedSandbox({ dataDir, port: 0, host: '127.0.0.1', jobDurationMs: 50 }, alsoAt);
    running.push(s);
    return s;
  };

  test('--data DIR prints export lines that a shell evaluates into a working CLI connection', async () => {
    const data = join(tmp, 'data');
    const sandbox = await start(data);
    assert.ok(existsSync(join(data, 'ready.json')), 'the sandbox announces itself in its data folder');
    assert.equal((await stat(join(data, 'ready.json'))).mode & 0o777, 0o600, 'it holds secrets: owner only');
    const r = await cli(['sandbox', 'env', '--data', data]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^export CSTUDIO_BASE_URL='http:\/\/127\.0\.0\.1:\d+'$/m);
    const env = evaluated(r.stdout);
    const owner = sandbox.clients[0];
    const runtime = sandbox.runtimeClients.find(
      (c) => c.scopes.split(/\s+/).includes('nlu') && c.contextTags.length > 0,
    );
    assert.ok(runtime, 'the demo data deploys a configuration that a runtime client reaches');
    assert.deepEqual(env, {
      CSTUDIO_BASE_URL: sandbox.baseUrl,
      CSTUDIO_AUTH_URL: sandbox.authUrl,
      CSTUDIO_LOG_URL: sandbox.logUrl,
      CSTUDIO_CLIENT_ID: owner?.clientId,
      CSTUDIO_CLIENT_SECRET: owner?.clientSecret,
      CSTUDIO_NLU_URL: sandbox.nluUrl,
      CSTUDIO_RUNTIME_CLIENT_ID: runtime.clientId,
      CSTUDIO_RUNTIME_CLIENT_SECRET: runtime.clientSecret,
    });
    const listed = await cli(['projects', 'list'], { env });
    assert.equal(listed.code, 0, listed.stderr);
    assert.match(listed.stdout, /Coffee Shop/);
    // The same lines reach the sandbox's NLU runtime (issue 28: the CLI can reach any running sandbox's runtime).
    const tried = await cli(
      ['try', 'where is my order AB1234', '--tag', runtime.contextTags[0] ?? '', '--locale', 'en-US', '--json'],
      { env },
    );
    assert.equal(tried.code, 0, tried.stderr);
    assert.match(tried.stdout, /"intent": ?"CHECK_ORDER"/);
    // Another demo client, by its key.
    const admin = await cli(['sandbox', 'env', '--data', data, '--client', 'admin']);
    assert.equal(evaluated(admin.stdout).CSTUDIO_CLIENT_ID, sandbox.clients.find((c) => c.key === 'admin')?.clientId);
    assert.match(
      (await cli(['sandbox', 'env', '--data', data, '--client', 'nobody'])).stderr,
      /No demo client "nobody"/,
    );
  });

  test('--ready-file FILE reads the file `cstudio sandbox --ready-file` writes; stopping removes both files', async () => {
    const data = join(tmp, 'data2');
    const file = join(tmp, 'elsewhere.json');
    const sandbox = await start(data, [file]);
    const r = await cli(['sandbox', 'env', '--ready-file', file]);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(evaluated(r.stdout).CSTUDIO_BASE_URL, sandbox.baseUrl);
    await sandbox.close();
    running.splice(running.indexOf(sandbox), 1);
    assert.ok(!existsSync(file) && !existsSync(join(data, 'ready.json')), 'a stopped sandbox leaves no ready file');
    const gone = await cli(['sandbox', 'env', '--data', data]);
    assert.equal(gone.code, 1);
    assert.match(gone.stderr, /no such ready file; is the sandbox running\?/);
  });

  test("without flags: finds VS Code's sandbox in the extension's global storage; a stale file is left out", async () => {
    const home = join(tmp, 'home');
    const env = { HOME: home, XDG_CONFIG_HOME: join(home, '.config'), XDG_DATA_HOME: join(home, '.local', 'share') };
    const none = await cli(['sandbox', 'env'], { env });
    assert.equal(none.code, 1);
    assert.match(none.stderr, /No running sandbox found/);
    assert.ok(
      none.stderr.includes(
        join(
          home,
          '.config',
          'Code',
          'User',
          'globalStorage',
          'cstudio.conversational-studio',
          'sandbox',
          'ready.json',
        ),
      ),
      none.stderr,
    );
    // What src/extension.ts does: the data folder is <globalStorage>/sandbox, started through startAnnouncedSandbox.
    const vscodeData = join(
      home,
      '.config',
      'Code',
      'User',
      'globalStorage',
      'cstudio.conversational-studio',
      'sandbox',
    );
    const vscodeSandbox = await start(vscodeData);
    // A stale ready file (its writer exited) in cstudio sandbox's default folder must not win.
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
      encoding: 'utf8',
    }).stdout;
    const staleDir = join(home, '.local', 'share', 'conversational-studio', 'sandbox');
    await mkdir(staleDir, { recursive: true });
    await writeFile(
      join(staleDir, 'ready.json'),
      JSON.stringify({
        baseUrl: 'http://127.0.0.1:1',
        authUrl: 'http://127.0.0.1:1',
        logUrl: 'http://127.0.0.1:1',
        clients: [{ clientId: 'x', clientSecret: 'y', key: 'owner' }],
        pid: Number(dead),
      }),
    );
    const found = await cli(['sandbox', 'env'], { env });
    assert.equal(found.code, 0, found.stderr);
    assert.equal(evaluated(found.stdout).CSTUDIO_BASE_URL, vscodeSandbox.baseUrl);
    assert.match(found.stderr, /the sandbox of VS Code \(Code\) at http/);
    const stale = await cli(['sandbox', 'env', '--data', staleDir], { env });
    assert.equal(stale.code, 1);
    assert.match(stale.stderr, /has stopped/);
  });

  test('help says the secret is printed, for eval', async () => {
    const r = await cli(['sandbox', 'env', '--help']);
    assert.equal(r.code, 0);
    assert.match(r.stdout, /eval "\$\(cstudio sandbox env\)"/);
    assert.match(r.stdout, /SECRET \(CSTUDIO_CLIENT_SECRET\)/);
    const unknown = await cli(['sandbox', 'start']);
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /unknown subcommand "start"; valid: env, simulate/);
  });

  test('shell quoting survives quotes and spaces', () => {
    assert.equal(shellQuote("it's"), `'it'\\''s'`);
    const lines = cliExportLines({
      baseUrl: 'http://h/a b',
      authUrl: 'x',
      logUrl: 'y',
      clientId: "o'brien",
      clientSecret: '$HOME `x` "q"',
      caFile: '/c a.pem',
    });
    const env = evaluated(lines);
    assert.equal(env.CSTUDIO_CLIENT_ID, "o'brien");
    assert.equal(env.CSTUDIO_CLIENT_SECRET, '$HOME `x` "q"');
    assert.equal(env.CSTUDIO_CA_FILE, '/c a.pem');
  });
});

describe('--sandbox answers from a throw-away sandbox, and says so', () => {
  test('discover list --app COFFEE-DEV --sandbox names the throw-away sandbox and how to reach the running one', async () => {
    const r = await cli(['discover', 'list', '--app', 'COFFEE-DEV', '--sandbox']);
    assert.match(
      r.stderr,
      /--sandbox started a throw-away sandbox for this command \(fresh demo data, deleted when it ends\)/,
    );
    assert.match(r.stderr, /eval "\$\(cstudio sandbox env\)" and leave out --sandbox/);
  });
});
