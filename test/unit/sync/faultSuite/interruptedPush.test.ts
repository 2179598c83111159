// Interrupted pushes, then the obvious re-run: nothing doubled, nothing lost (issue 14). A real `cstudio`
// child pushes two new samples (two append operations) through a loopback proxy to a sandbox whose jobs
// run for a platform-like second, and is stopped at spread instants, each triggered by an event:
//   - the proxy seeing the n-th append (SIGKILL or SIGINT, then the request forwarded or not), its reply
//     arriving (killed, reply dropped), the first job poll, the refresh's export;
//   - named points in the push and in the refresh's pull transaction (CSTUDIO_TEST_KILL_AT);
//   - replies lost at a seeded rate (appends and job polls), without any kill;
//   - appends refused with 429 + Retry-After, which must simply be retried;
//   - appends that reach the sandbox late (held 0.4-8 s by the proxy, a slow gateway) while the CLI is killed
//     meanwhile: the re-run must wait for them, not send them again (issue 27, finding 1).
// After each, `cstudio push --append --yes` runs again without faults, and the remote must hold each sample
// exactly once (count 1), the workspace likewise, and no unsettled push may remain.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestSandbox, type TestSandbox } from '../../helpers/sandbox';
import { sandboxEnv } from '../../helpers/cli';
import { clientFor } from '../../platform/support';
import type { PlatformClient } from '../../../../src/core/platform/client';
import type { TrsxDocument } from '../../../../src/core/formats/trsx/model';
import { prng } from '../../../../src/core/prng';
import { waitForProjectJobs } from '../../../../src/core/sync/pendingPush';
import { insertBefore, localTrsx, remoteTrsx } from '../support';
import { bundleCli, signalChild, startCli, type ChildRun } from './childCli';
import { LossyProxy, type ProxiedRequest, type ProxyRules, type RequestAction } from './lossyProxy';

const JOB_DURATION_MS = 1000;
/** How long the proxy holds a late append (0.4-8 s, as found in issue 27). */
const LATE_DELAYS_MS = [400, 1200, 2500, 4000, 6000, 8000];
/** The CLI's request timeout in the suite, and so the window a re-run waits for a late request: above the longest delay. */
const REQUEST_TIMEOUT_MS = 10_000;
const WORKERS = 4;

type Signal = 'SIGKILL' | 'SIGINT';
type Trial =
  | {
      kind: 'proxyKill';
      signal: Signal;
      event: 'appendSent' | 'appendUnsent' | 'appendReply' | 'jobPoll' | 'refreshExport';
      op: 0 | 1;
    }
  | { kind: 'killPoint'; signal: Signal; at: string }
  | { kind: 'lostReplies'; seed: number }
  | { kind: 'refused429'; op: 0 | 1 }
  | { kind: 'lateAppend'; op: 0 | 1; delayMs: number };

interface TrialResult {
  readonly name: string;
  readonly interrupted: boolean;
  readonly duplicates: number;
  readonly losses: number;
  readonly problems: string[];
  /** Wall time of the interrupted run and of the re-run, ms. */
  readonly ms: readonly [number, number];
}

function trials(): Trial[] {
  const list: Trial[] = [];
  for (const signal of ['SIGKILL', 'SIGINT'] as const) {
    for (const event of ['appendSent', 'appendUnsent', 'appendReply', 'jobPoll', 'refreshExport'] as const) {
      for (const op of [0, 1] as const) list.push({ kind: 'proxyKill', signal, event, op });
    }
    for (const at of [
      'push:journal',
      'push:sending:0',
      'push:sent:0',
      'push:ended:0',
      'push:sending:1',
      'push:sent:1',
      'push:ended:1',
      'push:refresh',
    ]) {
      list.push({ kind: 'killPoint', signal, at });
    }
  }
  // Inside the refresh's pull transaction: its staging (beside the jobs, pushedBase.ts) and its commit after them.
  for (let n = 1; n <= 6; n++) list.push({ kind: 'killPoint', signal: 'SIGKILL', at: `pull:${n}` });
  for (let seed = 1; seed <= 16; seed++) list.push({ kind: 'lostReplies', seed });
  for (const op of [0, 1] as const) list.push({ kind: 'refused429', op });
  for (const delayMs of LATE_DELAYS_MS)
    for (const op of [0, 1] as const) list.push({ kind: 'lateAppend', op, delayMs });
  return list;
}

function trialName(t: Trial): string {
  switch (t.kind) {
    case 'proxyKill':
      return `${t.signal} at ${t.event} #${t.op}`;
    case 'killPoint':
      return `${t.signal} at ${t.at}`;
    case 'lostReplies':
      return `lost replies, seed ${t.seed}`;
    case 'refused429':
      return `429 on append #${t.op}`;
    case 'lateAppend':
      return `append #${t.op} arriving ${t.delayMs} ms late, SIGKILL meanwhile`;
  }
}

