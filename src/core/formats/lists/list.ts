// `.list` entity literals: one literal per line; the value of each literal is the literal itself
// ("chocolate" → "chocolate"). Blank lines are skipped with a warning; spaces around a literal are dropped.
import { noEntryDiagnostic, readListText, trimmedRange } from './lines';
import {
  entryValue,
  literalsResult,
  serializeLiterals,
  type LiteralEntry,
  type LiteralFields,
  type LiteralsParseResult,
  type SerializeResult,
} from './literals';

export function parseList(input: Uint8Array | string): LiteralsParseResult {
  const read = readListText(input, 'The .list file');
  const entries = read.filledLines.map((line): LiteralEntry => {
    const literal = line.text.trim();
    return { literal, value: literal, line: line.number, range: trimmedRange(line) };
  });
  if (entries.length === 0) {
    read.diagnostics.push(noEntryDiagnostic(read, 'The .list file holds no literal; write one literal per line.'));
  }
  return literalsResult(read, entries);
}

/**
 * Writes literals as a .list. Entries whose value differs from their literal cannot be expressed (a .list
 * has no values) and are returned in `skipped`, as are literals with line breaks or outer spaces.
 */
export function serializeList(entries: readonly LiteralFields[]): SerializeResult<LiteralFields> {
  const differs = (entry: LiteralFields): string | undefined =>
    entryValue(entry) !== entry.literal
      ? `its value "${entryValue(entry)}" differs from the literal (use .nmlist to keep values)`
      : undefined;
  return serializeLiterals(entries, differs, (entry) => entry.literal);
}
