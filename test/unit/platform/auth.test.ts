// OAuth client credentials against the real sandbox: one token request for many calls, refresh when the
// token expires mid-sequence, one forced refresh after a 401, clear errors for wrong secrets, and no
// secret or token in any log line or error message.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Agent, type Dispatcher } from 'undici';
import { sleep } from '../../../src/core/progress';
import { ConfigError, NotFoundError, UnauthorizedError, BadRequestError } from '../../../src/core/platform/errors';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox';
import { clientFor, RecordingLogger, rejectsWith } from './support';

const tokenRequests = (log: RecordingLogger): number =>
  log.lines.filter((l) => l.includes('POST /oauth2/token → 200')).length;

/** A real undici Agent that remembers the Authorization headers it sends (exercises the dispatcher seam). */
function recordingDispatcher(seen: string[]): Dispatcher {
  return new Agent().compose((dispatch) => (opts, handler) => {
    const headers = opts.headers as Record<string, string> | undefined;
    if (headers?.authorization) seen.push(headers.authorization.replace(/^\S+\s+/, ''));
    return dispatch(opts, handler);
  });
}

describe('platform client: authentication', () => {
  let sbx: TestSandbox;
  before(async () => {
    sbx = await startTestSandbox();
  });
  after(async () => {
    await sbx.close();
  });

  test('many concurrent calls share one token request, and later calls reuse the token', async () => {
    const log = new RecordingLogger();
    const client = clientFor(sbx, 'owner', { logger: log });
    try {
      const projects = await Promise.all(Array.from({ length: 10 }, () => client.projects.get('1001')));
      assert.ok(projects.every((p) => p.id === '1001'));
      await client.projects.get('1002');
      assert.equal(tokenRequests(log), 1, log.lines.join('\n'));
    } finally {
      await client.close();
    }
  });

  test('a wrong secret is an UnauthorizedError that names the connection and client id, never the secret', async () => {
    const secret = 'definitely-wrong-secret-123';
    const client = clientFor(sbx, 'owner', { secret });
    try {
      const e = await rejectsWith(client.projects.get('1001'), UnauthorizedError);
      assert.match(e.message, /connection "test owner"/);
      assert.match(e.message, /check the client id "svc-api-client:[0-9a-f-]+" and its secret/);
      assert.ok(!e.message.includes(secret) && !String(e.serverMessage).includes(secret));
    } finally {
      await client.close();
    }
    // An empty secret never reaches the server.
    const empty = clientFor(sbx, 'owner', { secret: '' });
    try {
      const e = await rejectsWith(empty.projects.get('1001'), ConfigError);
      assert.match(e.message, /No client secret is stored for connection "test owner"/);
    } finally {
      await empty.close();
    }
  });

  test('a 401 on a cached token triggers one forced refresh and one retry', async (t) => {
    const log = new RecordingLogger();
    const client = clientFor(sbx, 'admin', { logger: log });
    try {
      await client.projects.get('1001');
      const before = sbx.baseUrl;
      // The restarted sandbox's clock runs two hours ahead: our cached token is expired there.
      await sbx.restart({ now: () => Date.now() + 2 * 3600_000 });
      if (sbx.baseUrl !== before) {
        t.skip('the sandbox could not restart on the same port');
        return;
      }
      assert.equal((await client.projects.get('1001')).id, '1001');
      const tail = log.lines.slice(log.lines.findIndex((l) => l.includes('→ 401')));
      assert.match(tail[0] ?? '', /GET \/v4\/projects\/1001 → 401/);
      assert.equal(tokenRequests(log), 2);
      assert.ok(tail.some((l) => l.includes('GET /v4/projects/1001 → 200')));
    } finally {
      await client.close();
      await sbx.restart({ now: Date.now });
    }
  });

  test('no log line or error message holds the secret or a token', async () => {
    const log = new RecordingLogger();
    const sent: string[] = [];
    const info = sbx.client('owner');
    const client = clientFor(sbx, 'owner', { logger: log, dispatcher: recordingDispatcher(sent) });
    const messages: string[] = [];
    try {
      await client.projects.get('1001');
      messages.push((await rejectsWith(client.projects.get('424242'), NotFoundError)).message);
      // The server echoes the bad value back; the client redacts the registered secret from its message.
      messages.push(
        (
          await rejectsWith(
            client.projects.updateDatapack('1001', { locale: 'en-US', version: info.clientSecret }),
            BadRequestError,
          )
        ).message,
      );
    } finally {
      await client.close();
    }
    const wrong = clientFor(sbx, 'owner', { logger: log, secret: `${info.clientSecret}x` });
    try {
      messages.push((await rejectsWith(wrong.projects.get('1001'), UnauthorizedError)).message);
    } finally {
      await wrong.close();
    }
    assert.ok(sent.length >= 4, 'the injected dispatcher carried the requests');
    assert.ok(messages[1]?.includes('[REDACTED]'), messages[1]);
    const secrets = [info.clientSecret, ...sent];
    for (const text of [...log.lines, ...messages]) {
      for (const s of secrets) assert.ok(!text.includes(s), `leaked in: ${text}`);
    }
    assert.ok(
      log.lines.some((l) => l.includes('GET /v4/projects/1001 → 200')),
      'requests are logged at debug level',
    );
  });
});

describe('platform client: token expiry in the middle of a sequence', () => {
  let sbx: TestSandbox;
  before(async () => {
    sbx = await startTestSandbox({ tokenLifetimeSec: 1 });
  });
  after(async () => {
    await sbx.close();
  });

  test('calls keep succeeding across token lifetimes, refreshing as tokens expire', async () => {
    const log = new RecordingLogger();
    const client = clientFor(sbx, 'owner', { logger: log });
    try {
      for (let i = 0; i < 4; i++) {
        assert.equal((await client.projects.get('1001')).id, '1001');
        await sleep(400);
      }
      assert.ok(tokenRequests(log) >= 2, log.lines.join('\n'));
      assert.ok(!log.lines.some((l) => l.includes('→ 401')), 'tokens are refreshed before they expire');
    } finally {
      await client.close();
    }
  });
});
