// The transport against the real sandbox: retries under injected faults (no item lost or duplicated),
// Retry-After, what is never retried, cancellation, timeouts, network errors and bad input.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { PlatformClient } from '../../../src/core/platform/client';
import {
  BadRequestError,
  CancelledError,
  NetworkError,
  NotFoundError,
  RateLimitedError,
  ServerError,
  TimeoutError,
} from '../../../src/core/platform/errors';
import { collect } from '../../../src/core/platform/paging';
import { path } from '../../../src/core/platform/paths';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox';
import { clientFor, RecordingLogger, rejectsWith } from './support';

const attemptsOf = (log: RecordingLogger, what: string): number => log.lines.filter((l) => l.includes(what)).length;

describe('transport: retries under faults', () => {
  let sbx: TestSandbox;
  let expected: string[];

  before(async () => {
    sbx = await startTestSandbox();
    const owner = clientFor(sbx, 'owner');
    try {
      for (let i = 1; i <= 50; i++) {
        await owner.projects.create('1', {
          displayName: `Bulk ${i}`,
          languages: ['en-US'],
          isChildDataCompliant: 'NO',
        });
      }
      expected = (await collect(owner.projects.list())).map((p) => p.id);
    } finally {
      await owner.close();
    }
    assert.equal(expected.length, 52);
  });
  after(async () => {
    await sbx.close();
  });

  test('listing 52 projects with 20% server errors and dropped connections loses and repeats nothing', async () => {
    await sbx.restart({ faults: 'error5xx=0.2,reset=0.1,seed=3' });
    const log = new RecordingLogger();
    const client = clientFor(sbx, 'owner', { logger: log });
    try {
      const ids = (await collect(client.projects.list({ pageSize: 5 }))).map((p) => p.id);
      assert.deepEqual(ids, expected);
      assert.ok(
        log.lines.some((l) => / → (500|503) .*retrying/.test(l)),
        'some 5xx were retried',
      );
      assert.ok(
        log.lines.some((l) => / → Network .*retrying/.test(l)),
        'some dropped connections were retried',
      );
    } finally {
      await client.close();
    }
  });

  test('a POST is not retried after a 5xx, a GET is retried up to maxAttempts', async () => {
    await sbx.restart({ faults: 'error5xx=1' });
    const log = new RecordingLogger();
    const client = clientFor(sbx, 'owner', { logger: log, retry: { maxAttempts: 3 } });
    try {
      const post = await rejectsWith(
        client.projects.create('1', { displayName: 'Once', languages: ['en-US'], isChildDataCompliant: 'NO' }),
        ServerError,
      );
      assert.match(post.message, /^Server error 50[03] \(POST \/v4\/organizations\/1\/projects\): Injected fault/);
      assert.equal(attemptsOf(log, 'POST /v4/organizations/1/projects'), 1);
      await rejectsWith(client.projects.get('1001'), ServerError);
      assert.equal(attemptsOf(log, 'GET /v4/projects/1001 →'), 3);
      assert.ok(log.lines.some((l) => l.includes('GET /v4/projects/1001 → 50') && l.includes('attempt 3)')));
    } finally {
      await client.close();
    }
  });

  test('an NLU import is never retried, even a PUT: a retry after a lost reply would start a second job', async () => {
    await sbx.restart({ faults: 'error5xx=1' });
    const log = new RecordingLogger();
    const client = clientFor(sbx, 'owner', { logger: log, retry: { maxAttempts: 3 } });
    const file = { data: new TextEncoder().encode('one\n'), fileName: 'x.list' };
    try {
      // Samples and literals share one import step (core/platform/contentFiles.ts).
      await rejectsWith(client.samples.append('1001', 'ORDER_COFFEE', 'en-US', file), ServerError);
      assert.equal(attemptsOf(log, 'PUT /v4/projects/1001/intents/ORDER_COFFEE/samples/.append'), 1);
      await rejectsWith(client.entities.appendLiterals('1001', 'COFFEE_TYPE', 'en-US', file), ServerError);
      assert.equal(attemptsOf(log, 'PUT /v4/projects/1001/entities/COFFEE_TYPE/literals/.append'), 1);
    } finally {
      await client.close();
    }
  });

  test('429: Retry-After is honoured, within the cap', async () => {
    await sbx.restart({ faults: 'rate429=1' });
    const client = clientFor(sbx, 'owner', { retry: { maxAttempts: 2 } });
    const capped = clientFor(sbx, 'owner', { retry: { maxAttempts: 3, maxRetryAfterMs: 100 } });
    try {
      let started = Date.now();
      const e = await rejectsWith(client.projects.get('1001'), RateLimitedError);
      const waited = Date.now() - started;
      // Upper bound: far below a second retry's wait (the margin is for a loaded machine).
      assert.ok(waited >= 950 && waited < 4000, `waited ${waited} ms for Retry-After: 1`);
      assert.equal(e.retryAfterMs, 1000);
      assert.match(e.message, /^Too many requests; retry after 1 s \(GET \/v4\/projects\/1001\)/);
      started = Date.now();
      await rejectsWith(capped.projects.get('1001'), RateLimitedError);
      // Uncapped, its two retries would wait 2 × 1 s.
      assert.ok(Date.now() - started < 1900, 'a capped Retry-After waits at most the cap');
    } finally {
      await Promise.all([client.close(), capped.close()]);
      await sbx.restart({ faults: undefined });
    }
  });
});

