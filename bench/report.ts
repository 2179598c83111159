// `cstudio report`'s engine on a pulled folder of 100,000 samples in two locales (en-US and fr-CA, 50k each),
// against a floor measured in the same run: reading the same files and parsing + validating them
// (readAndValidateTrsxBytes, the streaming parse and every TRSX rule, what a push validates with). The samples are drawn from a Zipf-distributed vocabulary of 3,000 words (real training sets
// share a few very common words and many rare ones), 60 intents, 12 list entities linked to them, half the
// samples annotated, plus a few planted conflicts, near-duplicates and un-annotated mentions.
// "Ours" is what the CLI and the Model Health view run: reportInWorker (core/health/reportInWorker.ts), the
// report in a worker thread with a capped young generation, its script bundled beside this one the way
// esbuild.mjs bundles dist/reportWorker.js; a worker thread is in this process, so its memory is in the RSS.
// Time: in this process after a warm-up, rounds alternating ours and the floor; goal: report ≤ 2 s (median).
// Memory: each run in a fresh child process, peak RSS growth over the RSS before reading the files (so the
// file bytes, the decoded text, the model and the analysis all count; the child's start-up does not: its peak is
// reset there, bench/lib/peakMemory.ts), rounds alternating; goal: ≤ 3× the
// TRSX bytes (median). Ratios to the floor are printed for both. Where the memory goes is printed too, from
// the same kind of child runs: reading and decoding the files alone (a 16 KB window at a time, as the report
// reads them), then also the streaming scan the report makes with no rule at all (what any report of these
// files costs before it keeps anything), a worker thread that reports on an empty project (what starting one
// costs), and the same report on the main thread with no cap (folderHealthReport: what the worker saves).
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildTrsx } from '../src/core/formats/trsx/build';
import type { SampleNode, TrsxDocument } from '../src/core/formats/trsx/model';
import { readAndValidateTrsxBytes } from '../src/core/formats/trsx/stream';
import { folderHealthReport, localeFilesOf } from '../src/core/health/report';
import { REPORT_YOUNG_GENERATION_MB, defaultReportWorkerPath, reportInWorker } from '../src/core/health/reportInWorker';
import { scanLocaleText } from '../src/core/health/localeFile';
import { Utf8FileText } from '../src/core/formats/xml/textWindows';
import { bundleEntry } from './lib/bundle';
import { alternate, judge, median, reportGoals, timed } from './lib/goals';
import { openPeakWindow, peakGrowthSince } from './lib/peakMemory';

const SAMPLES_PER_LOCALE = 50_000;
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const MEMORY_ROUNDS = Number(process.env.MEMORY_ROUNDS ?? 3);
const TIME_GOAL_MS = 2000;
const MEMORY_GOAL = 3;
const VOCABULARY = 3000;

