// The Utterances view on a busy application: the sandbox topic filled with 100k interpreted utterances (the
// simulator's sessions, each an ASR call summary and an NLU Interpret per turn), read through what the view
// runs (features/discover/reviewSession.ts: a LogStream into core/discover's reviewUtterances, each item into
// the view's UtterancesModel). The sandbox runs in a child process, so its memory is not ours.
// - First rows: from opening the review to the model's first change that has a page of utterances to show
//   (the view draws on that change); goal ≤ 1 s (median of rounds). Floor, alternating with it: the bare
//   consumer API (create, assign, seek to the beginning, first Get Records) with undici, the least any reader
//   could wait.
// - Memory while scrolling: once all 100k are in, every intent paged through as the tree's "Show more" does
//   (page after page of PAGE_SIZE rows); heap after GC sampled at each quarter of the paging. Goal: spread
//   < 20 MB (paging keeps nothing). The model's own heap (bounded by its capacity) is printed too.
import { loadavg } from 'node:os';
import { Agent, request } from 'undici';
import { TrainingIndex } from '../src/core/discover/training';
import { silentLogger } from '../src/core/logger';
import type { PlatformClient } from '../src/core/platform/client';
import { ReviewSession } from '../src/features/discover/reviewSession';
import { PAGE_SIZE, UtterancesModel } from '../src/features/discover/utterancesModel';
import { alternate, judge, median, reportGoals } from './lib/goals';
import { runWithSandboxChild, type SandboxChild, type SandboxInfo } from './lib/sandboxChild';

const UTTERANCES = 100_000;
const TOPIC = 'COFFEE-DEV';
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const FIRST_ROWS_GOAL_MS = 1000;
const PAGING_SPREAD_GOAL_MB = 20;

const gc = (globalThis as { gc?: () => void }).gc;
const heapMb = (): number => {
  gc?.();
  return process.memoryUsage().heapUsed / 1024 / 1024;
};

/** Simulates sessions until the topic holds UTTERANCES interpreted turns; returns turns and records written. */
async function fill(info: SandboxInfo, agent: Agent, token: string): Promise<{ turns: number; records: number }> {
  let turns = 0;
  let records = 0;
  for (let seed = 1; turns < UTTERANCES; seed++) {
    const sessions = turns === 0 ? 1000 : Math.ceil(((UTTERANCES - turns) / turns) * 1000 * 1.02) + 1;
    const post = await request(`${info.baseUrl}/sandbox/v1/simulate`, {
      method: 'POST',
      dispatcher: agent,
      body: JSON.stringify({ appId: TOPIC, sessions, seed }),
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    });
    let sim = (
      (await post.body.json()) as {
        simulation: { id: string; status: string; records: number; traffic?: Record<string, number> };
      }
    ).simulation;
    while (sim.status === 'RUNNING') {
      await new Promise((r) => setTimeout(r, 250));
      const res = await request(`${info.baseUrl}/sandbox/v1/simulations/${sim.id}`, {
        dispatcher: agent,
        headers: { authorization: `Bearer ${token}` },
      });
      sim = ((await res.body.json()) as { simulation: typeof sim }).simulation;
    }
    turns += Object.values(sim.traffic ?? {}).reduce((a, b) => a + b, 0);
    records += sim.records;
  }
  return { turns, records };
}

/** Opens a review as the view does and resolves when its model first has rows to show (ms), then stops it. */
async function firstRows(client: PlatformClient, training: TrainingIndex): Promise<number> {
  const model = new UtterancesModel();
  const started = performance.now();
  let done: (ms: number) => void = () => undefined;
  const shown = new Promise<number>((resolve) => {
    done = resolve;
  });
  model.onDidChange(() => {
    const first = model.groups()[0];
    if (first && model.page(first.intent, PAGE_SIZE).length > 0) done(performance.now() - started);
  });
  const session = new ReviewSession({
    target: { connectionId: 'bench', topic: TOPIC, root: '' },
    requester: client.requester,
    model,
    training,
    from: 'beginning',
    logger: silentLogger,
  });
  const ms = await Promise.race([
    shown,
    session.ended.then(() => {
      throw session.error ?? new Error('the review ended before showing rows');
    }),
  ]);
  await session.stop();
  model.dispose();
  return ms;
}

