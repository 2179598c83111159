// Fault injection: parsing, determinism from the seed, the spared token endpoint, resets, latency, no state change.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'undici';
import { Faults, parseFaults } from '../../../src/sandbox/faults';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox';
import { token, tokenResponse } from '../helpers/sandboxHttp';

async function outcomes(sbx: TestSandbox, n: number): Promise<string[]> {
  const t = await token(sbx, sbx.client('owner'));
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    try {
      const res = await request(`${sbx.baseUrl}/v4/organizations`, { headers: { authorization: `Bearer ${t}` } });
      await res.body.dump();
      out.push(String(res.statusCode));
    } catch {
      out.push('reset');
    }
  }
  return out;
}

describe('sandbox faults', () => {
  test('specs are parsed strictly', () => {
    assert.deepEqual(parseFaults('latency=50,error5xx=0.1,reset=0.05,seed=42'), {
      latencyMs: 50,
      error5xx: 0.1,
      reset: 0.05,
      rate429: 0,
      retryAfterSec: 1,
      emptyFetch: 0,
      seed: 42,
      auth: false,
    });
    assert.equal(parseFaults('rate429=0.05,emptyFetch=0.3,auth=1').auth, true);
    assert.equal(parseFaults('rate429=1,retryAfter=86400').retryAfterSec, 86_400);
    for (const bad of [
      'error5xx=2',
      'latency=-1',
      'bogus=1',
      'seed=1.5',
      'reset',
      'error5xx=0.6,reset=0.6',
      'auth=2',
      'retryAfter=1.5',
      'retryAfter=-1',
    ]) {
      assert.throws(() => parseFaults(bad), Error, bad);
    }
  });

  test('the same seed gives the same faults in the same order; another seed differs', async () => {
    const spec = 'error5xx=0.3,reset=0.1,rate429=0.1,seed=42';
    const runs: string[][] = [];
    for (const faults of [spec, spec, spec.replace('seed=42', 'seed=7')]) {
      const sbx = await startTestSandbox({ faults });
      try {
        runs.push(await outcomes(sbx, 40));
      } finally {
        await sbx.close();
      }
    }
    const [a, b, c] = runs;
    assert.deepEqual(a, b);
    assert.notDeepEqual(a, c);
    for (const kind of ['200', 'reset', '429']) assert.ok(a?.includes(kind), `${kind} in ${a?.join(',')}`);
    assert.ok(a?.some((s) => s === '500' || s === '503'));
  });

  test('the token endpoint is spared unless auth=1; injected errors change no state', async () => {
    const sbx = await startTestSandbox({ faults: 'error5xx=1' });
    try {
      assert.equal((await tokenResponse(sbx, sbx.client('owner'))).status, 200);
      const t = await token(sbx, sbx.client('owner'));
      const res = await request(`${sbx.baseUrl}/v4/projects/1001/.rename`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${t}`, 'content-type': 'application/json' },
        body: '{"displayName":"Broken"}',
      });
      assert.ok(res.statusCode === 500 || res.statusCode === 503);
      const body = (await res.body.json()) as { code: number; message: string };
      assert.match(body.message, /Injected fault/);
      await sbx.restart({ faults: 'error5xx=1,auth=1' });
      const refused = await tokenResponse(sbx, sbx.client('owner'));
      assert.ok(refused.status === 500 || refused.status === 503);
      await sbx.restart({ faults: undefined });
      const p = await request(`${sbx.baseUrl}/v4/projects/1001`, { headers: { authorization: `Bearer ${t}` } });
      assert.equal(((await p.body.json()) as { project: { displayName: string } }).project.displayName, 'Coffee Shop');
    } finally {
      await sbx.close();
    }
  });

  test('latency delays every eligible request; 429 carries Retry-After', async () => {
    const sbx = await startTestSandbox({ faults: 'latency=80,rate429=1' });
    try {
      const t = await token(sbx, sbx.client('owner'));
      const started = Date.now();
      const res = await request(`${sbx.baseUrl}/v4/organizations`, { headers: { authorization: `Bearer ${t}` } });
      await res.body.dump();
      assert.ok(Date.now() - started >= 75);
      assert.equal(res.statusCode, 429);
      assert.equal(res.headers['retry-after'], '1');
    } finally {
      await sbx.close();
    }
  });

  test('empty fetches draw from their own seeded stream', () => {
    const draws = (f: Faults): boolean[] => Array.from({ length: 50 }, () => f.emptyFetch());
    const a = new Faults(parseFaults('emptyFetch=0.3,seed=42'));
    const b = new Faults(parseFaults('emptyFetch=0.3,seed=42,error5xx=0.5'));
    b.decide();
    b.decide();
    const da = draws(a);
    assert.deepEqual(da, draws(b));
    const share = da.filter(Boolean).length / da.length;
    assert.ok(share > 0.1 && share < 0.5, String(share));
    assert.equal(new Faults(undefined).emptyFetch(), false);
  });
});
