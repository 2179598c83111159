// Language services on a TRSX file with 50k samples (one locale, ~4 MB), against the same run's baseline: a full
// parse + validate of that file (parseTrsx + validateTrsx), what diagnostics would cost without incrementality.
//  1. Edit to updated diagnostics: a one-character edit inside a random sample, then the diagnostics of the new
//     text — measured in this thread (DiagnosticsEngine: incremental parse and validation) and through the real
//     language server the extension and `cstudio lsp` run (bundled, in a child process, over stdio: didChange sent,
//     publishDiagnostics received; the editor's debounce set to 0). Goal: median ≤ 0.25× the baseline. Edits
//     outside <samples> fall back to a full validation; their time is printed too.
//  2. Completion latency p95 through the same server: intentref values, annotation conceptref values (half-typed
//     markup: no full parse) and element names, each request right after a one-character edit, with the default
//     250 ms diagnostics delay. Goal: ≤ 50 ms.
// Exits non-zero when a goal is missed.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildTrsx } from '../src/core/formats/trsx/build';
import type { SampleNode, TrsxDocument } from '../src/core/formats/trsx/model';
import { parseTrsx } from '../src/core/formats/trsx/parse';
import { validateTrsx } from '../src/core/formats/trsx/validate';
import { DiagnosticsEngine } from '../src/core/language/diagnosticsEngine';
import { nodeFileSystem } from '../src/core/language/fileSystem';
import { LineIndex } from '../src/core/formats/diagnostic';
import { applyChange, type TextChange } from '../src/core/language/textChange';
import { bundleEntry } from './lib/bundle';
import {
  createMessageConnection,
  StreamMessageReader,
  StreamMessageWriter,
  type MessageConnection,
} from 'vscode-jsonrpc/node';

const SAMPLES = 50_000;
const GOAL = 0.25;
const EDITS = 40;
const COMPLETIONS = 150;
const COMPLETION_P95_GOAL_MS = 50;
const URI = 'file:///bench/bench.trsx';

function makeRandom(seed: number): (n: number) => number {
  let s = seed;
  return (n) => {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    return s % n;
  };
}

function generate(): string {
  const random = makeRandom(1);
  const words =
    'i want to book a flight please could you help me find the status of my order check balance today tomorrow'.split(
      ' ',
    );
  const phrase = (n: number): string => Array.from({ length: n }, () => words[random(words.length)]).join(' ');
  const concepts = Array.from({ length: 24 }, (_, i) => `eConcept${i}`);
  const doc: TrsxDocument = {
    lang: 'eng-USA',
    version: '2.6',
    metadata: [{ key: 'created_by', value: 'bench' }],
    sources: [],
    intents: Array.from({ length: 60 }, (_, i) => ({
      name: `iIntent${i}`,
      links: [{ conceptref: concepts[i % 24] as string }],
    })),
    concepts: concepts.map((name, i) => ({
      name,
      dataType: i % 3 === 0 ? 'date' : 'alphanum',
      settings: [],
      relations: [],
    })),
    dictionaries: concepts
      .filter((_, i) => i % 3 !== 0)
      .map((conceptref) => ({
        conceptref,
        entries: Array.from({ length: 20 }, (_, k) => ({ literal: `${phrase(2)} ${k}`, value: `v${k}` })),
      })),
    samples: [],
  };
  for (let i = 0; i < SAMPLES; i++) {
    const content: SampleNode[] = [`${phrase(3 + random(6))} ${i}`];
    if (random(2) === 1)
      content.push({ conceptref: concepts[random(24)] as string, content: [phrase(2)] }, ` ${phrase(2)}`);
    doc.samples.push({ intentref: `iIntent${random(60)}`, count: 1 + random(3), content });
  }
  return buildTrsx(doc);
}

function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
}

function percentile(values: readonly number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? 0;
}

/** A one-character insertion inside the text of a random sample. */
function typing(text: string, random: (n: number) => number): TextChange {
  const at = text.indexOf('</sample>', text.indexOf('<samples>') + random(text.length - text.indexOf('<samples>')));
  const where = at === -1 ? text.indexOf('</sample>') : at;
  return { start: where, end: where, text: 'x' };
}

