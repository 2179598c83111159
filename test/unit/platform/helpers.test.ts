// The pure building blocks of the transport: paths, redaction, retry timing, NO_PROXY matching, file names.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { bypassesProxy, parseNoProxy } from '../../../src/core/platform/dispatcher';
import { Readable } from 'node:stream';
import { Download, fileNameFromDisposition } from '../../../src/core/platform/download';
import { errorForStatus, parseErrorBody } from '../../../src/core/platform/errorMapping';
import {
  BadRequestError,
  ConflictError,
  NotFoundError,
  ProjectLockedError,
  TooLargeError,
} from '../../../src/core/platform/errors';
import { encodeSegment, path, queryString } from '../../../src/core/platform/paths';
import { REDACTED, Redactor, redactingLogger } from '../../../src/core/platform/redact';
import {
  backoffDelay,
  DEFAULT_RETRY,
  isIdempotent,
  isRetryableStatus,
  parseRetryAfter,
} from '../../../src/core/platform/retry';
import { silentLogger, type Logger } from '../../../src/core/logger';

describe('path segments', () => {
  test('every interpolation is one encoded segment', () => {
    assert.equal(path`/v4/projects/${'12'}/entities/${'a/b?c#d%e'}`, '/v4/projects/12/entities/a%2Fb%3Fc%23d%25e');
    assert.equal(path`/v4/x/${'Größe ☕'}`, `/v4/x/${encodeURIComponent('Größe ☕')}`);
  });
  test('dot segments cannot be produced, empty ones are refused', () => {
    assert.equal(encodeSegment('.'), '%2E');
    assert.equal(encodeSegment('..'), '%2E%2E');
    assert.equal(encodeSegment('...'), '...');
    assert.throws(
      () => path`/v4/projects/${''}`,
      (e: unknown) => e instanceof BadRequestError && /empty/.test(e.message),
    );
  });
  test('query strings repeat array keys and skip undefined', () => {
    assert.equal(
      queryString({ limit: 5, sort: undefined, locales: ['en-US', 'fr-CA'] }),
      '?limit=5&locales=en-US&locales=fr-CA',
    );
    assert.equal(queryString({}), '');
  });
});

describe('redaction', () => {
  test('removes bearer and basic credentials, token fields and registered secrets', () => {
    const r = new Redactor();
    r.register('s3cr3t/with+chars');
    const text = [
      'authorization: Bearer eyJhbGciOi.payload.sig',
      'Authorization: Basic c3ZjLWFwaS1jbGllbnQlM0FhYmM6eHl6',
      '{"access_token":"abc.def-123","token_type":"Bearer"}',
      'grant_type=client_credentials&client_secret=hunter22&scope=svc-api',
      'echo s3cr3t/with+chars and s3cr3t%2Fwith%2Bchars',
    ].join('\n');
    const out = r.redact(text);
    for (const leaked of ['eyJhbGciOi', 'c3ZjLWFwaS1jbGllbnQ', 'abc.def-123', 'hunter22', 's3cr3t']) {
      assert.ok(!out.includes(leaked), `${leaked} leaked in ${out}`);
    }
    assert.ok(out.includes(`Bearer ${REDACTED}`) && out.includes('"token_type":"Bearer"'));
  });
  test('leaves ordinary prose alone and ignores very short "secrets"', () => {
    const r = new Redactor();
    r.register('abc');
    assert.equal(r.redact('Use Basic authentication with abc'), 'Use Basic authentication with abc');
    assert.equal(new Redactor().redact('Bearer tokens are required'), 'Bearer tokens are required');
  });
  test('a redacting logger cleans messages, details and child loggers', () => {
    const lines: string[] = [];
    const sink: Logger = {
      trace: (m, ...d) => lines.push([m, ...d].join(' ')),
      debug: (m, ...d) => lines.push([m, ...d].join(' ')),
      info: (m, ...d) => lines.push([m, ...d].join(' ')),
      warn: (m, ...d) => lines.push([m, ...d].join(' ')),
      error: (m, ...d) => lines.push([String(m), ...d].join(' ')),
      child: () => sink,
    };
    const r = new Redactor();
    r.register('topsecretvalue');
    const log = redactingLogger(sink, r).child('x');
    log.debug('got topsecretvalue', { header: 'Bearer abc.123' }, new Error('topsecretvalue failed'));
    log.error(new Error('oops topsecretvalue'));
    assert.ok(
      lines.every((l) => !l.includes('topsecretvalue') && !l.includes('abc.123')),
      lines.join('\n'),
    );
  });

  test('over the silent logger the redacting logger is the silent logger (no redaction work per request)', () => {
    assert.equal(redactingLogger(silentLogger, new Redactor()), silentLogger);
    assert.equal(redactingLogger(silentLogger.child('platform'), new Redactor()), silentLogger);
  });
});

