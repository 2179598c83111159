// Language services on a TRSX file with 50k samples (one locale, ~4 MB), against the same run's baseline: a full
// parse + validate of that file (parseTrsx + validateTrsx), what diagnostics would cost without incrementality.
//  1. Edit to updated diagnostics: a one-character edit inside a random sample, then the diagnostics of the new
//     text — measured in this thread (DiagnosticsEngine: incremental parse and validation) and through the real
//     worker thread the extension uses (change + validate messages, results back; the editor's debounce not
//     counted). Goal: median ≤ 0.25× the baseline. Edits outside <samples> fall back to a full validation in the
//     worker; their time is printed too.
//  2. Completion latency p95: intentref values, annotation conceptref values (half-typed markup: no full parse)
//     and element names, each request after a one-character edit, on the same file.
import type * as Esbuild from 'esbuild';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { buildTrsx } from '../src/core/formats/trsx/build';
import type { SampleNode, TrsxDocument } from '../src/core/formats/trsx/model';
import { parseTrsx } from '../src/core/formats/trsx/parse';
import { validateTrsx } from '../src/core/formats/trsx/validate';
import { DiagnosticsEngine } from '../src/core/language/diagnosticsEngine';
import { nodeFileSystem } from '../src/core/language/fileSystem';
import { LanguageServices } from '../src/core/language/languageServices';
import { applyChange, type TextChange } from '../src/core/language/textChange';
import { DiagnosticsWorkerClient } from '../src/core/language/worker/workerClient';

const SAMPLES = 50_000;
const GOAL = 0.25;
const EDITS = 40;
const COMPLETIONS = 150;

function makeRandom(seed: number): (n: number) => number {
  let s = seed;
  return (n) => { s = (s * 1103515245 + 12345) & 0x7fffffff; return s % n; };
}

function generate(): string {
  const random = makeRandom(1);
  const words = 'i want to book a flight please could you help me find the status of my order check balance today tomorrow'.split(' ');
  const phrase = (n: number): string => Array.from({ length: n }, () => words[random(words.length)]).join(' ');
  const concepts = Array.from({ length: 24 }, (_, i) => `eConcept${i}`);
  const doc: TrsxDocument = {
    lang: 'eng-USA', version: '2.6', metadata: [{ key: 'created_by', value: 'bench' }], sources: [],
    intents: Array.from({ length: 60 }, (_, i) => ({ name: `iIntent${i}`, links: [{ conceptref: concepts[i % 24] as string }] })),
    concepts: concepts.map((name, i) => ({ name, dataType: i % 3 === 0 ? 'date' : 'alphanum', settings: [], relations: [] })),
    dictionaries: concepts.filter((_, i) => i % 3 !== 0).map((conceptref) => ({ conceptref, entries: Array.from({ length: 20 }, (_, k) => ({ literal: `${phrase(2)} ${k}`, value: `v${k}` })) })),
    samples: [],
  };
  for (let i = 0; i < SAMPLES; i++) {
    const content: SampleNode[] = [`${phrase(3 + random(6))} ${i}`];
    if (random(2) === 1) content.push({ conceptref: concepts[random(24)] as string, content: [phrase(2)] }, ` ${phrase(2)}`);
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

function repoRoot(): string {
  for (const start of [__dirname, process.cwd()]) {
    let dir = start;
    for (;;) {
      if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'src', 'core'))) return dir;
      const up = dirname(dir);
      if (up === dir) break;
      dir = up;
    }
  }
  throw new Error('Run the benchmark from the repository (npm run bench language).');
}