const isAppend = (r: ProxiedRequest): boolean => r.method === 'PUT' && r.path.includes('/samples/.append');
const isJobPoll = (r: ProxiedRequest): boolean => r.method === 'GET' && /\/jobs\/[^/?]+/.test(r.path);
const isExport = (r: ProxiedRequest): boolean => r.method === 'GET' && r.path.includes('/.export');

/** Proxy rules that stop (or disturb) the push of one trial at its event. */
function rulesFor(t: Trial, run: () => ChildRun | undefined): ProxyRules {
  let appends = 0;
  let exports = 0;
  let polled = false;
  const stop = async (signal: Signal): Promise<void> => {
    const child = run();
    if (child) await signalChild(child, signal);
  };
  switch (t.kind) {
    case 'proxyKill':
      return {
        async onRequest(r) {
          if (isAppend(r)) appends++;
          if (isExport(r)) exports++;
          const mine = appends === t.op + 1;
          if ((t.event === 'appendSent' || t.event === 'appendUnsent') && isAppend(r) && mine) {
            await stop(t.signal);
            return t.event === 'appendSent' ? 'forward' : 'drop';
          }
          if (t.event === 'jobPoll' && isJobPoll(r) && mine && !polled) {
            polled = true;
            await stop(t.signal);
          }
          // op 0: at the refresh's export request; op 1: when its answer is in.
          if (t.event === 'refreshExport' && isExport(r) && exports === 3 && t.op === 0) await stop(t.signal);
          return 'forward';
        },
        async onReply(r) {
          if (t.event === 'appendReply' && isAppend(r) && appends === t.op + 1) {
            await stop(t.signal);
            return 'drop';
          }
          if (t.event === 'refreshExport' && isExport(r) && exports === 3 && t.op === 1) {
            await stop(t.signal);
            return 'drop';
          }
          return 'pass';
        },
      };
    case 'lostReplies': {
      const draw = prng(t.seed);
      return { onReply: (r) => ((isAppend(r) && draw() < 0.5) || (isJobPoll(r) && draw() < 0.3) ? 'drop' : 'pass') };
    }
    case 'refused429':
      return { onRequest: (r) => (isAppend(r) && ++appends === t.op + 1 ? 'refuse429' : 'forward') };
    case 'lateAppend':
      return {
        async onRequest(r): Promise<RequestAction> {
          if (!isAppend(r) || ++appends !== t.op + 1) return 'forward';
          await stop('SIGKILL');
          // The network holding the request (simulated latency, not a wait of the test's).
          await new Promise((resolve) => setTimeout(resolve, t.delayMs));
          return 'forward';
        },
      };
    case 'killPoint':
      return {};
  }
}

/** How often a sample with exactly this text is in the document, and the sum of its counts. */
function occurrences(doc: TrsxDocument, text: string): { entries: number; count: number } {
  const flat = (nodes: TrsxDocument['samples'][number]['content']): string =>
    nodes.map((n) => (typeof n === 'string' ? n : flat(n.content))).join('');
  const found = doc.samples.filter((s) => flat(s.content).trim() === text);
  return { entries: found.length, count: found.reduce((n, s) => n + (s.count ?? 1), 0) };
}

interface Worker {
  readonly sbx: TestSandbox;
  readonly proxy: LossyProxy;
  readonly owner: PlatformClient;
  readonly home: string;
  readonly cli: string;
  readonly dir: string;
  readonly env: NodeJS.ProcessEnv;
}

async function startWorker(cli: string): Promise<Worker> {
  const sbx = await startTestSandbox({ jobDurationMs: JOB_DURATION_MS });
  const proxy = await LossyProxy.start(sbx.baseUrl);
  const home = await mkdtemp(join(tmpdir(), 'cstudio-faults-'));
  const env = {
    ...sandboxEnv({ baseUrl: proxy.baseUrl, authUrl: proxy.baseUrl, logUrl: proxy.baseUrl }, sbx.client('owner')),
    HOME: home,
    CSTUDIO_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
  };
  const dir = join(home, 'ws');
  const pulled = await startCli(cli, ['pull', '1001', dir], { cwd: home, env }).done;
  assert.equal(pulled.code, 0, pulled.stderr);
  return { sbx, proxy, owner: clientFor(sbx, 'owner'), home, cli, dir, env };
}

async function stopWorker(w: Worker): Promise<void> {
  await w.owner.close();
  await w.proxy.close();
  await w.sbx.close();
  await rm(w.home, { recursive: true, force: true });
}

