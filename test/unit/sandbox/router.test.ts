// The router and the multipart parser, directly.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ApiError } from '../../../src/sandbox/errors';
import { parseMultipart, uploadedFile } from '../../../src/sandbox/multipart';
import { json, Router, splitPath } from '../../../src/sandbox/router';
import { multipartBody } from '../helpers/sandboxHttp';

describe('router', () => {
  const router = new Router();
  const h = (): ReturnType<typeof json> => json({});
  router.add({ method: 'GET', path: '/v4/projects/:projectId/intents/:intentName', auth: 'public', handler: h });
  router.add({ method: 'GET', path: '/v4/projects/:projectId', auth: 'public', handler: h });
  router.add({ method: 'GET', path: '/v4/projects/.locks', auth: 'public', handler: h });
  router.add({ method: 'DELETE', path: '/v4/projects/:projectId', auth: 'public', handler: h });

  test('names with / % ? # and Unicode arrive whole and decoded', () => {
    for (const name of ['a/b', '100%', 'why?', '#1', 'Größe ☕', '..', ' spaced ']) {
      const m = router.match('GET', `/v4/projects/7/intents/${encodeURIComponent(name)}`);
      assert.ok(m.found, name);
      assert.deepEqual(m.found && m.params, { projectId: '7', intentName: name });
    }
  });

  test('literal segments beat parameters; methods are matched; 405 lists the allowed ones', () => {
    const locks = router.match('GET', '/v4/projects/.locks');
    assert.ok(locks.found && locks.route.path === '/v4/projects/.locks');
    const none = router.match('PUT', '/v4/projects/12');
    assert.deepEqual(none, { found: false, allowedMethods: ['GET', 'DELETE'] });
    assert.deepEqual(router.match('GET', '/v4/projects//intents/x'), { found: false, allowedMethods: [] });
  });

  test('malformed escapes are a 400; duplicate routes are refused', () => {
    assert.throws(
      () => splitPath('/v4/%zz'),
      (e: unknown) => e instanceof ApiError && e.status === 400,
    );
    assert.throws(
      () => router.add({ method: 'GET', path: '/v4/projects/:projectId', auth: 'public', handler: h }),
      /registered twice/,
    );
  });
});

describe('multipart parser', () => {
  test('reads a binary file part byte for byte, with field and file names', () => {
    const data = Buffer.from([0, 1, 2, 13, 10, 45, 45, 255, 254]);
    const { body, contentType } = multipartBody('content', 'pack.zip', data);
    const parts = parseMultipart(body, contentType);
    assert.equal(parts.length, 1);
    assert.equal(parts[0]?.name, 'content');
    assert.equal(parts[0]?.filename, 'pack.zip');
    assert.equal(parts[0]?.contentType, 'application/zip');
    assert.deepEqual([...(parts[0]?.data ?? [])], [...data]);
    assert.equal(uploadedFile(parts).name, 'content');
  });

  test('several parts, quoted boundary, a "file" field and a UTF-8 file name', () => {
    const b = 'XyZ';
    const body = Buffer.from(
      [
        'preamble',
        `--${b}`,
        'Content-Disposition: form-data; name="locale"',
        '',
        'en-US',
        `--${b}`,
        `Content-Disposition: form-data; name="file"; filename="x.trsx"; filename*=UTF-8''%C3%A9t%C3%A9.trsx`,
        '',
        '<project/>',
        `--${b}--`,
        '',
      ].join('\r\n'),
    );
    const parts = parseMultipart(body, `multipart/form-data; boundary="${b}"`);
    assert.deepEqual(
      parts.map((p) => [p.name, p.filename, p.data.toString()]),
      [
        ['locale', undefined, 'en-US'],
        ['file', 'été.trsx', '<project/>'],
      ],
    );
    assert.equal(uploadedFile(parts).name, 'file');
  });

  test('truncated bodies, missing boundaries and missing file fields are 400s', () => {
    const { body, contentType } = multipartBody('content', 'a.zip', Buffer.from('abc'));
    const is400 = (e: unknown): boolean => e instanceof ApiError && e.status === 400;
    assert.throws(() => parseMultipart(body.subarray(0, body.length - 10), contentType), is400);
    assert.throws(() => parseMultipart(body, 'application/json'), is400);
    const other = multipartBody('other', 'a', Buffer.from('x'));
    assert.throws(
      () => uploadedFile(parseMultipart(other.body, other.contentType)),
      (e: unknown) => is400(e) && /fields sent: "other"/.test((e as Error).message),
    );
  });
});