/** The worker as the extension ships it: bundled from its entry point. */
function bundleWorker(): { path: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'cstudio-bench-'));
  const path = join(dir, 'languageWorker.js');
  // esbuild is loaded from the repository at run time: bundled into this script, it cannot find its binary.
  const { buildSync } = createRequire(join(repoRoot(), 'package.json'))('esbuild') as typeof Esbuild;
  buildSync({ entryPoints: [join(repoRoot(), 'src', 'core', 'language', 'worker', 'diagnosticsWorker.ts')], bundle: true, platform: 'node', target: 'node20', format: 'cjs', outfile: path, logLevel: 'warning' });
  return { path, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

async function main(): Promise<void> {
  const original = generate();
  const mb = original.length / 1024 / 1024;
  const full = (text: string): number => {
    const t0 = performance.now();
    const r = parseTrsx(text);
    const d = validateTrsx(r);
    if (d.some((x) => x.severity === 'error')) throw new Error(`generated TRSX has errors: ${JSON.stringify(d.slice(0, 2))}`);
    return performance.now() - t0;
  };
  full(original);
  const baselineRuns = Array.from({ length: 7 }, () => full(original));
  const baseline = median(baselineRuns);
  console.log(`workload: one TRSX file, ${SAMPLES} samples, ${mb.toFixed(1)} MB`);
  console.log(`baseline (full parse + validate): median ${baseline.toFixed(0)} ms  rounds: ${baselineRuns.map((x) => x.toFixed(0)).join(' ')}`);

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
  console.log(`edit → diagnostics, in process: median ${inMedian.toFixed(1)} ms, p95 ${percentile(inProcess, 95).toFixed(1)} ms (${incremental}/${EDITS} incremental) — ${(inMedian / baseline).toFixed(3)}× the baseline`);

  // 1b. Through the worker thread, as the extension does.
  const worker = bundleWorker();
  const client = new DiagnosticsWorkerClient({ scriptPath: worker.path, snapshot: () => [] });
  try {
    let wtext = original;
    client.open({ id: 'bench.trsx', languageId: 'trsx', version: 1, text: wtext });
    await client.validate(['bench.trsx']);
    const viaWorker: number[] = [];
    for (let i = 0; i < EDITS; i++) {
      const change = typing(wtext, random);
      wtext = applyChange(wtext, change);
      const t0 = performance.now();
      client.change('bench.trsx', i + 2, [change]);
      const [r] = await client.validate(['bench.trsx']);
      viaWorker.push(performance.now() - t0);
      if (!r?.incremental) console.log(`  edit ${i} was not incremental`);
    }
    const wMedian = median(viaWorker);
    const ratio = wMedian / baseline;
    console.log(`edit → diagnostics, via the worker: median ${wMedian.toFixed(1)} ms, p95 ${percentile(viaWorker, 95).toFixed(1)} ms — ratio ${ratio.toFixed(3)}× the baseline (goal ≤ ${GOAL}×: ${ratio <= GOAL ? 'OK' : 'ABOVE GOAL'})`);
    // An edit in the ontology cannot be incremental: the worker validates in full (the editor thread stays free).
    const inOntology = wtext.indexOf('name="iIntent1"') + 6;
    const t0 = performance.now();
    client.change('bench.trsx', EDITS + 2, [{ start: inOntology, end: inOntology, text: 'y' }]);
    await client.validate(['bench.trsx']);
    console.log(`edit in the ontology (full validation, in the worker): ${(performance.now() - t0).toFixed(0)} ms (${((performance.now() - t0) / baseline).toFixed(2)}× the baseline)`);
  } finally {
    client.dispose();
    worker.cleanup();
  }

  // 2. Completion latency, each request after a typed character (the model follows edits incrementally).
  const services = new LanguageServices(nodeFileSystem);
  let ctext = original;
  services.documents.open('bench.trsx', 'trsx', 1, ctext);
  const doc = services.documents.get('bench.trsx');
  if (!doc) throw new Error('not open');
  doc.trsx();
  const latencies: number[] = [];
  let empty = 0;
  for (let i = 0; i < COMPLETIONS; i++) {
    const kind = i % 3;
    let change = typing(ctext, random);
    let offset: number;
    if (kind === 0) { // inside an intentref value
      const s = ctext.indexOf('<sample intentref="', change.start - 400);
      change = { start: s + '<sample intentref="'.length, end: s + '<sample intentref="'.length, text: 'i' };
      offset = change.start + 1;
    } else if (kind === 1) { // typing a new annotation: markup half-written
      change = { ...change, text: '<annotation conceptref="e' };
      offset = change.start + change.text.length;
    } else { // an element name
      change = { ...change, text: '<' };
      offset = change.start + 1;
    }
    ctext = applyChange(ctext, change);
    const t0 = performance.now();
    doc.update(i + 2, [change]);
    const items = services.completion('bench.trsx', offset);
    latencies.push(performance.now() - t0);
    if (items.length === 0) empty++;
    // Undo the half-written markup so the next request starts from a well-formed file, as after a completion.
    const undo = { start: change.start, end: change.start + change.text.length, text: '' };
    ctext = applyChange(ctext, undo);
    doc.update(i + 2.5, [undo]);
  }
  const p95 = percentile(latencies, 95);
  console.log(`completion: p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms over ${COMPLETIONS} requests (${(p95 / baseline).toFixed(3)}× the baseline)${empty > 0 ? `; ${empty} returned nothing` : ''}`);
}

void main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