/** The language server as the extension ships it: bundled from its entry point, run in a child over stdio. */
async function startServer(): Promise<{ rpc: MessageConnection; stop: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'cstudio-bench-'));
  const path = join(dir, 'languageServer.js');
  bundleEntry('src/core/language/server/main.ts', path);
  // CSTUDIO_BENCH_CPU_PROFILE=<folder>: the server writes a CPU profile there (node --cpu-prof) when it exits.
  const profile = process.env.CSTUDIO_BENCH_CPU_PROFILE;
  const child = spawn(
    process.execPath,
    [...(profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : []), path, '--stdio'],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const rpc = createMessageConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  rpc.onNotification('window/logMessage', () => undefined);
  rpc.listen();
  await rpc.sendRequest('initialize', {
    processId: process.pid,
    rootUri: null,
    capabilities: {},
    initializationOptions: { diagnosticsDelayMs: 0 },
  });
  await rpc.sendNotification('initialized', {});
  return {
    rpc,
    stop: async () => {
      await rpc.sendRequest('shutdown');
      const exited = new Promise((resolve) => child.once('exit', resolve));
      await rpc.sendNotification('exit');
      await exited;
      rpc.dispose();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

interface DidChangeParams {
  textDocument: { uri: string; version: number };
  contentChanges: Array<{
    range: { start: { line: number; character: number }; end: { line: number; character: number } };
    text: string;
  }>;
}

/**
 * didChange for one edit, with positions computed on the text before it. Computed before the clock starts: an
 * editor knows its positions, and scanning 4 MB for line breaks here is the client's work, not the server's.
 */
function changeParams(text: string, version: number, change: TextChange): DidChangeParams {
  const lines = new LineIndex(text);
  const pos = (o: number): { line: number; character: number } => {
    const p = lines.position(o);
    return { line: p.line - 1, character: p.column - 1 };
  };
  return {
    textDocument: { uri: URI, version },
    contentChanges: [{ range: { start: pos(change.start), end: pos(change.end) }, text: change.text }],
  };
}

function didChange(rpc: MessageConnection, params: DidChangeParams): Promise<void> {
  return rpc.sendNotification('textDocument/didChange', params);
}

async function main(): Promise<void> {
  const original = generate();
  const mb = original.length / 1024 / 1024;
  const full = (text: string): number => {
    const t0 = performance.now();
    const r = parseTrsx(text);
    const d = validateTrsx(r);
    if (d.some((x) => x.severity === 'error'))
      throw new Error(`generated TRSX has errors: ${JSON.stringify(d.slice(0, 2))}`);
    return performance.now() - t0;
  };
  full(original);
  const baselineRuns = Array.from({ length: 7 }, () => full(original));
  const baseline = median(baselineRuns);
  console.log(`workload: one TRSX file, ${SAMPLES} samples, ${mb.toFixed(1)} MB`);
  console.log(
    `baseline (full parse + validate): median ${baseline.toFixed(0)} ms  rounds: ${baselineRuns.map((x) => x.toFixed(0)).join(' ')}`,
  );

  // 1a. In this thread: the engine the worker runs.
  const random = makeRandom(7);
  const engine = new DiagnosticsEngine(nodeFileSystem);
  let text = original;
  engine.open('bench.trsx', 'trsx', 1, text);
  engine.diagnostics('bench.trsx');
  const inProcess: number[] = [];
  let incremental = 0;
  for (let i = 0; i < EDITS; i++) {
    const change = typing(text, random);
    text = applyChange(text, change);
    const t0 = performance.now();
    engine.change('bench.trsx', i + 2, [change]);
    const r = engine.diagnostics('bench.trsx');
    inProcess.push(performance.now() - t0);
    if (r?.incremental) incremental++;
  }
  const inMedian = median(inProcess);
  console.log(
    `edit → diagnostics, in process: median ${inMedian.toFixed(1)} ms, p95 ${percentile(inProcess, 95).toFixed(1)} ms (${incremental}/${EDITS} incremental) — ${(inMedian / baseline).toFixed(3)}× the baseline`,
  );

  // 1b. Through the language server, as the extension and `cstudio lsp` run it.
  const server = await startServer();
  const misses: string[] = [];
  const published = new Map<number, (incremental: boolean) => void>();
  server.rpc.onNotification('cstudio/diagnosticsPublished', (p: { version: number; incremental: boolean }) =>
    published.get(p.version)?.(p.incremental),
  );
  const diagnosticsOf = (version: number): Promise<boolean> =>
    new Promise((resolve) => published.set(version, resolve));
  let wtext = original;
  let version = 1;
  const opened = diagnosticsOf(version);
  await server.rpc.sendNotification('textDocument/didOpen', {
    textDocument: { uri: URI, languageId: 'trsx', version, text: wtext },
  });
  await opened;
  const viaServer: number[] = [];
  for (let i = 0; i < EDITS; i++) {
    const change = typing(wtext, random);
    const before = wtext;
    wtext = applyChange(wtext, change);
    version++;
    const done = diagnosticsOf(version);
    const params = changeParams(before, version, change);
    const t0 = performance.now();
    await didChange(server.rpc, params);
    const incrementalHere = await done;
    viaServer.push(performance.now() - t0);
    if (!incrementalHere) console.log(`  edit ${i} was not incremental`);
  }
  const sMedian = median(viaServer);
  const ratio = sMedian / baseline;
  console.log(
    `edit → diagnostics, via the language server: median ${sMedian.toFixed(1)} ms, p95 ${percentile(viaServer, 95).toFixed(1)} ms — ratio ${ratio.toFixed(3)}× the baseline (goal ≤ ${GOAL}×: ${ratio <= GOAL ? 'OK' : 'ABOVE GOAL'})`,
  );
  if (ratio > GOAL) misses.push(`edit → diagnostics ${ratio.toFixed(3)}× > ${GOAL}×`);
  {
    // An edit in the ontology cannot be incremental: the server validates in full (the editor stays free).
    const inOntology = wtext.indexOf('name="iIntent1"') + 6;
    const before = wtext;
    const change = { start: inOntology, end: inOntology, text: 'y' };
    wtext = applyChange(wtext, change);
    version++;
    const done = diagnosticsOf(version);
    const params = changeParams(before, version, change);
    const t0 = performance.now();
    await didChange(server.rpc, params);
    await done;
    console.log(
      `edit in the ontology (full validation, in the server): ${(performance.now() - t0).toFixed(0)} ms (${((performance.now() - t0) / baseline).toFixed(2)}× the baseline)`,
    );
    const undo = { start: inOntology, end: inOntology + 1, text: '' };
    const undone = diagnosticsOf(++version);
    await didChange(server.rpc, changeParams(wtext, version, undo));
    wtext = applyChange(wtext, undo);
    await undone;
  }

  // 2. Completion latency through the server, each request right after a typed character. Diagnostics now wait for
  // the editor's default quiet time (250 ms), as they do in use: a full validation of half-typed markup would
  // otherwise run between the keystroke and the completion request on the server's one thread.
  await server.rpc.sendNotification('workspace/didChangeConfiguration', {
    settings: { cstudio: { language: { diagnosticsDelayMs: 250 } } },
  });
  let ctext = wtext;
  const latencies: number[] = [];
  let empty = 0;
  for (let i = 0; i < COMPLETIONS; i++) {
    const kind = i % 3;
    let change = typing(ctext, random);
    let offset: number;
    if (kind === 0) {
      // inside an intentref value
      const s = ctext.indexOf('<sample intentref="', change.start - 400);
      change = { start: s + '<sample intentref="'.length, end: s + '<sample intentref="'.length, text: 'i' };
      offset = change.start + 1;
    } else if (kind === 1) {
      // typing a new annotation: markup half-written
      change = { ...change, text: '<annotation conceptref="e' };
      offset = change.start + change.text.length;
    } else {
      // an element name
      change = { ...change, text: '<' };
      offset = change.start + 1;
    }
    const before = ctext;
    ctext = applyChange(ctext, change);
    const lines = new LineIndex(ctext);
    const p = lines.position(offset);
    const params = changeParams(before, ++version, change);
    const t0 = performance.now();
    await didChange(server.rpc, params);
    const items = (await server.rpc.sendRequest('textDocument/completion', {
      textDocument: { uri: URI },
      position: { line: p.line - 1, character: p.column - 1 },
    })) as unknown[];
    latencies.push(performance.now() - t0);
    if (items.length === 0) empty++;
    // Undo the half-written markup so the next request starts from a well-formed file, as after a completion.
    const undo = { start: change.start, end: change.start + change.text.length, text: '' };
    await didChange(server.rpc, changeParams(ctext, ++version, undo));
    ctext = applyChange(ctext, undo);
  }
  await server.stop();
  const p95 = percentile(latencies, 95);
  console.log(
    `completion via the language server: p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms over ${COMPLETIONS} requests (goal p95 ≤ ${COMPLETION_P95_GOAL_MS} ms: ${p95 <= COMPLETION_P95_GOAL_MS ? 'OK' : 'ABOVE GOAL'})${empty > 0 ? `; ${empty} returned nothing` : ''}`,
  );
  if (p95 > COMPLETION_P95_GOAL_MS) misses.push(`completion p95 ${p95.toFixed(1)} ms > ${COMPLETION_P95_GOAL_MS} ms`);
  if (misses.length > 0) {
    console.log(`GOAL MISSED: ${misses.join('; ')}`);
    process.exitCode = 1;
  }
}

void main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
