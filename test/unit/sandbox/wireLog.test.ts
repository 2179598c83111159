// The wire log (`--log-requests [FILE]`, issue 16 item 8): a real sandbox started from its flags, requests
// over HTTP, one line each (method, path, status, ms, user) and no secret in the file.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseSandboxFlags } from '../../../src/sandbox/flags';
import { runSandbox } from '../../../src/sandbox/run';
import { redactedTarget } from '../../../src/sandbox/wireLog';
import { send, token, tokenResponse } from '../helpers/sandboxHttp';

interface Ready {
  baseUrl: string;
  authUrl: string;
  clients: Array<{ clientId: string; clientSecret: string; email: string; userId: string }>;
}

describe('sandbox wire log', () => {
  test('--log-requests FILE: one line per request, user named, tokens and secrets absent', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cstudio-wirelog-'));
    const file = join(dir, 'wire.log');
    const readyFile = join(dir, 'ready.json');
    const invocation = parseSandboxFlags(
      ['--data', join(dir, 'data'), '--ready-file', readyFile, '--log-requests', file],
      {},
      dir,
    );
    assert.equal(invocation.logRequests, file);
    const controller = new AbortController();
    let announced: () => void = () => undefined;
    const ready = new Promise<void>((resolve) => {
      announced = resolve;
    });
    const running = runSandbox(invocation, {
      stdout: () => announced(),
      stderr: () => undefined,
      signal: controller.signal,
    });
    try {
      await ready;
      const r = JSON.parse(await readFile(readyFile, 'utf8')) as Ready;
      const owner = r.clients[0];
      assert.ok(owner);
      const t = await token(r, owner);
      assert.equal((await send(r, 'GET', '/v4/projects?limit=5', { token: t })).status, 200);
      assert.equal((await send(r, 'GET', '/v4/projects/999999', { token: t })).status, 404);
      assert.equal((await send(r, 'GET', '/v4/projects', { token: 'forged' })).status, 401);
      assert.equal((await tokenResponse(r, { clientId: owner.clientId, clientSecret: 'wrong' })).status, 401);
      controller.abort();
      assert.equal(await running, 0);
      const lines = (await readFile(file, 'utf8')).trim().split('\n');
      assert.equal(lines.length, 5, lines.join('\n'));
      assert.match(
        lines[1] ?? '',
        new RegExp(`^\\S+Z GET /v4/projects\\?limit=5 200 \\d+ms ${owner.userId}:${owner.email.replace('.', '\\.')}$`),
      );
      assert.match(lines[2] ?? '', / GET \/v4\/projects\/999999 404 \d+ms /);
      assert.match(lines[3] ?? '', / GET \/v4\/projects 401 \d+ms -$/);
      assert.match(lines[4] ?? '', / POST \/oauth2\/token 401 \d+ms -$/);
      const all = lines.join('\n');
      for (const secret of [t, owner.clientSecret, 'forged'])
        assert.ok(!all.includes(secret), 'no secret in the wire log');
    } finally {
      controller.abort();
      await running.catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('credential-like query values are redacted; a lone --log-requests means stderr', () => {
    assert.equal(
      redactedTarget('/x', new URLSearchParams('urn=a&access_token=abc&client_secret=s&limit=2')),
      '/x?urn=a&access_token=***&client_secret=***&limit=2',
    );
    assert.equal(parseSandboxFlags(['--log-requests'], {}, '/tmp').logRequests, '');
    assert.equal(parseSandboxFlags(['--log-requests', '--tls'], {}, '/tmp').logRequests, '');
    assert.equal(parseSandboxFlags(['--log-requests=w.log'], {}, '/tmp').logRequests, '/tmp/w.log');
    assert.equal(parseSandboxFlags([], {}, '/tmp').logRequests, undefined);
  });
});
