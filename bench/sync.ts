// Sync engine benchmark, against a real sandbox running in a child process (so its memory is not counted).
// Workload: one project with 100,000 samples over 8 locales (12,500 each, ~20 MB of package content).
// 1. Status (local against the base) of the pulled folder vs a baseline measured in the same run: list the
//    folder, read every package file and sha256 it. Rounds alternate; the headline is the median of
//    per-round ratios. Goal: ≤ 1.5×.
// 2. Pull (fresh) and push (one sample added to one locale: append, then a whole-package replace) each run in
//    a child process of their own; peak memory is that process's maximum RSS minus its RSS just before the
//    operation. Goal: ≤ 3× the package size.
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PlatformClient } from '../src/core/platform/client';
import { buildTrsx } from '../src/core/formats/trsx/build';
import type { SampleNode, TrsxDocument } from '../src/core/formats/trsx/model';
import { listPackageFolder } from '../src/core/package/folder';
import { writeZip } from '../src/core/package/zip';
import { sha256 } from '../src/core/sync/hashing';
import { pull } from '../src/core/sync/pull';
import { executePush, preparePush } from '../src/core/sync/push';
import { workspaceStatus } from '../src/core/sync/status';

const LOCALES = ['en-US', 'fr-CA', 'de-DE', 'es-US', 'it-IT', 'pt-BR', 'nl-NL', 'ja-JP'];
const SAMPLES_PER_LOCALE = 12_500;
const ROUNDS = 7;
const STATUS_GOAL = 1.5;
const MEMORY_GOAL = 3;

interface ConnectionInfo { baseUrl: string; authUrl: string; logUrl: string; clientId: string; clientSecret: string }

function clientOf(c: ConnectionInfo): PlatformClient {
  return new PlatformClient({ connection: { name: 'bench', baseUrl: c.baseUrl, authUrl: c.authUrl, logUrl: c.logUrl, clientId: c.clientId }, getSecret: async () => c.clientSecret });
}

function makeRandom(seed: number): (n: number) => number {
  let s = seed;
  return (n) => { s = (s * 1103515245 + 12345) & 0x7fffffff; return s % n; };
}

const WORDS = 'i want to book a table flight please could you help me find the status of my order check balance today tomorrow for with and new account transfer money from savings into checking what is'.split(' ');

function localeDocument(locale: string, seed: number): TrsxDocument {
  const random = makeRandom(seed);
  const phrase = (n: number): string => Array.from({ length: n }, () => WORDS[random(WORDS.length)] ?? 'x').join(' ');
  const concepts = ['CITY', 'DATE_WORD', 'ITEM'];
  const doc: TrsxDocument = {
    lang: locale, version: '2.6', metadata: [],
    sources: [{ name: 'nuance_custom_data', displayName: 'nuance_custom_data', version: '1.0', type: 'CUSTOM', useForOOV: true }],
    intents: Array.from({ length: 20 }, (_, i) => ({ name: `INTENT_${i}`, links: [{ conceptref: concepts[i % 3] as string }] })),
    concepts: concepts.map((name) => ({ name, settings: [], relations: [] })),
    dictionaries: concepts.map((conceptref) => ({ conceptref, entries: Array.from({ length: 50 }, (_, k) => ({ literal: `${phrase(2)} ${k}`, value: `v${k}` })) })),
    samples: [],
  };
  for (let i = 0; i < SAMPLES_PER_LOCALE; i++) {
    const content: SampleNode[] = [`${phrase(8 + random(10))} ${i} `, { conceptref: concepts[random(3)] as string, content: [phrase(2)] }, ` ${phrase(6 + random(8))}`];
    doc.samples.push({ intentref: `INTENT_${random(20)}`, count: 1 + random(2), excluded: false, fullyVerified: true, content });
  }
  return doc;
}

// ---- child processes -------------------------------------------------------------------------------

async function runSandboxChild(dataDir: string): Promise<void> {
  const { startSandbox } = await import('../src/sandbox/server');
  const sandbox = await startSandbox({ dataDir, port: 0, host: '127.0.0.1', jobDurationMs: 50 });
  const owner = sandbox.clients[0];
  process.stdout.write(`${JSON.stringify({ baseUrl: sandbox.baseUrl, authUrl: sandbox.authUrl, logUrl: sandbox.logUrl, clientId: owner?.clientId, clientSecret: owner?.clientSecret })}\n`);
  // Lives as long as the IPC channel to the parent: it ends when the parent disconnects or dies.
  process.on('disconnect', () => { void sandbox.close().then(() => process.exit(0)); });
}

async function runOperationChild(op: string, conn: ConnectionInfo, projectId: string, dir: string): Promise<void> {
  const client = clientOf(conn);
  globalThis.gc?.();
  const before = process.memoryUsage().rss;
  const started = performance.now();
  if (op === 'pull') await pull(client, dir, projectId);
  else {
    const prepared = await preparePush(client, dir, op === 'append' ? { mode: 'append' } : { mode: 'replace', scope: 'package' });
    const outcome = await executePush(client, prepared);
    if (outcome.status !== 'completed') throw new Error(`push ${op} ended ${outcome.status}: ${JSON.stringify(outcome.results.map((r) => r.error))}`);
  }
  const ms = performance.now() - started;
  const peak = process.resourceUsage().maxRSS * 1024;
  await client.close();
  process.stdout.write(`${JSON.stringify({ ms, before, peak })}\n`);
}

// ---- parent ------------------------------------------------------------------------------------------