function makeRandom(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Word k of a made-up language: syllables from the locale's alphabet, so each locale has its own words. */
function wordOf(k: number, syllables: readonly string[]): string {
  let w = '';
  let n = k + 1;
  while (n > 0) {
    w += syllables[n % syllables.length];
    n = Math.floor(n / syllables.length);
  }
  return w;
}

function localeDocument(lang: string, syllables: readonly string[], seed: number): TrsxDocument {
  const random = makeRandom(seed);
  // Zipf: word rank r drawn with weight 1/r, by inverting the cumulative weights.
  const cumulative: number[] = [];
  let total = 0;
  for (let r = 1; r <= VOCABULARY; r++) cumulative.push((total += 1 / r));
  const word = (): string => {
    const x = random() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cumulative[mid] as number) < x) lo = mid + 1;
      else hi = mid;
    }
    return wordOf(lo, syllables);
  };
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const phrase = (n: number): string => Array.from({ length: n }, word).join(' ');
  const entities = Array.from({ length: 12 }, (_, i) => `ENTITY_${i}`);
  // Literals are rarer words than the samples' text (names, products), so plain text seldom says one by chance.
  const literal = (e: number, k: number): string =>
    `${wordOf(VOCABULARY + e * 100 + k, syllables)} ${wordOf(VOCABULARY + 2000 + k, syllables)}`;
  const doc: TrsxDocument = {
    lang,
    version: '2.6',
    metadata: [],
    sources: [
      {
        name: 'nuance_custom_data',
        displayName: 'nuance_custom_data',
        version: '1.0',
        type: 'CUSTOM',
        useForOOV: true,
      },
    ],
    intents: Array.from({ length: 60 }, (_, i) => ({
      name: `INTENT_${i}`,
      links: [{ conceptref: entities[i % 12] as string }, { conceptref: entities[(i + 5) % 12] as string }],
    })),
    concepts: entities.map((name) => ({ name, settings: [], relations: [] })),
    dictionaries: entities.map((conceptref, e) => ({
      conceptref,
      entries: Array.from({ length: 40 }, (_, k) => ({ literal: literal(e, k), value: `v${k}` })),
    })),
    samples: [],
  };
  for (let i = 0; i < SAMPLES_PER_LOCALE; i++) {
    const intent = Math.floor(random() * 60);
    const content: SampleNode[] = [phrase(3 + Math.floor(random() * 8))];
    if (random() < 0.5) {
      const e = (intent + (random() < 0.5 ? 0 : 5)) % 12;
      content.push(
        ' ',
        { conceptref: entities[e] as string, content: [literal(e, Math.floor(random() * 40))] },
        ` ${phrase(1 + Math.floor(random() * 3))}`,
      );
    }
    doc.samples.push({ intentref: `INTENT_${intent}`, count: 1, excluded: false, fullyVerified: true, content });
  }
  // Planted: conflicts (a sample repeated under the next intent), un-annotated mentions (a linked literal as text).
  for (let i = 0; i < 20; i++) {
    const s = pick(doc.samples);
    const next = `INTENT_${(Number(s.intentref.slice(7)) + 1) % 60}`;
    doc.samples.push({
      intentref: next,
      count: 1,
      excluded: false,
      fullyVerified: true,
      content: structuredClone(s.content),
    });
    doc.samples.push({
      intentref: 'INTENT_0',
      count: 1,
      excluded: false,
      fullyVerified: true,
      content: [`${phrase(4)} ${literal(0, i)}`],
    });
  }
  return doc;
}

async function makeProject(): Promise<{ dir: string; bytes: number }> {
  const dir = await mkdtemp(join(tmpdir(), 'cstudio-bench-report-'));
  await writeFile(join(dir, 'metadata.json'), '{}\n');
  let bytes = 0;
  const locales: Array<[string, string, string[], number]> = [
    ['en-US', 'eng-USA', ['ka', 'to', 'ri', 'en', 'mo', 'sa', 'lu', 'pe', 'di', 'no'], 1],
    ['fr-CA', 'fra-CAN', ['é', 'ou', 'ta', 'ré', 'mi', 'son', 'la', 'che', 'vi', 'èr'], 2],
  ];
  for (const [locale, lang, syllables, seed] of locales) {
    const text = buildTrsx(localeDocument(lang, syllables, seed));
    await mkdir(join(dir, locale));
    await writeFile(join(dir, locale, `${locale}.trsx`), text);
    bytes += Buffer.byteLength(text);
  }
  return { dir, bytes };
}

async function runOurs(dir: string): Promise<number> {
  return (await reportInWorker(dir)).findings.length;
}

async function runFloor(dir: string): Promise<number> {
  let n = 0;
  for (const { file } of await localeFilesOf(dir)) {
    const r = readAndValidateTrsxBytes(await readFile(join(dir, file)));
    n += r.validation.length + r.document.samples.length;
  }
  return n;
}

/** Reads and decodes each file in turn, as the report does (`scan`: and scans it as the report does, with no rule). */
async function runParts(dir: string, scan: boolean): Promise<number> {
  let n = 0;
  for (const { file } of await localeFilesOf(dir)) {
    const source = Utf8FileText.open(join(dir, file));
    if (scan)
      scanLocaleText(source, () => {
        n++;
      });
    else for (const piece of source.windows()) n += piece.length;
    source.close();
  }
  return n;
}

