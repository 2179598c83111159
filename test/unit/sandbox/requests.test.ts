// Request plumbing over real HTTP: chunked bodies, the body limit (413), path decoding, unknown routes and methods.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { request } from 'undici';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox';
import { token } from '../helpers/sandboxHttp';
import { messageOf, sessions } from '../helpers/sandboxSession';

describe('sandbox request handling', () => {
  let sbx: TestSandbox;
  const as = sessions(() => sbx);
  before(async () => {
    sbx = await startTestSandbox({ maxBodyBytes: 2048 });
  });
  after(async () => {
    await sbx.close();
  });

  const chunked = async (
    path: string,
    pieces: string[],
    method: 'PUT' | 'POST' = 'PUT',
  ): Promise<{ status: number; json: unknown; headers: Record<string, unknown> }> => {
    const t = await token(sbx, sbx.client('owner'));
    const res = await request(`${sbx.baseUrl}${path}`, {
      method,
      body: Readable.from(pieces.map((p) => Buffer.from(p))),
      headers: { authorization: `Bearer ${t}`, 'content-type': 'application/json' },
    });
    return { status: res.statusCode, json: await res.body.json(), headers: res.headers };
  };

  test('a chunked body without Content-Length is read whole', async () => {
    const res = await chunked('/v4/projects/1001/.rename', ['{"display', 'Name": "Chunked ', 'Coffee"}']);
    assert.equal(res.status, 200);
    assert.deepEqual(res.json, { displayName: 'Chunked Coffee' });
  });

  test('bodies over the limit get 413 with a gateway error, chunked or not, and change nothing', async () => {
    const big = JSON.stringify({ displayName: 'x'.repeat(5000) });
    const plain = await as('owner')('PUT', '/v4/projects/1001/.rename', undefined, {
      body: big,
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(plain.status, 413);
    assert.match(messageOf(plain), /larger than the sandbox's limit of 2048 bytes/);
    assert.equal((plain.json as { code: number }).code, 3);
    const streamed = await chunked(
      '/v4/projects/1001/.rename',
      Array.from({ length: 10 }, () => 'y'.repeat(1000)),
    );
    assert.equal(streamed.status, 413);
    const p = await as('owner')('GET', '/v4/projects/1001');
    assert.equal((p.json as { project: { displayName: string } }).project.displayName, 'Chunked Coffee');
  });

  test('path segments are percent-decoded after splitting; malformed escapes are 400', async () => {
    assert.equal((await as('owner')('GET', '/v4/projects/%31%30%30%31')).status, 200);
    const slash = await as('owner')('GET', '/v4/projects/1001%2Fjobs');
    assert.equal(slash.status, 404);
    assert.equal(messageOf(slash), 'Project 1001/jobs not found.');
    const bad = await as('owner')('GET', '/v4/projects/%E0%A4%A');
    assert.equal(bad.status, 400);
    assert.match(messageOf(bad), /malformed percent-encoding/);
    assert.equal((await as('owner')('GET', '/v4/projects/1001/')).status, 200);
  });

  test('unknown routes are 404 and wrong methods 405, both as gateway errors', async () => {
    const missing = await as('owner')('GET', '/v4/nothing-here');
    assert.equal(missing.status, 404);
    assert.match(messageOf(missing), /No endpoint GET \/v4\/nothing-here/);
    const wrong = await as('owner')('PATCH', '/v4/projects/1001');
    assert.equal(wrong.status, 405);
    assert.match(String(wrong.headers.allow), /GET/);
    assert.match(String(wrong.headers.allow), /DELETE/);
  });

  test('the literal /v4/projects/.locks wins over /v4/projects/:projectId', async () => {
    const res = await as('ps')('GET', '/v4/projects/.locks');
    assert.equal(res.status, 200);
    assert.ok('locks' in (res.json as object));
  });
});
