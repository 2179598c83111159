// Consumer expiry, rate limiting, persistence across restarts and the simulator's admin endpoint.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { send, token, tokenResponse } from '../helpers/sandboxHttp';
import { consumer, drain, groupName, simulate, startLogSandbox, TOPIC, type LogSandbox } from './support';

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

describe('idle consumers', () => {
  let l: LogSandbox;
  before(async () => {
    l = await startLogSandbox({ logIdleMs: 300 });
  });
  after(async () => {
    await l.sb.close();
  });

  test('an idle consumer is deleted (404 40403) and its group rebalances; requests keep one alive', async () => {
    const group = groupName('idle');
    const a = consumer(l, 'consumer-sleepy', group);
    const b = consumer(l, 'consumer-busy', group);
    for (const c of [a, b]) {
      assert.equal((await c('POST', '/consumers', {})).status, 204);
      await c('POST', '/consumers/subscription', { topics: [TOPIC] });
    }
    for (let i = 0; i < 8; i++) {
      await sleep(100);
      assert.equal((await b('GET', '/consumers/records?timeout=10')).status, 200);
    }
    const expired = await a('GET', '/consumers/records');
    assert.equal(expired.status, 404);
    assert.deepEqual(expired.json, { error_code: 40403, message: 'Consumer instance not found.' });
    const owned = (await b('GET', '/consumers/assignments')).json as { partitions: unknown[] };
    assert.equal(owned.partitions.length, 4, 'the survivor owns every partition');
    // The same name can be created again once the old instance is gone.
    assert.equal((await a('POST', '/consumers', {})).status, 204);
  });

  test('a stall of the sandbox itself is not idleness: a consumer polled right before and after it lives on', async () => {
    const c = consumer(l, 'consumer-stalled', groupName('stall'));
    assert.equal((await c('POST', '/consumers', {})).status, 204);
    await c('POST', '/consumers/subscription', { topics: [TOPIC] });
    assert.equal((await c('GET', '/consumers/records?timeout=10')).status, 200);
    // The sandbox runs in this process: holding the event loop for three idle periods is what a loaded machine
    // (or a long synchronous task of the sandbox) does to it. The client's next request was never late.
    const until = Date.now() + 900;
    while (Date.now() < until) {
      /* the process is stalled */
    }
    assert.equal((await c('GET', '/consumers/records?timeout=10')).status, 200, 'the consumer survived the stall');
    assert.equal(((await c('GET', '/consumers/assignments')).json as { partitions: unknown[] }).partitions.length, 4);
  });
});

describe('rate limit', () => {
  let l: LogSandbox;
  before(async () => {
    l = await startLogSandbox({ logRateLimit: 5 });
  });
  after(async () => {
    await l.sb.close();
  });

  test('requests beyond the rate get 429 with Retry-After, per client', async () => {
    const c = consumer(l, 'consumer-hasty');
    const statuses: number[] = [];
    let limited;
    for (let i = 0; i < 12; i++) {
      const res = await c('GET', '/partitions');
      statuses.push(res.status);
      if (res.status === 429) limited = res;
    }
    assert.ok(statuses.filter((s) => s === 200).length >= 5, statuses.join(','));
    assert.ok(limited, `no 429 in ${statuses.join(',')}`);
    assert.equal(limited.headers['retry-after'], '1');
    assert.equal((limited.json as { error_code: number }).error_code, 429);
    const other = await token(l.sb, l.sb.client('admin'), 'log');
    assert.equal(
      (await consumer(l, 'consumer-other', groupName(), other)('GET', '/partitions')).status,
      200,
      'another client has its own budget',
    );
    await sleep(1100);
    assert.equal((await c('GET', '/partitions')).status, 200, 'the budget refills');
  });
});

describe('persistence', () => {
  let l: LogSandbox;
  before(async () => {
    l = await startLogSandbox({ logPartitions: 2 });
  });
  after(async () => {
    await l.sb.close();
  });

  test('records and committed offsets survive a restart; consumer instances do not', async () => {
    const written = await simulate(l, 10);
    const group = groupName('restart');
    const c = consumer(l, 'consumer-before', group);
    await c('POST', '/consumers', { 'auto.offset.reset': 'earliest' });
    await c('POST', '/consumers/assignments', {
      partitions: [
        { topic: TOPIC, partition: 0 },
        { topic: TOPIC, partition: 1 },
      ],
    });
    const before = await drain(c);
    assert.equal(before.length, written);
    await c('POST', '/consumers/offsets', { offsets: [{ topic: TOPIC, partition: 0, offset: 3 }] });
    await l.sb.restart({ logPartitions: 8 });
    assert.equal((await c('GET', '/consumers/records')).status, 404);
    const d = consumer(l, 'consumer-after', group);
    assert.deepEqual(
      (await d('GET', '/partitions')).json,
      { topic: TOPIC, partitions: [0, 1] },
      'an existing topic keeps its partition count',
    );
    await d('POST', '/consumers', { 'auto.offset.reset': 'earliest' });
    await d('POST', '/consumers/assignments', {
      partitions: [
        { topic: TOPIC, partition: 0 },
        { topic: TOPIC, partition: 1 },
      ],
    });
    const committed = (
      await d('POST', '/consumers/committed/offsets', { partitions: [{ topic: TOPIC, partition: 0 }] })
    ).json as { offsets: Array<{ offset: number }> };
    assert.equal(committed.offsets[0]?.offset, 3);
    const after = await drain(d);
    const expected = before.filter((r) => r.partition === 1 || r.offset >= 3);
    assert.deepEqual(
      after.map((r) => JSON.stringify(r)).sort(),
      expected.map((r) => JSON.stringify(r)).sort(),
      'identical records, resumed at the committed offset',
    );
  });
});

