// One locale's TRSX file as the health rules read it: the model, where its items are, and lines. Read with
// the streaming reader (no XML tree), one locale at a time, so a report holds one locale's model at once.
import { LineIndex } from '../formats/diagnostic';
import type { TrsxDocument } from '../formats/trsx/model';
import type { TrsxLocator } from '../formats/trsx/source-index';
import { readTrsxPositioned } from '../formats/trsx/stream';
import type { HealthLocation } from './findings';

export interface LocaleFile {
  locale: string;
  /** Package path, e.g. `en-US/en-US.trsx`. */
  file: string;
  text: string;
  document: TrsxDocument;
  /** Where a model item is, as a location to show (the file's first line when unknown). */
  locate(item: object): HealthLocation;
  /** The item's element range in `text`. */
  rangeOf(item: object): { start: number; end: number } | undefined;
  /** `XML…` well-formedness problems: a file with any is analysed as far as it could be read. */
  wellFormednessErrors: number;
}

export function readLocaleFile(locale: string, file: string, text: string): LocaleFile {
  const { document, positions, diagnostics } = readTrsxPositioned(text);
  const lines = new LineIndex(text);
  return {
    locale, file, text, document,
    locate: (item) => locationOf(positions, lines, file, item),
    rangeOf: (item) => positions.range(item),
    wellFormednessErrors: diagnostics.filter((d) => d.severity === 'error').length,
  };
}

function locationOf(positions: TrsxLocator, lines: LineIndex, file: string, item: object): HealthLocation {
  const range = positions.range(item);
  if (!range) return { file, startLine: 1, endLine: 1 };
  // The end offset is past the element's last character: the line of that character is the last line.
  return { file, startLine: lines.position(range.start).line, endLine: lines.position(Math.max(range.start, range.end - 1)).line };
}
