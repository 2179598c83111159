// TRSX parse + validate vs a bare fast-xml-parser parse of the same bytes, in the same run.
// Workload: 100k samples in 2 locales, as Mix requires one locale per file: two generated documents,
// eng-USA and fra-CAN, 50k samples each, with a realistic ontology (60 intents, 24 concepts with
// dictionaries, relations, a regex) and annotations (about half the samples, some nested three deep).
// Ours = parseTrsxBytes (decode, positioned tree, model, index) + validateTrsx (every rule).
// Baseline = new XMLParser().parse(bytes) with default options (tree of plain objects, no positions,
// no validation). Rounds alternate ours/baseline after a warm-up. The headline ratio is the median of
// per-round ratios (each round's two runs are back to back, so they share the machine's load at that
// moment); medians and best runs are printed too. Goal: ≤ 1.5×.
// Memory: heap retained by each result, i.e. heapUsed after a forced GC with the result held minus after another
// once it is dropped (so caches and code made on the way do not count), alternating, median of per-round ratios.
// Goal: ≤ 2.5× fast-xml-parser's, since the language server and the sandbox keep these results. Ours is the whole
// parse result (model, positioned tree, source index); the baseline keeps the attributes
// (`ignoreAttributes: false`): TRSX's content is in them (intentref, conceptref, count…), and with the default
// options fast-xml-parser drops them, so its result would not hold the same information (printed for reference,
// with our model alone). Peak RSS is printed.
import { loadavg } from 'node:os';
import { XMLParser } from 'fast-xml-parser';
import { parseTrsxBytes } from '../src/core/formats/trsx/parse';
import { validateTrsx } from '../src/core/formats/trsx/validate';
import { buildTrsx } from '../src/core/formats/trsx/build';
import type { SampleNode, TrsxDocument } from '../src/core/formats/trsx/model';
import { alternate, judge, median, reportGoals } from './lib/goals';

const SAMPLES_PER_LOCALE = 50_000;
const WARMUP = 2;
const ROUNDS = 9;
const GOAL = 1.5;
const HEAP_GOAL = 2.5;
const HEAP_ROUNDS = 3;

const WORDS: Record<string, string[]> = {
  'eng-USA':
    'i want to book a flight please could you help me find the status of my order check balance today tomorrow for with and the new account transfer money from savings into checking what is'.split(
      ' ',
    ),
  'fra-CAN':
    'je veux réserver un vol s’il vous plaît pouvez vous m’aider trouver l’état de ma commande vérifier le solde aujourd’hui demain pour avec et le nouveau compte virement épargne chèque'.split(
      ' ',
    ),
};

function makeRandom(seed: number): (n: number) => number {
  let s = seed;
  // The high bits: the low bits of this generator repeat every few draws, which left almost no sample annotated.
  return (n) => {
    s = (Math.imul(s, 1103515245) + 12345) & 0x7fffffff;
    return (s >>> 16) % n;
  };
}

function generate(lang: string, seed: number): Uint8Array {
  const random = makeRandom(seed);
  const words = WORDS[lang] ?? [];
  const word = (): string => words[random(words.length)] ?? 'x';
  const phrase = (n: number): string => Array.from({ length: n }, word).join(' ');
  const concepts = Array.from({ length: 24 }, (_, i) => `eConcept${i}`);
  const doc: TrsxDocument = {
    lang,
    version: '2.6',
    enginePackVersion: 'hosted',
    ontologyBase: 'http://localhost:8080/resources/ontology-1.0.xml',
    metadata: [
      { key: 'created_by', value: 'bench' },
      { key: 'description', value: 'generated & large' },
    ],
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
      name: `iIntent${i}`,
      links: [{ conceptref: concepts[i % 24] as string }, { conceptref: 'nuance_CALENDARX' }],
    })),
    concepts: concepts.map((name, i) => ({
      name,
      dataType: i % 3 === 0 ? 'date' : 'alphanum',
      settings: i === 1 ? [{ name: 'isSensitive', value: 'true' }] : [],
      relations: i % 3 === 0 ? [{ type: 'isA', conceptref: 'DATE' }] : [],
      ...(i === 2 ? { regex: '[0-9]{4}-[A-Z]{2}' } : {}),
    })),
    dictionaries: concepts
      .filter((_, i) => i % 3 !== 0)
      .map((conceptref) => ({
        conceptref,
        entries: Array.from({ length: 40 }, (_, k) => ({ literal: `${phrase(2)} ${k}`, value: `v${k}` })),
      })),
    samples: [],
  };
  for (let i = 0; i < SAMPLES_PER_LOCALE; i++) {
    const content: SampleNode[] = [`${phrase(3 + random(6))} ${i}`];
    const kind = random(4);
    if (kind === 1)
      content.push({ conceptref: concepts[1 + random(23)] as string, content: [phrase(2)] }, `${phrase(2)}`);
    else if (kind === 2) {
      const c = concepts[3 * random(8)] as string;
      content.push({
        conceptref: c,
        content: [
          '\n    ',
          { conceptref: 'DATE', content: [{ conceptref: 'nuance_CALENDARX', content: [phrase(2)] }] },
          '\n  ',
        ],
      });
    }
    doc.samples.push({
      intentref: i % 97 === 0 ? 'NO_INTENT' : `iIntent${random(60)}`,
      count: 1 + random(3),
      excluded: false,
      fullyVerified: true,
      content,
    });
  }
  return new TextEncoder().encode(buildTrsx(doc));
}