describe('transport: cancellation, timeouts and network errors', () => {
  let sbx: TestSandbox;
  before(async () => {
    sbx = await startTestSandbox({ faults: 'latency=3000' });
  });
  after(async () => {
    await sbx.close();
  });

  test('aborting mid-request rejects with CancelledError at once', async () => {
    const client = clientFor(sbx, 'owner');
    try {
      // One request first, so the access token is at hand: the abort below then always lands on the GET itself,
      // not (on a loaded machine) on the token request still under way.
      await client.projects.get('1001');
      const controller = new AbortController();
      const pending = client.projects.get('1001', { signal: controller.signal });
      const abortedAt = Date.now();
      controller.abort();
      const e = await rejectsWith(pending, CancelledError);
      // The server answers only after 3 s: ending well before that is ending at the abort.
      assert.ok(Date.now() - abortedAt < 1500, `took ${Date.now() - abortedAt} ms`);
      assert.equal(e.name, 'AbortError');
      assert.match(e.message, /GET \/v4\/projects\/1001/);
      // An already-aborted signal sends nothing.
      await rejectsWith(client.projects.get('1001', { signal: AbortSignal.abort() }), CancelledError);
    } finally {
      await client.close();
    }
  });

  test('a slow server ends in TimeoutError after the configured attempts', async () => {
    const log = new RecordingLogger();
    const client = clientFor(sbx, 'owner', { logger: log, timeoutMs: 200, retry: { maxAttempts: 2 } });
    try {
      const started = Date.now();
      const e = await rejectsWith(client.projects.get('1001'), TimeoutError);
      // Without the timeout each of the two attempts would take the full 3 s (6 s in all).
      assert.ok(Date.now() - started < 5500, `took ${Date.now() - started} ms`);
      assert.match(e.message, /^No answer from the server within 200 ms \(GET \/v4\/projects\/1001\)/);
      assert.equal(attemptsOf(log, 'GET /v4/projects/1001 → Timeout'), 2);
    } finally {
      await client.close();
    }
  });

  test('a closed port is a NetworkError, retried even for POST since nothing was sent', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const p = (probe.address() as { port: number }).port;
        probe.close(() => resolve(p));
      });
    });
    const log = new RecordingLogger();
    const info = sbx.client('owner');
    const client = new PlatformClient({
      connection: {
        baseUrl: `http://127.0.0.1:${port}`,
        authUrl: sbx.authUrl,
        logUrl: sbx.logUrl,
        clientId: info.clientId,
      },
      getSecret: async () => info.clientSecret,
      logger: log,
      retry: { baseDelayMs: 1, maxDelayMs: 5 },
    });
    try {
      const e = await rejectsWith(
        client.projects.create('1', { displayName: 'X', languages: ['en-US'] }),
        NetworkError,
      );
      assert.match(e.message, /^Could not reach the server \(POST \/v4\/organizations\/1\/projects\): .*ECONNREFUSED/);
      assert.equal(attemptsOf(log, 'POST /v4/organizations/1/projects → Network'), 4);
    } finally {
      await client.close();
    }
  });
});

describe('transport: bad input and path encoding', () => {
  let sbx: TestSandbox;
  let owner: PlatformClient;
  before(async () => {
    sbx = await startTestSandbox({ maxBodyBytes: 4096 });
    owner = clientFor(sbx, 'owner');
  });
  after(async () => {
    await owner.close();
    await sbx.close();
  });

  const create = (body: string | Record<string, unknown>): Promise<unknown> =>
    owner.request({
      method: 'POST',
      path: '/v4/organizations/1/projects',
      resource: 'organization 1',
      ...(typeof body === 'string' ? { body, contentType: 'application/json' } : { json: body }),
    });

  test('malformed JSON, wrong types and unknown enum values are BadRequestErrors with the server message', async () => {
    const malformed = await rejectsWith(create('{"displayName": "x", '), BadRequestError);
    assert.match(malformed.message, /\(POST \/v4\/organizations\/1\/projects\): .*JSON/);
    assert.equal(malformed.serverCode, 3);
    const wrongType = await rejectsWith(
      create({ displayName: 42, languages: ['en-US'], isChildDataCompliant: 'NO' }),
      BadRequestError,
    );
    assert.match(wrongType.message, /displayName/);
    const badEnum = await rejectsWith(
      create({ displayName: 'E', languages: ['en-US'], isChildDataCompliant: 'MAYBE' }),
      BadRequestError,
    );
    assert.match(badEnum.message, /isChildDataCompliant/);
    const badLocale = await rejectsWith(
      create({ displayName: 'E', languages: ['english'], isChildDataCompliant: 'NO' }),
      BadRequestError,
    );
    assert.match(badLocale.message, /english/);
  });

  test('an oversized body is a BadRequestError (413) naming the limit, and the client stays usable', async () => {
    const e = await rejectsWith(owner.projects.replacePackage('1001', new Uint8Array(64 * 1024)), BadRequestError);
    assert.equal(e.status, 413);
    assert.match(
      e.message,
      /^The request body for project 1001 is too large \(POST \/v4\/projects\/1001\/\.replace\): .*4096 bytes/,
    );
    assert.equal((await owner.projects.get('1001')).id, '1001');
  });

  test('identifiers with / % ? # .. and Unicode travel as one segment', async () => {
    for (const id of ['a/b?c#d', '50%', '..', '.', 'Zürich ☕']) {
      const e = await rejectsWith(owner.projects.get(id), NotFoundError);
      assert.ok(e.message.includes(`(GET ${path`/v4/projects/${id}`})`), e.message);
      assert.ok(e.serverMessage?.includes(id), `the server saw the whole id: ${e.serverMessage}`);
    }
  });
});
