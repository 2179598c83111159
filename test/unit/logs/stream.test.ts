// The core/logs client (LogStream) against the sandbox over HTTP: every start mode, until-the-end, commits
// and resume, recovery after idle expiry, keep-alive, 429, groups — and the same scenarios with faults
// injected (latency, 5xx, connection resets, 429, empty fetches), where it must still deliver every
// record exactly once.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { PlatformClient } from '../../../src/core/platform/client';
import type { LogRecord } from '../../../src/core/logs/records';
import { LogStream } from '../../../src/core/logs/stream';
import type { LogStreamOptions } from '../../../src/core/logs/streamOptions';
import type { Logger } from '../../../src/core/logger';
import { clientFor, consumer, groupName, keys, simulate, startLogSandbox, TOPIC, type LogSandbox } from './support';

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

async function collect(
  stream: AsyncIterable<LogRecord>,
  each?: (r: LogRecord, i: number) => Promise<void>,
): Promise<LogRecord[]> {
  const out: LogRecord[] = [];
  for await (const r of stream) {
    out.push(r);
    if (each) await each(r, out.length);
  }
  return out;
}

/** Counts records handed out to the readers of a test and wakes whoever waits for a count: no polling. */
class Arrivals {
  private count = 0;
  private waiters: Array<() => void> = [];
  get total(): number {
    return this.count;
  }
  add(): void {
    this.count++;
    for (const wake of this.waiters.splice(0)) wake();
  }
  /** Resolves once `n` records arrived in all (the test's timeout is the safety net). */
  async reach(n: number): Promise<void> {
    while (this.count < n) await new Promise<void>((wake) => this.waiters.push(wake));
  }
}

/** A sandbox logger that tells when a consumer instance expires for idleness (its debug line names it). */
function expiryWatcher(): { logger: Logger; expired: (name: string) => Promise<void> } {
  const seen = new Set<string>();
  const waiting = new Map<string, () => void>();
  const note = (message: string): void => {
    const name = /consumer "([^"]+)" of group .* expired after/.exec(message)?.[1];
    if (!name) return;
    seen.add(name);
    waiting.get(name)?.();
  };
  const logger: Logger = {
    trace: () => undefined,
    debug: note,
    info: () => undefined,
    warn: () => undefined,
    error: () => undefined,
    child: () => logger,
  };
  return {
    logger,
    expired: (name) => (seen.has(name) ? Promise.resolve() : new Promise<void>((r) => waiting.set(name, r))),
  };
}

interface PairMember {
  readonly s: LogStream;
  readonly got: LogRecord[];
  /** Consumer instances the member used: a fault or an expiry can make it recreate its consumer. */
  readonly names: Set<string>;
  readonly done: Promise<void>;
}

/** A member of the group "pair" following the topic, resolved once it streams. */
async function startMember(
  stream: (o: Partial<LogStreamOptions>) => LogStream,
  arrivals: Arrivals,
  o: Partial<LogStreamOptions> = {},
): Promise<PairMember> {
  let streaming!: () => void;
  const ready = new Promise<void>((r) => {
    streaming = r;
  });
  const s = stream({
    partitions: 'subscribe',
    clientName: 'pair',
    requestTimeoutMs: 200,
    ...o,
    onStatus: (st) => {
      if (st.state === 'streaming') streaming();
    },
  });
  const got: LogRecord[] = [];
  const names = new Set<string>();
  const done = (async () => {
    for await (const r of s) {
      got.push(r);
      names.add(s.consumerName ?? '');
      arrivals.add();
    }
  })();
  done.catch(() => undefined);
  await ready;
  return { s, got, names, done };
}

interface PairRun {
  readonly a: PairMember;
  readonly b: PairMember;
  /** The partitions each member owned once both were streaming. */
  readonly pa: number[];
  readonly pb: number[];
  readonly written: number;
  /** Neither member recreated its consumer and the assignments never moved. */
  readonly stable: boolean;
}