describe('simulator endpoint', () => {
  let l: LogSandbox;
  before(async () => {
    l = await startLogSandbox();
  });
  after(async () => {
    await l.sb.close();
  });

  test('validates the application, the deployment and the role; a paced simulation can be cancelled', async () => {
    const post = (json: unknown, tok = l.mgmtToken): ReturnType<typeof send> =>
      send(l.sb, 'POST', '/sandbox/v1/simulate', { token: tok, json });
    assert.equal((await post({ appId: 'NOPE', sessions: 1 })).status, 404);
    const notDeployed = await post({ appId: 'COFFEE-NLU-DEV', sessions: 1 });
    assert.equal(notDeployed.status, 409);
    assert.match((notDeployed.json as { message: string }).message, /no configuration deployed/);
    assert.equal((await post({ appId: TOPIC, sessions: 0 })).status, 400);
    assert.equal((await post({ appId: TOPIC, sessions: 1, rate: -1 })).status, 400);
    const viewer = await token(l.sb, l.sb.client('viewer'));
    assert.equal((await post({ appId: TOPIC, sessions: 1 }, viewer)).status, 403);
    assert.equal((await post({ appId: TOPIC, sessions: 1 }, l.logToken)).status, 403, 'a management token is needed');
    const byAppId = await post({ appId: '501', sessions: 1 });
    assert.equal((byAppId.json as { simulation: { appId: string } }).simulation.appId, TOPIC);
    const paced = await post({ appId: TOPIC, sessions: 1000, rate: 5 });
    const id = (paced.json as { simulation: { id: string; status: string } }).simulation.id;
    type Sim = { simulation: { status: string; completedSessions: number } };
    // Cancelled once it has made progress (watched, not guessed with a sleep); at 5 a second it is far from done.
    for (let i = 0; i < 500; i++) {
      const now = (await send(l.sb, 'GET', `/sandbox/v1/simulations/${id}`, { token: l.mgmtToken })).json as Sim;
      if (now.simulation.completedSessions >= 1) break;
      await sleep(20);
    }
    const cancelled = await send(l.sb, 'DELETE', `/sandbox/v1/simulations/${id}`, { token: l.mgmtToken });
    const sim = (cancelled.json as Sim).simulation;
    assert.equal(sim.status, 'CANCELLED');
    assert.ok(sim.completedSessions >= 1 && sim.completedSessions < 1000, String(sim.completedSessions));
    const later = ((await send(l.sb, 'GET', `/sandbox/v1/simulations/${id}`, { token: l.mgmtToken })).json as Sim)
      .simulation;
    assert.deepEqual(
      [later.status, later.completedSessions],
      ['CANCELLED', sim.completedSessions],
      'nothing ran after the cancel',
    );
    assert.equal((await send(l.sb, 'GET', '/sandbox/v1/simulations/nope', { token: l.mgmtToken })).status, 404);
  });
});

describe('runtime clients (the collector signs in with one)', () => {
  let l: LogSandbox;
  before(async () => {
    l = await startLogSandbox();
  });
  after(async () => {
    await l.sb.close();
  });

  test('an appID client with scope log reads its own topic only, and gets no other scope', async () => {
    const state = JSON.parse(await readFile(join(l.sb.dataDir, 'state.json'), 'utf8')) as {
      applications: Array<{
        credentials: Array<{ appId: string; clients: Array<{ clientId: string; clientSecret: string }> }>;
      }>;
    };
    const clients = state.applications.flatMap((a) => a.credentials.flatMap((c) => c.clients));
    const reader = clients.find((c) => c.clientId === 'appID:COFFEE-DEV:geo:us:clientName:log-reader');
    assert.ok(reader, 'the seed has the log-reader client');
    assert.equal((await tokenResponse(l.sb, reader, 'svc-api')).status, 400, 'no management scope');
    const tok = await token(l.sb, reader, 'log');
    await simulate(l, 2);
    const c = consumer(l, 'consumer-collector', groupName('log-reader'), tok);
    assert.equal((await c('POST', '/consumers', { 'auto.offset.reset': 'earliest' })).status, 204);
    assert.equal((await c('POST', '/consumers/subscription', { topics: [TOPIC] })).status, 204);
    assert.ok((await drain(c)).length > 0);
    const other = await consumer(
      l,
      'consumer-collector',
      groupName('log-reader', '01', 'COFFEE-PROD'),
      tok,
    )('POST', '/consumers', {});
    assert.equal(other.status, 400, 'another runtime app ID looks missing');
    assert.equal((await send(l.sb, 'GET', '/v4/organizations', { token: tok })).status, 403);
  });
});