describe('retry timing', () => {
  test('idempotence by method, POST only when marked', () => {
    assert.equal(isIdempotent('GET', undefined), true);
    assert.equal(isIdempotent('DELETE', undefined), true);
    assert.equal(isIdempotent('POST', undefined), false);
    assert.equal(isIdempotent('POST', true), true);
  });
  test('429 and 5xx retry, 501 and 4xx do not', () => {
    assert.deepEqual([429, 500, 502, 503, 504, 501, 400, 404, 409].map(isRetryableStatus), [
      true,
      true,
      true,
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
  });
  test('full jitter stays under the capped exponential ceiling', () => {
    assert.equal(
      backoffDelay(1, DEFAULT_RETRY, () => 0.999),
      199,
    );
    assert.equal(
      backoffDelay(3, DEFAULT_RETRY, () => 0.5),
      400,
    );
    assert.equal(
      backoffDelay(20, DEFAULT_RETRY, () => 0.999),
      4995,
    );
    assert.equal(
      backoffDelay(2, DEFAULT_RETRY, () => 0),
      0,
    );
  });
  test('Retry-After in seconds or as an HTTP date', () => {
    assert.equal(parseRetryAfter('2'), 2000);
    const now = Date.parse('2024-01-01T00:00:00Z');
    assert.equal(parseRetryAfter('Mon, 01 Jan 2024 00:00:05 GMT', now), 5000);
    assert.equal(parseRetryAfter('Sun, 31 Dec 2023 00:00:05 GMT', now), 0);
    assert.equal(parseRetryAfter('soon'), undefined);
    assert.equal(parseRetryAfter(undefined), undefined);
  });
});

describe('NO_PROXY', () => {
  const entries = parseNoProxy('localhost, .corp.example,example.org:8443 ,::1');
  const bypass = (url: string): boolean => bypassesProxy(new URL(url), entries);
  test('matches hosts, domain suffixes, ports and IPv6', () => {
    assert.equal(bypass('http://localhost:3000'), true);
    assert.equal(bypass('https://api.corp.example'), true);
    assert.equal(bypass('https://corp.example'), true);
    assert.equal(bypass('https://example.org:8443'), true);
    assert.equal(bypass('https://example.org'), false);
    assert.equal(bypass('https://notcorp.example'), false);
    assert.equal(bypass('http://[::1]:80'), true);
    assert.equal(bypassesProxy(new URL('https://x.y'), parseNoProxy('*')), true);
  });
});

describe('streamed downloads without a Content-Length', () => {
  const req = { method: 'GET', path: '/v4/builds/NLU_1_1/.download', resource: 'build NLU_1_1' };
  const chunks = (n: number): Readable =>
    Readable.from(
      (function* () {
        for (let i = 0; i < n; i++) yield Buffer.alloc(1000, i);
      })(),
    );
  test('the cap stops the stream as soon as it is crossed', async () => {
    const body = chunks(10);
    const d = new Download(body, {}, 3500, req, undefined, 1000);
    let received = 0;
    await assert.rejects(
      async () => {
        for await (const c of d) received += c.byteLength;
      },
      (e: unknown) => e instanceof TooLargeError && /3500-byte limit/.test(e.message),
    );
    assert.equal(received, 3000);
    assert.ok(body.destroyed, 'the transfer was stopped');
  });
  test('under the cap everything arrives, once', async () => {
    const d = new Download(chunks(3), { fileName: 'x.zip' }, 3000, req, undefined, 1000);
    assert.equal((await d.toBuffer()).byteLength, 3000);
    await assert.rejects(d.toBuffer(), /already read/);
  });
});

describe('Content-Disposition', () => {
  test('reads filename and filename*, and keeps only the base name', () => {
    assert.equal(
      fileNameFromDisposition('attachment; filename="12-Demo-2024-01-02-03-04-05.zip"'),
      '12-Demo-2024-01-02-03-04-05.zip',
    );
    assert.equal(
      fileNameFromDisposition('attachment; filename="x.zip"; filename*=UTF-8\'\'Caf%C3%A9%20menu.zip'),
      'Café menu.zip',
    );
    assert.equal(fileNameFromDisposition('attachment; filename=../../etc/passwd'), 'passwd');
    assert.equal(fileNameFromDisposition('attachment; filename=".."'), undefined);
    assert.equal(fileNameFromDisposition(undefined), undefined);
  });
});

describe('error mapping', () => {
  const req = { method: 'GET', path: '/v4/projects/12', resource: 'project 12' };
  test('gateway and consumer bodies', () => {
    assert.deepEqual(parseErrorBody('{"code":5,"message":"Project 12 not found","details":[]}'), {
      message: 'Project 12 not found',
      code: 5,
    });
    assert.deepEqual(parseErrorBody('{"error_code":40403,"message":"Consumer instance not found."}'), {
      message: 'Consumer instance not found.',
      code: 40403,
    });
    assert.equal(parseErrorBody('<html><body><h1>Bad gateway</h1></body></html>').message, 'Bad gateway');
  });
  test('messages name the resource and the request', () => {
    const e = errorForStatus(404, req, { message: 'no such project' });
    assert.ok(e instanceof NotFoundError);
    assert.equal(e.message, 'Project 12 not found (GET /v4/projects/12): no such project');
    assert.ok(errorForStatus(409, req, { message: 'Project 12 is locked by Ann' }) instanceof ProjectLockedError);
    assert.ok(errorForStatus(409, req, { message: 'name taken' }) instanceof ConflictError);
    assert.ok(errorForStatus(413, req, {}) instanceof BadRequestError);
  });
});