/** The partitions the consumer of `s` owns (asked again when a fault or a reset meets the raw call). */
async function owned(l: LogSandbox, s: LogStream): Promise<number[]> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const res = await consumer(
      l,
      s.consumerName ?? '',
      s.group,
    )('GET', '/consumers/assignments').catch(() => undefined);
    if (res?.status === 200)
      return (res.json as { partitions: Array<{ partition: number }> }).partitions.map((p) => p.partition);
  }
  throw new Error(`could not read the assignments of ${s.consumerName ?? '?'}`);
}

/** The end offset of each of the four partitions (raw calls, asked again when an injected fault meets them). */
async function partitionEnds(l: LogSandbox): Promise<number[]> {
  const call = consumer(l, 'consumer-probe', groupName('probe'));
  const ends: number[] = [];
  for (let p = 0; p < 4; p++) {
    for (let attempt = 0; ; attempt++) {
      const res = await call('GET', `/partitions/${p}/offsets`).catch(() => undefined);
      if (res?.status === 200) {
        ends.push((res.json as { end_offset: number }).end_offset);
        break;
      }
      if (attempt >= 50) throw new Error(`could not read the offsets of partition ${p}`);
    }
  }
  return ends;
}

/** Simulated calls until every partition got records (a call's records share one partition, picked by its id). */
async function simulateIntoEveryPartition(l: LogSandbox): Promise<number> {
  const before = await partitionEnds(l);
  let written = await simulate(l, 12);
  while ((await partitionEnds(l)).some((end, p) => end === before[p])) written += await simulate(l, 4);
  return written;
}

/**
 * Two members of one group ("pair") following the topic: once both stream, checks they split the four
 * partitions two and two, writes simulated calls' records into every partition and waits until the members
 * together got them.
 */
async function readAsPair(l: LogSandbox, stream: (o: Partial<LogStreamOptions>) => LogStream): Promise<PairRun> {
  const arrivals = new Arrivals();
  const a = await startMember(stream, arrivals);
  let b: PairMember | undefined;
  try {
    b = await startMember(stream, arrivals);
    const pa = await owned(l, a.s);
    const pb = await owned(l, b.s);
    const firstNames = [a.s.consumerName, b.s.consumerName];
    assert.deepEqual([...pa, ...pb].sort(), [0, 1, 2, 3]);
    assert.equal(pa.length, 2);
    const written = await simulateIntoEveryPartition(l);
    await arrivals.reach(written);
    const lastNames = [a.s.consumerName, b.s.consumerName];
    const finalAssignments = [await owned(l, a.s).catch(() => undefined), await owned(l, b.s).catch(() => undefined)];
    await Promise.all([a.s.stop(), b.s.stop()]);
    await Promise.all([a.done, b.done]);
    const stable =
      JSON.stringify(finalAssignments) === JSON.stringify([pa, pb]) &&
      a.names.size <= 1 &&
      b.names.size <= 1 &&
      lastNames[0] === firstNames[0] &&
      lastNames[1] === firstNames[1];
    return { a, b, pa, pb, written, stable };
  } finally {
    await Promise.all([a.s.stop(), b?.s.stop()]);
  }
}

/** Each member read only its own partitions, and together they read every record exactly once. */
function assertSplitOnce({ a, b, pa, pb, written }: PairRun): void {
  assert.ok(
    a.got.every((r) => pa.includes(r.partition)) && b.got.every((r) => pb.includes(r.partition)),
    'each read only its partitions',
  );
  assert.equal(new Set(keys([...a.got, ...b.got])).size, written);
  assert.equal(a.got.length + b.got.length, written, 'no record read twice');
}

const FAULTS = 'latency=3,error5xx=0.08,reset=0.08,rate429=0.02,emptyFetch=0.3,seed=11';

