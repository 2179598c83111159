// One locale's TRSX file as the health rules read it, in one streaming scan (no XML tree, no list of samples):
// the model without its samples, where its items are, and every trained sample handed to `onSample` (the
// rules that look at one sample at a time) and folded into a SampleTable (the rules that compare samples).
// Only one locale is read at a time. A file is scanned a window at a time (DocumentText): what a locale keeps
// is the table, its line starts and the file's bytes, from which the few texts a finding quotes are sliced.
import { LineIndex, type TextRange } from '../formats/diagnostic';
import type { TrsxDocument, TrsxSample } from '../formats/trsx/model';
import { ELEMENT_ONLY } from '../formats/trsx/schema';
import { TrsxStreamReader } from '../formats/trsx/stream-reader';
import { scanXml, scanXmlWindows, type XmlScanResult } from '../formats/xml/scanner';
import { WholeText, type DocumentText } from '../formats/xml/textWindows';
import type { HealthLocation } from './findings';
import { SampleTable, isTrained } from './sampleTable';

export interface LocaleFile {
  locale: string;
  /** Package path, e.g. `en-US/en-US.trsx`. */
  file: string;
  /** The file's text, to slice what a finding quotes. */
  source: DocumentText;
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

/**
 * Scans `source` a window at a time, giving each trained sample to `visit`; returns the model without samples and
 * where its items are, or undefined when the windowed scan gave up on an over-long token (see scanXmlWindows:
 * `visit` has then seen some samples, and the caller reads the whole text instead). `lines` is told each piece.
 */
export function scanLocaleText(
  source: DocumentText,
  visit: SampleVisitor,
  lines?: (piece: string) => void,
): { reader: TrsxStreamReader; errors: number } | undefined {
  let reader: TrsxStreamReader | undefined = undefined;
  reader = new TrsxStreamReader(
    () => undefined,
    (sample, start, end) => {
      if (isTrained(sample)) visit(sample, { start, end }, (reader as TrsxStreamReader).document);
    },
  );
  let scan: XmlScanResult | undefined;
  if (source instanceof WholeText) {
    lines?.(source.text);
    scan = scanXml(source.text, reader, { elementOnly: ELEMENT_ONLY });
  } else {
    scan = scanXmlWindows(lines ? tap(source.windows(), lines) : source.windows(), reader, {
      elementOnly: ELEMENT_ONLY,
    });
  }
  return scan && { reader, errors: scan.errors.filter((d) => d.severity === 'error').length };
}

function* tap(pieces: Iterable<string>, see: (piece: string) => void): Iterable<string> {
  for (const piece of pieces) {
    see(piece);
    yield piece;
  }
}

/** The locale read from `source`, or undefined when its windowed scan gave up (read it again as a WholeText). */
export function readLocaleFile(
  locale: string,
  file: string,
  source: DocumentText,
  visit?: SampleVisitor,
): LocaleFile | undefined {
  const samples = new SampleTable(source);
  const builder = LineIndex.builder();
  const scanned = scanLocaleText(
    source,
    (sample, range, document) => {
      samples.add(sample, range.start, range.end);
      visit?.(sample, range, document);
    },
    (piece) => builder.add(piece),
  );
  if (!scanned) {
    samples.release();
    return undefined;
  }
  const { reader, errors } = scanned;
  const lines = builder.done();
  const locateRange = (range: TextRange): HealthLocation => {
    // The end offset is past the element's last character: the line of that character is the last line.
    return {
      file,
      startLine: lines.position(range.start).line,
      endLine: lines.position(Math.max(range.start, range.end - 1)).line,
    };
  };
  const positions = reader.positions;
  return {
    locale,
    file,
    source,
    document: reader.document,
    samples: samples.sealed(),
    locateRange,
    locate: (item) => {
      const range = positions.range(item);
      return range ? locateRange(range) : { file, startLine: 1, endLine: 1 };
    },
    wellFormednessErrors: errors,
  };
}