/** The bare consumer API up to its first batch of records: the floor of any reader's first rows. */
async function bareFirstBatch(info: SandboxInfo, agent: Agent, token: string): Promise<number> {
  const headers = {
    authorization: `Bearer ${token}`,
    accept: 'application/json',
    'content-type': 'application/json',
    'consumer-group': `appID-${TOPIC}-clientName-bare${Math.random().toString(36).slice(2, 8)}-01`,
    'consumer-name': 'consumer-bare',
  };
  const call = async (method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<string> => {
    const res = await request(`${info.logUrl}${path}`, {
      method,
      headers,
      dispatcher: agent,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.body.text();
    if (res.statusCode >= 300) throw new Error(`${method} ${path}: ${res.statusCode} ${text}`);
    return text;
  };
  const started = performance.now();
  const partitions = [0, 1, 2, 3].map((partition) => ({ topic: TOPIC, partition }));
  await call('POST', '/consumers', { 'auto.offset.reset': 'earliest' });
  await call('POST', '/consumers/assignments', { partitions });
  await call('POST', '/consumers/positions/beginning', { partitions });
  let got = 0;
  while (got === 0) got = (JSON.parse(await call('GET', '/consumers/records?max_bytes=1048576')) as unknown[]).length;
  const ms = performance.now() - started;
  await call('DELETE', '/consumers');
  return ms;
}

/** Reads the whole topic into a model, then pages through every intent; heap sampled at each quarter of the paging. */
async function scroll(
  client: PlatformClient,
  training: TrainingIndex,
  records: number,
): Promise<{ modelMb: number; heap: number[]; rows: number }> {
  const before = heapMb();
  const model = new UtterancesModel();
  let all: () => void = () => undefined;
  const read = new Promise<void>((resolve) => {
    all = resolve;
  });
  const session = new ReviewSession({
    target: { connectionId: 'bench', topic: TOPIC, root: '' },
    requester: client.requester,
    model,
    training,
    from: 'beginning',
    logger: silentLogger,
    onRecord: (n) => {
      if (n >= records) all();
    },
  });
  await read;
  await session.stop();
  const modelMb = heapMb() - before;
  const groups = model.groups();
  const total = groups.reduce((n, g) => n + g.count, 0);
  const heap: number[] = [];
  let rows = 0;
  let quarter = 1;
  for (const g of groups) {
    // "Show more" as the tree does it: the intent's rows grow by a page, and the tree asks for all of them again.
    for (let limit = PAGE_SIZE; ; limit += PAGE_SIZE) {
      const page = model.page(g.intent, limit);
      const fresh = page.length - (limit - PAGE_SIZE);
      rows += Math.max(0, fresh);
      while (quarter <= 4 && rows >= (total * quarter) / 4) {
        heap.push(heapMb());
        quarter++;
      }
      if (page.length < limit) break;
    }
  }
  model.dispose();
  return { modelMb, heap, rows };
}

async function bench({ info, client, token }: SandboxChild): Promise<void> {
  const agent = new Agent({ keepAliveTimeout: 10_000 });
  const tokenFor = (scope: string): Promise<string> => token(agent, scope);
  try {
    const t0 = performance.now();
    const { turns, records } = await fill(info, agent, await tokenFor('svc-api'));
    console.log(
      `filled ${TOPIC} with ${turns} interpreted utterances (${records} records) in ${((performance.now() - t0) / 1000).toFixed(1)} s (load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')})`,
    );
    const logToken = await tokenFor('log');
    const training = TrainingIndex.empty();
    await firstRows(client, training); // warm-up
    const time = await alternate(
      ROUNDS,
      () => firstRows(client, training),
      () => bareFirstBatch(info, agent, logToken),
    );
    console.log(
      `first rows: median ${median(time.ours).toFixed(0)} ms (rounds ${time.ours.map((x) => x.toFixed(0)).join(' ')}); floor (bare consumer API to its first batch): median ${median(time.base).toFixed(0)} ms (rounds ${time.base.map((x) => x.toFixed(0)).join(' ')}); first rows / floor ${median(time.ratios).toFixed(2)}×`,
    );
    judge('Utterances first rows with 100k records', median(time.ours), FIRST_ROWS_GOAL_MS, { unit: ' ms' });
    const s = await scroll(client, training, records);
    const spread = Math.max(...s.heap) - Math.min(...s.heap);
    console.log(
      `scrolling: ${s.rows} rows paged ${PAGE_SIZE} at a time; model of ${turns} utterances: ${s.modelMb.toFixed(0)} MB of heap; heap while paging (after GC, each quarter) ${s.heap.map((h) => h.toFixed(1)).join(' / ')} MB`,
    );
    judge('heap spread while paging through all utterances', spread, PAGING_SPREAD_GOAL_MB, { unit: ' MB' });
  } finally {
    await agent.close();
  }
  reportGoals();
}

runWithSandboxChild(__filename, { logRateLimit: 0, logRetention: 10 * UTTERANCES }, bench);