function scenarios(name: string, faults: string | undefined): void {
  describe(`LogStream ${name}`, { timeout: 60_000 }, () => {
    let l: LogSandbox;
    let client: PlatformClient;
    let total = 0;
    const expiries = expiryWatcher();
    before(async () => {
      l = await startLogSandbox({ logIdleMs: 400, logger: expiries.logger });
      total = await simulate(l, 30);
      // Records are written first; the faults then hit only the reads.
      if (faults) await l.sb.restart({ logIdleMs: 400, faults });
      client = clientFor(l);
    });
    after(async () => {
      await client.close();
      await l.sb.close();
    });
    const stream = (o: Partial<LogStreamOptions>): LogStream =>
      new LogStream({ requester: client.requester, topic: TOPIC, retryDelayMs: 20, maxFailures: 30, ...o });

    test('from the beginning until the end: every record exactly once, then the consumer is deleted', async () => {
      const s = stream({ start: { kind: 'beginning' }, untilEnd: true, clientName: 'once', maxBytes: 16 * 1024 });
      const got = await collect(s);
      assert.equal(got.length, total);
      assert.equal(new Set(keys(got)).size, total);
      const name = s.consumerName ?? '';
      // Ask until an answer is not an injected fault (reset, 5xx, 429): then it must be 404.
      let status = 0;
      for (let attempt = 0; attempt < 50 && (status === 0 || status >= 500 || status === 429); attempt++) {
        status = await consumer(
          l,
          name,
          s.group,
        )('GET', '/consumers/assignments').then(
          (r) => r.status,
          () => 0,
        );
      }
      assert.equal(status, 404, 'the consumer was deleted when the stream ended');
    });

    test('commits what it handed out; a later stream resumes at the committed offsets', async () => {
      const first = stream({ start: { kind: 'beginning' }, untilEnd: true, clientName: 'resume' });
      let seen = 0;
      for await (const _ of first) if (++seen === 100) break;
      const second = await collect(
        stream({ start: { kind: 'committed', otherwise: 'beginning' }, untilEnd: true, clientName: 'resume' }),
      );
      assert.equal(second.length, total - 100, 'resumed right after the 100 records handed out');
    });

    test('recreates a consumer deleted for idleness and resumes without loss or duplicates', async () => {
      const s = stream({
        start: { kind: 'beginning' },
        untilEnd: true,
        clientName: 'idle',
        keepAliveMs: 60_000,
        maxBytes: 32 * 1024,
      });
      const names = new Set<string>();
      const got = await collect(s, async (_r, i) => {
        names.add(s.consumerName ?? '');
        // The reader pauses until the sandbox has deleted its consumer for idleness (no guess at how long).
        if (i === 20) await expiries.expired(s.consumerName ?? '');
      });
      assert.ok(names.size >= 2, 'the consumer was recreated');
      assert.equal(got.length, total);
      assert.equal(new Set(keys(got)).size, total);
    });
  });
}

scenarios('against the sandbox', undefined);
scenarios('under faults', FAULTS);

// Consumers idle out only after a minute here, so nothing can make a group rebalance while it reads: not the
// pauses that injected 429s impose (Retry-After: 1 s), nor a loaded machine. (With the 400 ms of the scenarios
// above a member paused by a 429 loses its consumer, and the other member rightly takes over every partition.)
for (const [label, faults] of [
  ['', undefined],
  [' under faults', FAULTS],
] as const) {
  describe(`LogStream group${label}`, { timeout: 60_000 }, () => {
    let l: LogSandbox;
    let client: PlatformClient;
    before(async () => {
      l = await startLogSandbox({ logIdleMs: 60_000, faults });
      client = clientFor(l);
    });
    after(async () => {
      await client.close();
      await l.sb.close();
    });
    const stream = (o: Partial<LogStreamOptions>): LogStream =>
      new LogStream({ requester: client.requester, topic: TOPIC, retryDelayMs: 20, maxFailures: 30, ...o });

    test('two streams of one group: each reads only its two partitions, together every record exactly once', async () => {
      const pair = await readAsPair(l, stream);
      assert.ok(pair.stable, 'no rebalance happened');
      assert.ok(pair.a.got.length > 0 && pair.b.got.length > 0, `${pair.a.got.length} / ${pair.b.got.length}`);
      assertSplitOnce(pair);
    });

    test('a member that gave partitions to a newcomer commits only the partitions it still owns', async () => {
      // The first member commits only when it stops, long after the newcomer took two of its partitions and
      // committed its reads there: its old positions of those must not move the group's offsets back.
      const arrivals = new Arrivals();
      const first = await startMember(stream, arrivals, { clientName: 'commits', commitIntervalMs: 600_000 });
      const newcomer = await startMember(stream, arrivals, { clientName: 'commits', commitIntervalMs: 0 });
      const written = await simulateIntoEveryPartition(l);
      await arrivals.reach(written);
      await newcomer.s.stop();
      await first.s.stop();
      await Promise.all([first.done, newcomer.done]);
      assert.ok(first.got.length > 0 && newcomer.got.length > 0, `${first.got.length} / ${newcomer.got.length}`);
      const again = await collect(
        stream({
          clientName: 'commits',
          partitions: 'all',
          start: { kind: 'committed', otherwise: 'beginning' },
          untilEnd: true,
        }),
      );
      assert.deepEqual(keys(again), [], 'the group resumes after everything its members read');
    });
  });
}

