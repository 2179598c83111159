// Event-log streaming throughput and memory: 200k records from the sandbox's consumer API through LogStream
// (consumer lifecycle, positions, commits, recovery bookkeeping) into the one-line formatter, against a bare
// undici fetch + JSON.parse loop over the same records with the same batch size. The sandbox runs in a
// child process; passes alternate (ABBA) and the judged ratio is the median of per-round ratios. Goal: ≥ 0.7×
// the bare loop's records/s, with a flat heap (sampled at 25/50/75/100% of the stream; spread < 20 MB).
import { Agent, request } from 'undici';
import { formatRecord } from '../src/core/logs/formatter';
import { LogStream } from '../src/core/logs/stream';
import { alternate, judge, median, reportGoals } from './lib/goals';
import { runWithSandboxChild, type SandboxChild, type SandboxInfo } from './lib/sandboxChild';

const RECORDS = 200_000;
const TOPIC = 'COFFEE-DEV';
const MAX_BYTES = 1024 * 1024;
const ROUNDS = 4;

const gc = (globalThis as { gc?: () => void }).gc;

function heapMb(): number {
  gc?.();
  return process.memoryUsage().heapUsed / 1024 / 1024;
}

interface Pass {
  recordsPerSec: number;
  heap: number[];
}

/** Samples the heap when `count` crosses each quarter of RECORDS. */
function sampler(): { tick(count: number): void; heap: number[] } {
  const heap: number[] = [];
  let next = 1;
  return {
    heap,
    tick: (count) => {
      while (next <= 4 && count >= (RECORDS * next) / 4) {
        heap.push(heapMb());
        next++;
      }
    },
  };
}

async function bench({ info, client, token }: SandboxChild): Promise<void> {
  const agent = new Agent({ keepAliveTimeout: 10_000 });
  const tokenFor = (scope: string): Promise<string> => token(agent, scope);
  try {
    const t0 = performance.now();
    const written = await fill(info, agent, await tokenFor('svc-api'));
    console.log(`filled ${TOPIC} with ${written} records in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const logToken = await tokenFor('log');

    const ours = async (): Promise<Pass> => {
      const s = sampler();
      const stream = new LogStream({
        requester: client.requester,
        topic: TOPIC,
        start: { kind: 'beginning' },
        untilEnd: true,
        clientName: `bench${Math.random().toString(36).slice(2, 8)}`,
        maxBytes: MAX_BYTES,
      });
      let count = 0;
      let chars = 0;
      const started = performance.now();
      for await (const record of stream) {
        chars += formatRecord(record).length;
        if (++count >= RECORDS) break;
        s.tick(count);
      }
      const seconds = (performance.now() - started) / 1000;
      s.tick(count);
      if (chars === 0) throw new Error('nothing formatted');
      return { recordsPerSec: count / seconds, heap: s.heap };
    };

    const bare = async (): Promise<Pass> => {
      const s = sampler();
      const headers = {
        authorization: `Bearer ${logToken}`,
        accept: 'application/json',
        'content-type': 'application/json',
        'consumer-group': `appID-${TOPIC}-clientName-bare${Math.random().toString(36).slice(2, 8)}-01`,
        'consumer-name': `consumer-bare`,
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
      const partitions = [0, 1, 2, 3].map((partition) => ({ topic: TOPIC, partition }));
      await call('POST', '/consumers', { 'auto.offset.reset': 'earliest' });
      await call('POST', '/consumers/assignments', { partitions });
      await call('POST', '/consumers/positions/beginning', { partitions });
      let count = 0;
      const started = performance.now();
      while (count < RECORDS) {
        const batch = JSON.parse(await call('GET', `/consumers/records?max_bytes=${MAX_BYTES}`)) as unknown[];
        count += batch.length;
        s.tick(count);
      }
      const seconds = (performance.now() - started) / 1000;
      await call('DELETE', '/consumers');
      return { recordsPerSec: count / seconds, heap: s.heap };
    };

    const baseHeap = heapMb();
    const oursPasses: Pass[] = [];
    const barePasses: Pass[] = [];
    const rounds = await alternate(
      ROUNDS,
      async () => {
        const p = await ours();
        oursPasses.push(p);
        return p.recordsPerSec;
      },
      async () => {
        const p = await bare();
        barePasses.push(p);
        return p.recordsPerSec;
      },
    );
    const middle = (passes: Pass[]): Pass =>
      [...passes].sort((x, y) => x.recordsPerSec - y.recordsPerSec)[Math.floor(passes.length / 2)] ??
      (passes[0] as Pass);
    const o = middle(oursPasses);
    const b = middle(barePasses);
    const heap = (p: Pass): string => p.heap.map((h) => `${h.toFixed(1)}`).join(' / ');
    console.log(
      `${RECORDS} records per pass, ${MAX_BYTES / 1024} KiB batches, ${ROUNDS} alternating rounds (median pass shown), sandbox in a child process`,
    );
    console.log(
      `  bare undici + JSON.parse     ${b.recordsPerSec.toFixed(0).padStart(7)} records/s   heap MB at 25/50/75/100%: ${heap(b)}`,
    );
    console.log(
      `  LogStream + formatRecord     ${o.recordsPerSec.toFixed(0).padStart(7)} records/s   heap MB at 25/50/75/100%: ${heap(o)}`,
    );
    const ratio = median(rounds.ratios);
    const growth = Math.max(...oursPasses.map((p) => Math.max(...p.heap) - Math.min(...p.heap)));
    console.log(
      `  ratio (ours / bare records/s, median of per-round ratios): ${ratio.toFixed(2)}×;   largest heap spread over a stream: ${growth.toFixed(1)} MB (baseline heap ${baseHeap.toFixed(1)} MB)`,
    );
    judge('log streaming throughput (ours / bare)', ratio, 0.7, { atLeast: true });
    judge('log streaming heap spread', growth, 20, { unit: ' MB' });
    reportGoals();
  } finally {
    await agent.close();
  }
}

/** Writes at least RECORDS records with the simulator (the demo app's deployed configuration). */
async function fill(info: SandboxInfo, agent: Agent, token: string): Promise<number> {
  const post = await request(`${info.baseUrl}/sandbox/v1/simulate`, {
    method: 'POST',
    dispatcher: agent,
    body: JSON.stringify({ appId: TOPIC, sessions: Math.ceil(RECORDS / 11) }),
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  });
  let sim = ((await post.body.json()) as { simulation: { id: string; status: string; records: number } }).simulation;
  while (sim.status === 'RUNNING') {
    await new Promise((r) => setTimeout(r, 250));
    const res = await request(`${info.baseUrl}/sandbox/v1/simulations/${sim.id}`, {
      dispatcher: agent,
      headers: { authorization: `Bearer ${token}` },
    });
    sim = ((await res.body.json()) as { simulation: typeof sim }).simulation;
  }
  if (sim.records < RECORDS) throw new Error(`the simulator wrote ${sim.records} records, fewer than ${RECORDS}`);
  return sim.records;
}

runWithSandboxChild(__filename, { logRateLimit: 0, logRetention: RECORDS }, bench);