const gc = (globalThis as { gc?: () => void }).gc;

/** Heap the result of `run` holds: used after a GC while it is held, minus used after a GC once it is dropped. */
function retainedMb(run: () => unknown): number {
  let result: unknown = run();
  gc?.();
  const held = process.memoryUsage().heapUsed;
  if (result === undefined) throw new Error('no result');
  result = undefined;
  gc?.();
  return (held - process.memoryUsage().heapUsed) / 1024 / 1024;
}

async function main(): Promise<void> {
  const docs = [generate('eng-USA', 1), generate('fra-CAN', 2)];
  const totalMb = docs.reduce((n, d) => n + d.length, 0) / 1024 / 1024;
  const fxp = new XMLParser();
  const ours = (): unknown =>
    docs.map((bytes) => {
      const result = parseTrsxBytes(bytes);
      const diagnostics = validateTrsx(result);
      if (diagnostics.some((d) => d.severity === 'error') || result.diagnostics.length > 0)
        throw new Error(`generated TRSX has errors: ${JSON.stringify(diagnostics.slice(0, 3))}`);
      return result;
    });
  const baseline = (): unknown =>
    docs.map((bytes) => fxp.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)) as unknown);
  const time = (fn: () => unknown): number => {
    const t0 = performance.now();
    fn();
    return performance.now() - t0;
  };

  for (let i = 0; i < WARMUP; i++) {
    time(ours);
    time(baseline);
  }
  const oursMs: number[] = [];
  const baseMs: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    if (i % 2 === 0) {
      oursMs.push(time(ours));
      baseMs.push(time(baseline));
    } else {
      baseMs.push(time(baseline));
      oursMs.push(time(ours));
    }
  }
  const o = median(oursMs);
  const b = median(baseMs);
  const ratio = median(oursMs.map((x, i) => x / (baseMs[i] ?? x)));
  console.log(
    `workload: 2 documents (eng-USA, fra-CAN) × ${SAMPLES_PER_LOCALE} samples = ${2 * SAMPLES_PER_LOCALE} samples, ${totalMb.toFixed(1)} MB (load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')})`,
  );
  console.log(
    `ours (parse + validate): median ${o.toFixed(0)} ms, best ${Math.min(...oursMs).toFixed(0)} ms (${(totalMb / (o / 1000)).toFixed(1)} MB/s)  rounds: ${oursMs.map((x) => x.toFixed(0)).join(' ')}`,
  );
  console.log(
    `fast-xml-parser parse:   median ${b.toFixed(0)} ms, best ${Math.min(...baseMs).toFixed(0)} ms (${(totalMb / (b / 1000)).toFixed(1)} MB/s)  rounds: ${baseMs.map((x) => x.toFixed(0)).join(' ')}`,
  );
  console.log(
    `ratio: ${ratio.toFixed(2)}× (median of per-round ratios; medians ${(o / b).toFixed(2)}×, best runs ${(Math.min(...oursMs) / Math.min(...baseMs)).toFixed(2)}×)`,
  );
  judge('TRSX parse + validate / fast-xml-parser', ratio, GOAL);
  if (!gc) throw new Error('run with --expose-gc (npm run bench does): the retained-heap goal needs it');
  const withAttributes = new XMLParser({ ignoreAttributes: false });
  const baselineWithAttributes = (): unknown =>
    docs.map((bytes) => withAttributes.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)) as unknown);
  const heap = await alternate(
    HEAP_ROUNDS,
    () => retainedMb(ours),
    () => retainedMb(baselineWithAttributes),
  );
  const modelOnly = median(
    Array.from({ length: HEAP_ROUNDS }, () => retainedMb(() => docs.map((bytes) => parseTrsxBytes(bytes).document))),
  );
  const noAttributes = median(Array.from({ length: HEAP_ROUNDS }, () => retainedMb(baseline)));
  console.log(
    `heap retained by the result: ours (model + positioned tree + index) ${median(heap.ours).toFixed(1)} MB, fast-xml-parser keeping attributes ${median(heap.base).toFixed(1)} MB (median of ${HEAP_ROUNDS} alternating rounds)`,
  );
  console.log(
    `  for reference: our model alone ${modelOnly.toFixed(1)} MB; fast-xml-parser with default options (attributes dropped) ${noAttributes.toFixed(1)} MB`,
  );
  judge('TRSX retained heap / fast-xml-parser keeping attributes', median(heap.ratios), HEAP_GOAL);
  console.log(`peak RSS of the whole run: ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
  reportGoals();
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
