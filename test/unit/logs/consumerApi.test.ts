// The sandbox's event-log consumer API over real HTTP, in the public collector's call order and shapes:
// every endpoint, subscribe vs assign, offsets and commits, long polls, groups, persistence.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { send } from '../helpers/sandboxHttp';
import {
  consumer,
  drain,
  groupName,
  keys,
  simulate,
  startLogSandbox,
  TOPIC,
  type LogSandbox,
  type WireRecord,
} from './support';

let l: LogSandbox;
let total: number;

before(async () => {
  l = await startLogSandbox();
  total = await simulate(l, 40);
});
after(async () => {
  await l.sb.close();
});

describe('consumer API: lifecycle and shapes', () => {
  test("the collector's call order works and every reply has the documented status and shape", async () => {
    const c = consumer(l, 'consumer-order');
    assert.equal((await c('POST', '/consumers', { 'auto.offset.reset': 'earliest' })).status, 204);
    const created = await c('POST', '/consumers', {});
    assert.equal(created.status, 409);
    assert.deepEqual(Object.keys(created.json as object).sort(), ['error_code', 'message']);
    assert.equal((await c('POST', '/consumers/subscription', { topics: [TOPIC] })).status, 204);
    assert.deepEqual((await c('GET', '/consumers/subscription')).json, { topics: [TOPIC] });
    const parts = await c('GET', '/partitions');
    assert.equal(parts.status, 200);
    assert.deepEqual(parts.json, { topic: TOPIC, partitions: [0, 1, 2, 3] });
    let end = 0;
    for (const p of [0, 1, 2, 3]) {
      const range = (await c('GET', `/partitions/${p}/offsets`)).json as {
        beginning_offset: number;
        end_offset: number;
      };
      assert.equal(range.beginning_offset, 0);
      end += range.end_offset;
    }
    assert.equal(end, total, 'the end offsets add up to every record written');
    const assignments = (await c('GET', '/consumers/assignments')).json as {
      partitions: Array<{ topic: string; partition: number }>;
    };
    assert.deepEqual(
      assignments.partitions.map((p) => p.partition),
      [0, 1, 2, 3],
    );
    const records = await drain(c);
    assert.equal(records.length, total);
    const r = records[0] as WireRecord;
    assert.deepEqual(Object.keys(r), ['topic', 'key', 'value', 'partition', 'offset']);
    assert.equal(r.topic, TOPIC);
    assert.match(r.key.id, /^[0-9a-f-]{36}$/);
    for (const f of ['specversion', 'service', 'source', 'type', 'id', 'timestamp', 'appid', 'datacontenttype', 'data'])
      assert.ok(f in r.value, f);
    assert.equal(new Set(keys(records)).size, total, 'no duplicates');
    assert.deepEqual(
      new Set(records.map((x) => x.key.service)),
      new Set([
        'DLGaaS',
        'TTSaaS',
        'ASRaaS',
        'NLUaaS',
        ...(records.some((x) => x.key.service === 'NRaaS') ? ['NRaaS'] : []),
      ]),
    );
    const summary = records.find((x) => x.value.type === 'asr-callsummary');
    const recognize = (
      summary?.value.data.callsummary as {
        recognize: Array<{ audioUrn: string; recognitionParameters: { audioFormat: string } }>;
      }
    ).recognize[0];
    assert.match(recognize?.audioUrn ?? '', /^urn:svc:log:service:audio\/asraas\//);
    assert.match(recognize?.recognitionParameters.audioFormat ?? '', /rate=(8000|16000)/);
    assert.equal((await c('POST', '/consumers/subscription')).status, 400, 'subscribe needs a body');
    assert.equal((await c('DELETE', '/consumers/subscription')).status, 204);
    assert.deepEqual((await c('GET', '/consumers/subscription')).json, { topics: [] });
    assert.equal((await c('DELETE', '/consumers')).status, 204);
    const gone = await c('GET', '/consumers/records');
    assert.equal(gone.status, 404);
    assert.deepEqual(gone.json, { error_code: 40403, message: 'Consumer instance not found.' });
  });

  test('create validates the topic (from the group), the headers and the properties', async () => {
    const unknown = await consumer(l, 'consumer-x', groupName('tests', '01', 'NO-SUCH-APP'))('POST', '/consumers', {});
    assert.equal(unknown.status, 400);
    assert.match((unknown.json as { message: string }).message, /Topic "NO-SUCH-APP" not found/);
    const otherOrg = await consumer(l, 'consumer-x', groupName('tests', '01', 'PARTNER-DEV'))('POST', '/consumers', {});
    assert.equal(otherOrg.status, 400, "another organization's topic looks missing");
    const badGroup = await consumer(l, 'consumer-x', 'my-group')('POST', '/consumers', {});
    assert.equal(badGroup.status, 400);
    assert.match((badGroup.json as { message: string }).message, /appID-<app id>-clientName-/);
    const noHeaders = await send(l.sb, 'POST', '/consumers', { token: l.logToken, json: {} });
    assert.equal(noHeaders.status, 400);
    for (const body of [
      { 'auto.offset.reset': 'oldest' },
      { 'fetch.min.bytes': 'many' },
      { 'auto.commit.enable': 'yes' },
      { bogus: '1' },
    ]) {
      const res = await consumer(l, 'consumer-props')('POST', '/consumers', body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.equal((res.json as { error_code: number }).error_code, 400);
    }
  });

  test('subscribe and assign exclude each other; unsubscribe clears both; partitions may be strings', async () => {
    const c = consumer(l, 'consumer-mix');
    await c('POST', '/consumers', {});
    assert.equal(
      (
        await c('POST', '/consumers/assignments', {
          partitions: [
            { topic: TOPIC, partition: '1' },
            { topic: TOPIC, partition: 3 },
          ],
        })
      ).status,
      204,
    );
    assert.deepEqual((await c('GET', '/consumers/assignments')).json, {
      partitions: [
        { topic: TOPIC, partition: 1 },
        { topic: TOPIC, partition: 3 },
      ],
    });
    const mixed = await c('POST', '/consumers/subscription', { topics: [TOPIC] });
    assert.equal(mixed.status, 409);
    assert.equal((mixed.json as { error_code: number }).error_code, 40903);
    assert.equal((await c('DELETE', '/consumers/subscription')).status, 204);
    assert.deepEqual((await c('GET', '/consumers/assignments')).json, { partitions: [] });
    assert.equal((await c('POST', '/consumers/subscription', { topics: [TOPIC] })).status, 204);
    assert.equal(
      (await c('POST', '/consumers/assignments', { partitions: [{ topic: TOPIC, partition: 0 }] })).status,
      409,
    );
    assert.equal((await c('POST', '/consumers/subscription', { topics: ['OTHER'] })).status, 400);
    const badPartition = await c('POST', '/consumers/positions/beginning', {
      partitions: [{ topic: TOPIC, partition: 9 }],
    });
    assert.equal(badPartition.status, 404);
    assert.equal((badPartition.json as { error_code: number }).error_code, 40402);
    assert.equal((await c('GET', '/partitions/7/offsets')).status, 404);
    await c('DELETE', '/consumers');
  });

  test('a consumer that is neither subscribed nor assigned cannot fetch', async () => {
    const c = consumer(l, 'consumer-idle-mode');
    await c('POST', '/consumers', {});
    const res = await c('GET', '/consumers/records');
    assert.equal(res.status, 409);
    assert.match((res.json as { message: string }).message, /subscribe/);
    await c('DELETE', '/consumers');
  });
});

describe('consumer API: offsets and commits', () => {
  test('positions resolve from committed offsets, then auto.offset.reset; commit semantics', async () => {
    const group = groupName('offsets');
    const a = consumer(l, 'consumer-a', group);
    await a('POST', '/consumers', { 'auto.offset.reset': 'earliest' });
    await a('POST', '/consumers/assignments', { partitions: [{ topic: TOPIC, partition: 0 }] });
    const committedNone = await a('POST', '/consumers/committed/offsets', {
      partitions: [{ topic: TOPIC, partition: '0' }],
    });
    assert.deepEqual(committedNone.json, { offsets: [] }, 'partitions never committed are absent');
    const first = (await a('GET', '/consumers/records')).json as WireRecord[];
    assert.ok(first.length > 0 && first.every((r) => r.partition === 0));
    assert.equal(first[0]?.offset, 0);
    // An empty body commits everything fetched: the committed offset is the next record to read.
    assert.equal((await a('POST', '/consumers/offsets')).status, 204);
    const committed = (
      await a('POST', '/consumers/committed/offsets', { partitions: [{ topic: TOPIC, partition: 0 }] })
    ).json as { offsets: Array<{ offset: number; metadata: string }> };
    assert.equal(committed.offsets[0]?.offset, (first[first.length - 1]?.offset ?? 0) + 1);
    assert.equal(committed.offsets[0]?.metadata, '');
    await a('DELETE', '/consumers');

    // A new member of the group resumes exactly at the committed offset.
    const b = consumer(l, 'consumer-b', group);
    await b('POST', '/consumers', { 'auto.offset.reset': 'latest' });
    await b('POST', '/consumers/assignments', { partitions: [{ topic: TOPIC, partition: 0 }] });
    const next = (await b('GET', '/consumers/records?timeout=50')).json as WireRecord[];
    const end = ((await b('GET', '/partitions/0/offsets')).json as { end_offset: number }).end_offset;
    assert.equal(next[0]?.offset ?? end, committed.offsets[0]?.offset);

    // Explicit commits, overrides and seeks.
    assert.equal(
      (await b('POST', '/consumers/offsets', { offsets: [{ topic: TOPIC, partition: '0', offset: 2 }] })).status,
      204,
    );
    assert.equal(
      (
        (await b('POST', '/consumers/committed/offsets', { partitions: [{ topic: TOPIC, partition: 0 }] })).json as {
          offsets: Array<{ offset: number }>;
        }
      ).offsets[0]?.offset,
      2,
    );
    assert.equal(
      (await b('POST', '/consumers/positions', { offsets: [{ topic: TOPIC, partition: 0, offset: 3 }] })).status,
      204,
    );
    assert.equal(((await b('GET', '/consumers/records')).json as WireRecord[])[0]?.offset, 3);
    assert.equal(
      (await b('POST', '/consumers/positions/beginning', { partitions: [{ topic: TOPIC, partition: 0 }] })).status,
      204,
    );
    assert.equal(((await b('GET', '/consumers/records')).json as WireRecord[])[0]?.offset, 0);
    assert.equal(
      (await b('POST', '/consumers/positions/end', { partitions: [{ topic: TOPIC, partition: 0 }] })).status,
      204,
    );
    assert.deepEqual((await b('GET', '/consumers/records?timeout=20')).json, []);
    assert.equal(
      (await b('POST', '/consumers/positions', { offsets: [{ topic: TOPIC, partition: 1, offset: 0 }] })).status,
      409,
      'seeking a partition it does not own',
    );
    assert.equal(
      (await b('POST', '/consumers/offsets', { offsets: [{ topic: TOPIC, partition: 0, offset: -1 }] })).status,
      400,
    );
    await b('DELETE', '/consumers');
  });

  test('the collector commits the LAST record fetched: resuming there repeats one record, never loses one', async () => {
    const group = groupName('collector');
    const a = consumer(l, 'consumer-c1', group);
    await a('POST', '/consumers', {});
    await a('POST', '/consumers/assignments', { partitions: [{ topic: TOPIC, partition: '2' }] });
    await a('POST', '/consumers/offsets', { offsets: [{ topic: TOPIC, partition: 2, offset: 0 }] });
    await a('POST', '/consumers/positions/beginning', { partitions: [{ topic: TOPIC, partition: '2' }] });
    const batch = (await a('GET', '/consumers/records')).json as WireRecord[];
    const last = batch[batch.length - 1]?.offset ?? 0;
    await a('POST', '/consumers/offsets', { offsets: [{ topic: TOPIC, partition: 2, offset: last }] });
    await a('DELETE', '/consumers');
    const b = consumer(l, 'consumer-c2', group);
    await b('POST', '/consumers', {});
    await b('POST', '/consumers/assignments', { partitions: [{ topic: TOPIC, partition: '2' }] });
    const resumed = (await b('GET', '/consumers/records?timeout=50')).json as WireRecord[];
    if (resumed.length > 0) assert.equal(resumed[0]?.offset, last);
    await b('DELETE', '/consumers');
  });

  test('auto.offset.reset none fails the fetch until an offset is committed; auto-commit advances with fetches', async () => {
    const group = groupName('none');
    const c = consumer(l, 'consumer-none', group);
    await c('POST', '/consumers', { 'auto.offset.reset': 'none', 'auto.commit.enable': 'true' });
    await c('POST', '/consumers/assignments', { partitions: [{ topic: TOPIC, partition: 1 }] });
    const refused = await c('GET', '/consumers/records');
    assert.equal(refused.status, 409);
    assert.match((refused.json as { message: string }).message, /auto\.offset\.reset is "none"/);
    await c('POST', '/consumers/offsets', { offsets: [{ topic: TOPIC, partition: 1, offset: 1 }] });
    const batch = (await c('GET', '/consumers/records')).json as WireRecord[];
    assert.equal(batch[0]?.offset, 1);
    const after = (await c('POST', '/consumers/committed/offsets', { partitions: [{ topic: TOPIC, partition: 1 }] }))
      .json as { offsets: Array<{ offset: number }> };
    assert.equal(after.offsets[0]?.offset, (batch[batch.length - 1]?.offset ?? 0) + 1);
    await c('DELETE', '/consumers');
  });
});

describe('consumer API: fetching', () => {
  test('an empty fetch long-polls up to consumer.request.timeout.ms and returns early when records arrive', async () => {
    const c = consumer(l, 'consumer-poll', groupName('poll'));
    await c('POST', '/consumers', { 'consumer.request.timeout.ms': '300' });
    await c('POST', '/consumers/subscription', { topics: [TOPIC] });
    let t0 = Date.now();
    assert.deepEqual((await c('GET', '/consumers/records')).json, []);
    const waited = Date.now() - t0;
    assert.ok(waited >= 250 && waited < 5000, `waited ${waited} ms`);
    const slow = consumer(l, 'consumer-poll2', groupName('poll-slow'));
    await slow('POST', '/consumers', { 'consumer.request.timeout.ms': '30000' });
    await slow('POST', '/consumers/subscription', { topics: [TOPIC] });
    await slow('GET', '/consumers/records?timeout=10');
    t0 = Date.now();
    const pending = slow('GET', '/consumers/records');
    await new Promise((r) => setTimeout(r, 100));
    const written = await simulate(l, 1);
    total += written;
    const got = (await pending).json as WireRecord[];
    assert.ok(got.length > 0 && got.length <= written);
    assert.ok(Date.now() - t0 < 20_000, 'returned when records arrived, not at the 30 s timeout');
    await c('DELETE', '/consumers');
    await slow('DELETE', '/consumers');
  });

  test('fetch.min.bytes holds the reply until enough bytes or the timeout; max_bytes bounds it', async () => {
    const c = consumer(l, 'consumer-minbytes');
    await c('POST', '/consumers', {
      'fetch.min.bytes': String(50 * 1024 * 1024),
      'consumer.request.timeout.ms': '250',
      'auto.offset.reset': 'earliest',
    });
    await c('POST', '/consumers/assignments', { partitions: [{ topic: TOPIC, partition: 0 }] });
    const t0 = Date.now();
    const all = (await c('GET', '/consumers/records')).json as WireRecord[];
    assert.ok(Date.now() - t0 >= 200, 'waited for more bytes');
    assert.ok(all.length > 0, 'then returned what there was');
    await c('POST', '/consumers/positions/beginning', { partitions: [{ topic: TOPIC, partition: 0 }] });
    const small = await c('GET', '/consumers/records?max_bytes=2000');
    assert.ok((small.json as WireRecord[]).length >= 1 && small.bytes.length < 2000 + 4000);
    await c('DELETE', '/consumers');
  });

  test('two consumers of one group split the partitions, and the survivor takes them all back', async () => {
    const group = groupName('pair');
    const a = consumer(l, 'consumer-p1', group);
    const b = consumer(l, 'consumer-p2', group);
    await a('POST', '/consumers', { 'auto.offset.reset': 'earliest' });
    await a('POST', '/consumers/subscription', { topics: [TOPIC] });
    await b('POST', '/consumers', { 'auto.offset.reset': 'earliest' });
    await b('POST', '/consumers/subscription', { topics: [TOPIC] });
    const owned = async (c: typeof a): Promise<number[]> =>
      ((await c('GET', '/consumers/assignments')).json as { partitions: Array<{ partition: number }> }).partitions.map(
        (p) => p.partition,
      );
    const pa = await owned(a);
    const pb = await owned(b);
    assert.equal(pa.length, 2);
    assert.equal(pb.length, 2);
    assert.deepEqual([...pa, ...pb].sort(), [0, 1, 2, 3]);
    const ra = await drain(a);
    const rb = await drain(b);
    assert.ok(ra.every((r) => pa.includes(r.partition)) && rb.every((r) => pb.includes(r.partition)));
    assert.equal(new Set([...keys(ra), ...keys(rb)]).size, ra.length + rb.length, 'no record went to both');
    assert.equal(ra.length + rb.length, total);
    await a('POST', '/consumers/offsets');
    await a('DELETE', '/consumers');
    assert.deepEqual(await owned(b), [0, 1, 2, 3]);
    await b('DELETE', '/consumers');
  });
});

describe('consumer API: auth', () => {
  test('a log token is required; errors keep the errorResponse shape', async () => {
    const none = await send(l.sb, 'GET', '/partitions', {
      headers: { 'consumer-group': groupName(), 'consumer-name': 'x' },
    });
    assert.equal(none.status, 401);
    assert.ok('error_code' in (none.json as object));
    const mgmt = await consumer(l, 'consumer-auth', groupName(), l.mgmtToken)('GET', '/partitions');
    assert.equal(mgmt.status, 403);
    assert.match((mgmt.json as { message: string }).message, /"log"/);
    // And the management API keeps requiring its own scopes.
    assert.equal((await send(l.sb, 'GET', '/v4/organizations', { token: l.logToken })).status, 403);
  });
});