describe('LogStream modes', { timeout: 60_000 }, () => {
  let l: LogSandbox;
  let client: PlatformClient;
  before(async () => {
    l = await startLogSandbox({ logIdleMs: 500, logRateLimit: 25 });
    await simulate(l, 15);
    client = clientFor(l);
  });
  after(async () => {
    await client.close();
    await l.sb.close();
  });

  test('follow mode skips the past and streams records written later; stop ends it', async () => {
    const arrivals = new Arrivals();
    const follower = await startMember(
      (o) => new LogStream({ requester: client.requester, topic: TOPIC, ...o }),
      arrivals,
      { clientName: 'follow', partitions: 'all' },
    );
    const written = await simulate(l, 2);
    await arrivals.reach(written);
    await follower.s.stop();
    await follower.done;
    assert.equal(follower.got.length, written);
  });

  test('from an offset, and from a time', async () => {
    const all = await collect(
      new LogStream({
        requester: client.requester,
        topic: TOPIC,
        start: { kind: 'beginning' },
        untilEnd: true,
        clientName: 'all',
      }),
    );
    const fromFive = await collect(
      new LogStream({
        requester: client.requester,
        topic: TOPIC,
        start: { kind: 'offsets', offsets: 5 },
        untilEnd: true,
        clientName: 'offset',
      }),
    );
    assert.deepEqual(keys(fromFive), keys(all.filter((r) => r.offset >= 5)));
    const times = all.map((r) => Date.parse(r.value.timestamp ?? '')).sort((a, b) => a - b);
    const middle = times[Math.floor(times.length / 2)] ?? 0;
    const fromTime = await collect(
      new LogStream({
        requester: client.requester,
        topic: TOPIC,
        start: { kind: 'time', time: middle },
        untilEnd: true,
        clientName: 'time',
      }),
    );
    assert.deepEqual(keys(fromTime), keys(all.filter((r) => Date.parse(r.value.timestamp ?? '') >= middle)));
  });

  test('keeps a paused consumer alive, and waits out 429s', async () => {
    // Small batches, so the 25 requests a second the sandbox allows run out.
    const s = new LogStream({
      requester: client.requester,
      topic: TOPIC,
      start: { kind: 'beginning' },
      untilEnd: true,
      clientName: 'alive',
      keepAliveMs: 100,
      maxBytes: 4096,
      retryDelayMs: 20,
    });
    const names = new Set<string>();
    let total = 0;
    for await (const _ of s) {
      names.add(s.consumerName ?? '');
      // A reader that stops reading for twice the sandbox's idle time (500 ms): keep-alive requests hold on.
      if (++total === 3) await sleep(1000);
    }
    assert.deepEqual(names.size, 1, 'the same consumer throughout');
    assert.ok(total > 100);
  });

  test("an unknown topic fails with the server's message; a group name follows the spec pattern", async () => {
    const s = new LogStream({ requester: client.requester, topic: 'NO-SUCH-APP', clientName: 'x', groupNumber: 7 });
    assert.equal(s.group, 'appID-NO-SUCH-APP-clientName-x-07');
    await assert.rejects(collect(s), /Topic "NO-SUCH-APP" not found/);
    assert.equal(groupName('x', '07', 'NO-SUCH-APP'), s.group);
  });
});
