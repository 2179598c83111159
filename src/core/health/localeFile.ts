// One locale's TRSX file as the health rules read it, in one streaming scan (no XML tree, no list of samples):
// the model without its samples, where its items are, and every trained sample handed to `onSample` (the
// rules that look at one sample at a time) and folded into a SampleTable (the rules that compare samples).
// Only one locale is read at a time, and what a locale keeps is its text and the table.
import { LineIndex, type TextRange } from '../formats/diagnostic';
import type { TrsxDocument, TrsxSample } from '../formats/trsx/model';
import { ELEMENT_ONLY } from '../formats/trsx/schema';
import { TrsxStreamReader } from '../formats/trsx/stream-reader';
import { scanXml } from '../formats/xml/scanner';
import type { HealthLocation } from './findings';
import { SampleTable, isTrained } from './sampleTable';

export interface LocaleFile {
  locale: string;
  /** Package path, e.g. `en-US/en-US.trsx`. */
  file: string;
  text: string;
  /** The model without its samples (they are in `samples`). */
  document: TrsxDocument;
  samples: SampleTable;
  /** Where a model item other than a sample is, as a location to show (the file's first line when unknown). */
  locate(item: object): HealthLocation;
  /** A range of `text` as a location to show. */
  locateRange(range: TextRange): HealthLocation;
  /** `XML…` well-formedness problems: a file with any is analysed as far as it could be read. */
  wellFormednessErrors: number;
}

/** Told each trained sample while the file is scanned; `document` is the model read so far. */
export type SampleVisitor = (sample: TrsxSample, range: TextRange, document: TrsxDocument) => void;

/** Scans `text`, giving each trained sample to `visit`; returns the model without samples and where its items are. */
export function scanLocaleText(text: string, visit: SampleVisitor): { reader: TrsxStreamReader; errors: number } {
  let reader: TrsxStreamReader | undefined = undefined;
  reader = new TrsxStreamReader(() => undefined, (sample, start, end) => {
    if (isTrained(sample)) visit(sample, { start, end }, (reader as TrsxStreamReader).document);
  });
  const scan = scanXml(text, reader, { elementOnly: ELEMENT_ONLY });
  return { reader, errors: scan.errors.filter((d) => d.severity === 'error').length };
}

export function readLocaleFile(locale: string, file: string, text: string, visit?: SampleVisitor): LocaleFile {
  const samples = new SampleTable(text);
  const { reader, errors } = scanLocaleText(text, (sample, range, document) => {
    samples.add(sample, range.start, range.end);
    visit?.(sample, range, document);
  });
  let lines: LineIndex | undefined;
  const locateRange = (range: TextRange): HealthLocation => {
    lines ??= new LineIndex(text);
    // The end offset is past the element's last character: the line of that character is the last line.
    return { file, startLine: lines.position(range.start).line, endLine: lines.position(Math.max(range.start, range.end - 1)).line };
  };
  const positions = reader.positions;
  return {
    locale, file, text, document: reader.document, samples: samples.sealed(), locateRange,
    locate: (item) => { const range = positions.range(item); return range ? locateRange(range) : { file, startLine: 1, endLine: 1 }; },
    wellFormednessErrors: errors,
  };
}
