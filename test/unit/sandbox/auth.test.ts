// OAuth token endpoint and bearer checks over real HTTP.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'undici';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox';
import { basicAuth, send, token, tokenResponse } from '../helpers/sandboxHttp';

describe('sandbox OAuth', () => {
  let sbx: TestSandbox;
  let clock = Date.now();
  before(async () => {
    sbx = await startTestSandbox({ now: () => clock, tokenLifetimeSec: 60 });
  });
  after(async () => {
    await sbx.close();
  });

  test('a good client gets a bearer token with the requested scope', async () => {
    const owner = sbx.client('owner');
    assert.match(owner.clientId, /^svc-api-client:[0-9a-f-]{36}$/);
    const res = await tokenResponse(sbx, owner, 'svc-api');
    assert.equal(res.status, 200);
    assert.match(String(res.headers['content-type']), /^application\/json/);
    const body = res.json as Record<string, unknown>;
    assert.equal(body.token_type, 'Bearer');
    assert.equal(body.expires_in, 60);
    assert.equal(body.scope, 'svc-api');
    assert.equal(typeof body.access_token, 'string');
    const orgs = await send(sbx, 'GET', '/v4/organizations', { token: String(body.access_token) });
    assert.equal(orgs.status, 200);
  });

  test("the id's colon arrives as %3A and is decoded; a raw colon is tolerated too", async () => {
    const owner = sbx.client('owner');
    const encoded = basicAuth(owner.clientId, owner.clientSecret);
    assert.ok(Buffer.from(encoded.slice(6), 'base64').toString().startsWith('svc-api-client%3A'));
    const raw = `Basic ${Buffer.from(`${owner.clientId}:${owner.clientSecret}`).toString('base64')}`;
    for (const authorization of [encoded, raw]) {
      const res = await request(`${sbx.authUrl}/oauth2/token`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=client_credentials&scope=mix-api',
      });
      assert.equal(res.statusCode, 200);
      assert.equal(((await res.body.json()) as { scope: string }).scope, 'mix-api');
    }
  });

  test('a wrong secret or an unknown client gets 401 invalid_client', async () => {
    const owner = sbx.client('owner');
    for (const client of [
      { clientId: owner.clientId, clientSecret: 'wrong' },
      { clientId: 'svc-api-client:nobody', clientSecret: owner.clientSecret },
    ]) {
      const res = await tokenResponse(sbx, client);
      assert.equal(res.status, 401);
      const body = res.json as Record<string, string>;
      assert.equal(body.error, 'invalid_client');
      assert.ok(body.error_description && !body.error_description.includes(owner.clientSecret));
    }
  });

  test('unknown scopes and grant types are refused with OAuth errors', async () => {
    const owner = sbx.client('owner');
    const scope = await tokenResponse(sbx, owner, 'svc-api admin');
    assert.equal(scope.status, 400);
    assert.equal((scope.json as { error: string }).error, 'invalid_scope');
    const res = await request(`${sbx.authUrl}/oauth2/token`, {
      method: 'POST',
      headers: { authorization: basicAuth(owner.clientId, owner.clientSecret) },
      body: 'grant_type=password',
    });
    assert.equal(res.statusCode, 400);
    assert.equal(((await res.body.json()) as { error: string }).error, 'unsupported_grant_type');
  });

  test('scopes gate the APIs: a log token cannot call /v4', async () => {
    const t = await token(sbx, sbx.client('owner'), 'log');
    const res = await send(sbx, 'GET', '/v4/organizations', { token: t });
    assert.equal(res.status, 403);
    assert.match((res.json as { message: string }).message, /scope "log"/);
  });

  // managementRoute (src/sandbox/auth.ts) gives every management route its scopes: one route of each kind of family.
  test('every management route family refuses a log token and takes mix-api', async () => {
    const log = await token(sbx, sbx.client('owner'), 'log');
    const mix = await token(sbx, sbx.client('owner'), 'mix-api');
    const routes: Array<[string, string]> = [
      ['GET', '/v4/projects/1001'],
      ['POST', '/v4/projects/1001/.build'],
      ['PUT', '/v4/projects/1001/entities/DRINK/literals/.append?locale=en-US'],
      ['GET', '/v4/organizations/1/bots'],
      ['PUT', '/v4/app-configs/1/.deploy'],
      ['DELETE', '/v4/projects/1001/env-configs/GRAMMAR_BASE_PATH'],
    ];
    for (const [method, path] of routes) {
      const refused = await send(sbx, method, path, { token: log });
      assert.equal(refused.status, 403, `${method} ${path}`);
      assert.match((refused.json as { message: string }).message, /scope "log"/, `${method} ${path}`);
      const taken = await send(sbx, method, path, { token: mix });
      assert.doesNotMatch(JSON.stringify(taken.json ?? ''), /scope/, `${method} ${path}`);
    }
  });

  test('missing, unknown and expired bearer tokens get a 401 gateway error; the scheme is case-insensitive', async () => {
    const t = await token(sbx, sbx.client('admin'));
    const lower = await send(sbx, 'GET', '/v4/organizations', { headers: { authorization: `bearer ${t}` } });
    assert.equal(lower.status, 200);
    const none = await send(sbx, 'GET', '/v4/organizations');
    assert.equal(none.status, 401);
    assert.deepEqual(Object.keys(none.json as object).sort(), ['code', 'details', 'message']);
    assert.equal((none.json as { code: number }).code, 16);
    const forged = await send(sbx, 'GET', '/v4/organizations', { token: `${t.slice(0, -4)}AAAA` });
    assert.equal(forged.status, 401);
    clock += 61_000;
    const expired = await send(sbx, 'GET', '/v4/organizations', { token: t });
    assert.equal(expired.status, 401);
    assert.match((expired.json as { message: string }).message, /expired/);
  });

  test('tokens stay valid across a restart (signed with a persisted key)', async () => {
    const t = await token(sbx, sbx.client('owner'));
    await sbx.restart();
    const res = await send(sbx, 'GET', '/v4/organizations', { token: t });
    assert.equal(res.status, 200);
  });
});
