// `.txt` samples: one utterance per line for one intent (chosen on import). The platform limits a sample
// to 500 characters and, on import, counts a sample it already has instead of adding it twice, so repeated
// lines become one TRSX sample with `count`.
import type { Diagnostic, TextRange } from '../diagnostic';
import { emptyTrsxDocument, sampleText, type TrsxDocument, type TrsxSample } from '../trsx/model';
import { listDiagnostic } from './codes';
import { byPosition, noEntryDiagnostic, readListText, trimmedRange } from './lines';
import { joinLines, lineFieldProblem, type SerializeResult, type SkippedEntry, type ToTrsxOptions } from './literals';

/** The platform's limit, in characters (Unicode code points). */
export const MAX_SAMPLE_LENGTH = 500;

export interface SampleLine {
  text: string;
  line: number;
  range: TextRange;
}

export interface SamplesParseResult {
  samples: SampleLine[];
  diagnostics: Diagnostic[];
  /** Decoded text (BOM removed): what diagnostic ranges index into. */
  text: string;
  bom: boolean;
  crlf: boolean;
}

export function parseSamplesTxt(input: Uint8Array | string): SamplesParseResult {
  const read = readListText(input, 'The samples file');
  const diagnostics = read.diagnostics;
  const samples: SampleLine[] = [];
  const seen = new Map<string, number>();
  for (const line of read.filledLines) {
    const text = line.text.trim();
    const range = trimmedRange(line);
    const length = [...text].length;
    if (length > MAX_SAMPLE_LENGTH) {
      diagnostics.push(
        listDiagnostic(
          'LIST009',
          `The sample on line ${line.number} has ${length} characters; the platform accepts at most ${MAX_SAMPLE_LENGTH}. Shorten or split it.`,
          range,
        ),
      );
    }
    const first = seen.get(text);
    if (first === undefined) seen.set(text, line.number);
    else
      diagnostics.push(
        listDiagnostic(
          'LIST010',
          `The sample on line ${line.number} repeats line ${first}; repeats add to the sample's count.`,
          range,
        ),
      );
    samples.push({ text, line: line.number, range });
  }
  if (samples.length === 0) {
    diagnostics.push(noEntryDiagnostic(read, 'The samples file holds no sample; write one utterance per line.'));
  }
  return { samples, diagnostics: byPosition(diagnostics), text: read.text, bom: read.bom, crlf: read.crlf };
}

/** TRSX samples of `intent`, one per distinct text in first-seen order, `count` = number of occurrences. */
export function samplesFromTxt(intent: string, parsed: Pick<SamplesParseResult, 'samples'>): TrsxSample[] {
  const byText = new Map<string, TrsxSample>();
  for (const s of parsed.samples) {
    const existing = byText.get(s.text);
    if (existing) existing.count = (existing.count ?? 1) + 1;
    else byText.set(s.text, { intentref: intent, count: 1, content: [s.text] });
  }
  return [...byText.values()];
}

/** Adds the samples (and the intent, when the document lacks it) to a TRSX document. */
export function samplesTxtToTrsx(
  intent: string,
  parsed: Pick<SamplesParseResult, 'samples'>,
  options: ToTrsxOptions = {},
): TrsxDocument {
  const base = options.into ?? emptyTrsxDocument(options.locale);
  const intents = base.intents.some((i) => i.name === intent)
    ? base.intents
    : [...base.intents, { name: intent, links: [] }];
  return { ...base, intents, samples: [...base.samples, ...samplesFromTxt(intent, parsed)] };
}

/**
 * Writes samples as .txt lines, repeating a sample `count` times so a re-import gives the same counts.
 * Annotations are flattened to their text and whitespace runs collapse to one space: exports lay
 * annotated samples out over indented lines, which is layout, not what the user typed. With `intent`,
 * only that intent's samples are written.
 */
export function serializeSamplesTxt(samples: readonly TrsxSample[], intent?: string): SerializeResult<TrsxSample> {
  const lines: string[] = [];
  const skipped: SkippedEntry<TrsxSample>[] = [];
  for (const sample of samples) {
    if (intent !== undefined && sample.intentref !== intent) continue;
    const text = sampleText(sample.content).replace(/\s+/g, ' ').trim();
    const problem =
      lineFieldProblem(text, 'sample') ??
      ([...text].length > MAX_SAMPLE_LENGTH ? `the sample is longer than ${MAX_SAMPLE_LENGTH} characters` : undefined);
    if (problem) {
      skipped.push({ entry: sample, reason: problem });
      continue;
    }
    for (let n = 0; n < Math.max(1, sample.count ?? 1); n++) lines.push(text);
  }
  return { text: joinLines(lines), skipped };
}

/** Intent names that have samples in the document (the choices for `--intent`). */
export function sampleIntentNames(doc: TrsxDocument): string[] {
  return [...new Set(doc.samples.map((s) => s.intentref))];
}