async function runTrial(w: Worker, t: Trial, id: number): Promise<TrialResult> {
  const name = trialName(t);
  const texts = [`fault trial ${id} large mocha`, `fault trial ${id} never mind`];
  const file = join(w.dir, 'en-US', 'en-US.trsx');
  await insertBefore(file, '</samples>', `  <sample intentref="ORDER_COFFEE">${texts[0]}</sample>`);
  await insertBefore(file, '</samples>', `  <sample intentref="CANCEL_ORDER">${texts[1]}</sample>`);
  const problems: string[] = [];

  const current: { child?: ChildRun } = {};
  w.proxy.rules = rulesFor(t, () => current.child);
  const droppedBefore = w.proxy.dropped;
  const env = t.kind === 'killPoint' ? { ...w.env, CSTUDIO_TEST_KILL_AT: `${t.at}@${t.signal}` } : w.env;
  const t0 = performance.now();
  current.child = startCli(w.cli, ['push', '--append', '--yes'], { cwd: w.dir, env });
  const first = await current.child.done;
  const t1 = performance.now();
  w.proxy.rules = {};
  const unsettled = existsSync(join(w.dir, '.cstudio', 'pending-push.json'));
  const interrupted = first.signal !== null || first.code !== 0 || unsettled || w.proxy.dropped > droppedBefore;
  if (t.kind === 'refused429' && first.code !== 0)
    problems.push(
      `a push refused once with 429 should complete after Retry-After; exit ${first.code}: ${first.stderr}`,
    );
  if (/may or may not have reached/.test(first.stdout) && t.kind === 'refused429')
    problems.push('a 429 was reported as an unknown outcome');

  const again = await startCli(w.cli, ['push', '--append', '--yes'], { cwd: w.dir, env: w.env }).done;
  if (again.code !== 0)
    problems.push(`the re-run push exited ${again.code}: ${again.stderr.trim()} ${again.stdout.trim()}`);

  const ms = [Math.round(t1 - t0), Math.round(performance.now() - t1)] as const;
  // A held request goes through whatever the CLI did; the count is taken once it and its job have ended.
  await w.proxy.idle();
  await waitForProjectJobs(w.owner, '1001');
  const remote = await remoteTrsx(w.owner, '1001', 'en-US');
  const local = await localTrsx(w.dir, 'en-US');
  let duplicates = 0;
  let losses = 0;
  for (const text of texts) {
    const r = occurrences(remote, text);
    const l = occurrences(local, text);
    if (r.count > 1 || r.entries > 1) duplicates++;
    if (r.entries === 0) losses++;
    if (l.entries !== 1) problems.push(`the workspace holds "${text}" ${l.entries} time(s)`);
  }
  if (existsSync(join(w.dir, '.cstudio', 'pending-push.json')))
    problems.push('an unsettled push remains after the re-run');
  const leftovers = (await readdir(join(w.dir, '.cstudio'))).filter((n) => n.startsWith('txn-'));
  if (leftovers.length > 0) problems.push(`transaction folders left: ${leftovers.join(', ')}`);
  if (duplicates + losses > 0 || problems.length > 0)
    problems.push(
      `first run: ${first.signal ?? first.code}\n${first.stdout}${first.stderr}\nre-run:\n${again.stdout}${again.stderr}`,
    );
  return { name, interrupted, duplicates, losses, problems, ms };
}

describe('interrupted pushes (fault suite)', () => {
  const workers: Worker[] = [];
  let bundleDir: string;
  before(async () => {
    bundleDir = await mkdtemp(join(tmpdir(), 'cstudio-child-'));
    const cli = await bundleCli(bundleDir);
    for (let i = 0; i < WORKERS; i++) workers.push(await startWorker(cli));
  });
  after(async () => {
    for (const w of workers) await stopWorker(w);
    await rm(bundleDir, { recursive: true, force: true });
  });

  test('SIGINT, SIGKILL and lost replies at spread instants, then the re-run: 0 duplicates, 0 losses', async (t) => {
    // FAULT_TRIALS=<n> runs only the first n trials, FAULT_ONLY=<text> those whose name holds it (a quick look
    // while working on the suite; the counts asserted below then fail, as they should).
    const all = trials()
      .filter((t) => !process.env.FAULT_ONLY || trialName(t).includes(process.env.FAULT_ONLY))
      .slice(0, Number(process.env.FAULT_TRIALS) || undefined);
    const results: TrialResult[] = [];
    let next = 0;
    // Bounded concurrency: each worker (own sandbox, proxy and workspace) runs its trials one by one.
    await Promise.all(
      workers.map(async (w) => {
        while (next < all.length) {
          const id = next++;
          const trial = all[id];
          if (trial) results.push(await runTrial(w, trial, id));
        }
      }),
    );
    const interrupted = results.filter((r) => r.interrupted).length;
    const duplicates = results.reduce((n, r) => n + r.duplicates, 0);
    const losses = results.reduce((n, r) => n + r.losses, 0);
    t.diagnostic(
      `push trials: ${results.length}, interrupted: ${interrupted}, samples duplicated: ${duplicates}, samples lost: ${losses} (job duration ${JOB_DURATION_MS} ms)`,
    );
    for (const r of results)
      t.diagnostic(
        `${r.name}: ${r.interrupted ? 'interrupted' : 'not interrupted'}, ${r.ms[0]} ms + re-run ${r.ms[1]} ms`,
      );
    const failed = results.filter((r) => r.problems.length > 0 || r.duplicates + r.losses > 0);
    assert.deepEqual(
      failed.map((r) => `${r.name}: ${r.problems.join('; ')}`),
      [],
    );
    assert.equal(duplicates, 0);
    assert.equal(losses, 0);
    assert.ok(interrupted >= 50, `only ${interrupted} pushes were interrupted`);
  });
});