function firstLine(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    if (!child.stdout) { reject(new Error('child has no stdout')); return; }
    const rl = createInterface({ input: child.stdout });
    // Later lines are read and dropped, so a chatty child never blocks on a full pipe.
    let first = true;
    rl.on('line', (line) => { if (first) { first = false; resolve(line); } });
    child.once('exit', (code) => reject(new Error(`child exited with ${code}`)));
  });
}

async function measureChild(op: string, conn: ConnectionInfo, projectId: string, dir: string): Promise<{ ms: number; growth: number }> {
  const child = spawn(process.execPath, ['--expose-gc', process.argv[1] ?? '', '--op', op, JSON.stringify(conn), projectId, dir], { stdio: ['ignore', 'pipe', 'inherit'] });
  const result = JSON.parse(await firstLine(child)) as { ms: number; before: number; peak: number };
  return { ms: result.ms, growth: Math.max(0, result.peak - result.before) };
}

async function readAndHash(dir: string): Promise<number> {
  let bytes = 0;
  for (const path of await listPackageFolder(dir)) {
    const data = await readFile(join(dir, ...path.split('/')));
    sha256(data);
    bytes += data.length;
  }
  return bytes;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const mb = (n: number): string => `${(n / 1e6).toFixed(1)} MB`;

async function main(): Promise<void> {
  const work = await mkdtemp(join(tmpdir(), 'cstudio-bench-sync-'));
  const sandbox = spawn(process.execPath, [process.argv[1] ?? '', '--sandbox', join(work, 'sandbox')], { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
  try {
    const conn = JSON.parse(await firstLine(sandbox)) as ConnectionInfo;
    // Generated before the client connects: seconds of synchronous work would leave a keep-alive socket
    // the server has closed meanwhile, and the (non-retried) upload would meet it.
    const files = new Map<string, Uint8Array>();
    const enc = new TextEncoder();
    files.set('metadata.json', enc.encode(`${JSON.stringify({ name: 'Sync bench' })}\n`));
    files.set('dialog.json', enc.encode('{}\n'));
    LOCALES.forEach((l, i) => files.set(`${l}/${l}.trsx`, enc.encode(buildTrsx(localeDocument(l, i + 1)))));
    const contentBytes = [...files.values()].reduce((n, f) => n + f.length, 0);
    const zip = writeZip(files);
    const client = clientOf(conn);
    const project = await client.projects.create('1', { displayName: 'Sync bench', languages: LOCALES, isChildDataCompliant: 'NO' });
    const job = await client.jobPoller.waitFor(project.id, await client.projects.replacePackage(project.id, zip));
    if (job.status !== 'COMPLETED') throw new Error(`seeding the bench project ended ${job.status}`);
    await client.close();
    console.log(`workload: project ${project.id}, ${LOCALES.length} locales × ${SAMPLES_PER_LOCALE} samples = ${LOCALES.length * SAMPLES_PER_LOCALE} samples; package ${mb(contentBytes)} content, ${mb(zip.length)} zipped`);

    const dir = join(work, 'ws');
    const pulled = await measureChild('pull', conn, project.id, dir);

    // 1. status vs read + hash
    await workspaceStatus(dir);
    await readAndHash(dir);
    const ratios: number[] = [];
    const ours: number[] = [];
    const base: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      let t = performance.now();
      const status = await workspaceStatus(dir);
      ours.push(performance.now() - t);
      if (status.sync !== 'clean') throw new Error('the bench workspace should be clean');
      t = performance.now();
      await readAndHash(dir);
      base.push(performance.now() - t);
      ratios.push((ours.at(-1) ?? 0) / (base.at(-1) ?? 1));
    }
    const ratio = median(ratios);
    console.log(`status (clean, 100k samples): median ${median(ours).toFixed(0)} ms vs read+sha256 of the files ${median(base).toFixed(0)} ms → ${ratio.toFixed(2)}× (goal ≤ ${STATUS_GOAL}×) ${ratio <= STATUS_GOAL ? 'OK' : 'OVER'}`);

    const file = join(dir, 'en-US', 'en-US.trsx');
    const text = await readFile(file, 'utf8');
    await writeFile(file, text.replace('</samples>', '  <sample intentref="INTENT_1">a sample added by the bench</sample>\n  </samples>'));
    const t = performance.now();
    const edited = await workspaceStatus(dir);
    console.log(`status with one locale edited (parses that file and its base): ${(performance.now() - t).toFixed(0)} ms, ${edited.ahead} file(s) ahead`);

    const appended = await measureChild('append', conn, project.id, dir);
    const again = await readFile(file, 'utf8');
    await writeFile(file, again.replace('</samples>', '  <sample intentref="INTENT_2">another sample added by the bench</sample>\n  </samples>'));
    const replaced = await measureChild('replace', conn, project.id, dir);
    for (const [name, m] of [['pull (fresh)', pulled], ['push --append (1 sample)', appended], ['push --replace --package', replaced]] as const) {
      const r = m.growth / contentBytes;
      console.log(`${name}: ${m.ms.toFixed(0)} ms, peak RSS growth ${mb(m.growth)} = ${r.toFixed(2)}× the package (goal ≤ ${MEMORY_GOAL}×) ${r <= MEMORY_GOAL ? 'OK' : 'OVER'}`);
    }
  } finally {
    if (sandbox.connected) sandbox.disconnect();
    await new Promise((r) => sandbox.once('exit', r));
    await rm(work, { recursive: true, force: true });
  }
}

const args = process.argv.slice(2);
const run = args[0] === '--sandbox' ? runSandboxChild(args[1] ?? '')
  : args[0] === '--op' ? runOperationChild(args[1] ?? '', JSON.parse(args[2] ?? '{}') as ConnectionInfo, args[3] ?? '', args[4] ?? '')
    : main();
run.catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