/** Child mode: one run, then its peak RSS growth (bytes) on stdout. */
async function child(which: string, dir: string): Promise<void> {
  (globalThis as { gc?: () => void }).gc?.();
  const window = openPeakWindow();
  if (which === 'ours') await runOurs(dir);
  else if (which === 'main thread') await folderHealthReport(dir);
  else if (which === 'idle worker') await reportInWorker(dir).catch(() => undefined);
  else if (which === 'read' || which === 'scan') await runParts(dir, which === 'scan');
  else await runFloor(dir);
  process.stdout.write(`${peakGrowthSince(window)}\n`);
}

function peakGrowth(which: string, dir: string): number {
  const r = spawnSync(process.execPath, ['--expose-gc', process.argv[1] as string, '--child', which, dir], {
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`child ${which} failed: ${r.stderr}`);
  return Number(r.stdout.trim());
}

async function main(): Promise<void> {
  bundleEntry('src/core/health/reportWorker.ts', defaultReportWorkerPath());
  const { dir, bytes } = await makeProject();
  try {
    const mb = bytes / 1024 / 1024;
    const findings = await runOurs(dir);
    console.log(
      `workload: 2 locales × ${SAMPLES_PER_LOCALE} samples (+ planted), ${mb.toFixed(1)} MB of TRSX, ${findings} findings (load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')})`,
    );
    await runFloor(dir);
    const time = await alternate(
      ROUNDS,
      () => timed(() => runOurs(dir)),
      () => timed(() => runFloor(dir)),
    );
    console.log(
      `report: median ${median(time.ours).toFixed(0)} ms (rounds ${time.ours.map((x) => x.toFixed(0)).join(' ')}); floor (read + parse + validate): median ${median(time.base).toFixed(0)} ms (rounds ${time.base.map((x) => x.toFixed(0)).join(' ')})`,
    );
    console.log(`report / floor: ${median(time.ratios).toFixed(2)}× (median of per-round ratios)`);
    judge('report time on 100k samples', median(time.ours), TIME_GOAL_MS, { unit: ' ms' });
    const memory = await alternate(
      MEMORY_ROUNDS,
      () => peakGrowth('ours', dir),
      () => peakGrowth('floor', dir),
    );
    const toMb = (b: number): string => (b / 1024 / 1024).toFixed(0);
    console.log(
      `peak RSS growth: report median ${toMb(median(memory.ours))} MB (rounds ${memory.ours.map(toMb).join(' ')}), floor ${toMb(median(memory.base))} MB; report / floor ${median(memory.ratios).toFixed(2)}×`,
    );
    const read = median(Array.from({ length: MEMORY_ROUNDS }, () => peakGrowth('read', dir)));
    const scan = median(Array.from({ length: MEMORY_ROUNDS }, () => peakGrowth('scan', dir)));
    // Not goals: starting a worker thread (on a folder with no project: it answers at once), and the report on
    // the main thread, whose young generation grows unbounded.
    const idle = median(Array.from({ length: MEMORY_ROUNDS }, () => peakGrowth('idle worker', tmpdir())));
    const inline = median(Array.from({ length: MEMORY_ROUNDS }, () => peakGrowth('main thread', dir)));
    const share = (b: number): string => `${toMb(b)} MB (${(b / bytes).toFixed(1)}×)`;
    console.log(
      `where it goes (peak RSS growth, median): reading + decoding the files ${share(read)}, + the streaming scan with no rule ${share(scan)}; a worker thread that does nothing ${share(idle)}; the whole report in the worker (young generation ${REPORT_YOUNG_GENERATION_MB} MB) ${share(median(memory.ours))}, on the main thread ${share(inline)}`,
    );
    judge('report peak memory / TRSX bytes', median(memory.ours) / bytes, MEMORY_GOAL);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  reportGoals();
}

const at = process.argv.indexOf('--child');
(at >= 0 ? child(process.argv[at + 1] as string, process.argv[at + 2] as string) : main()).catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
