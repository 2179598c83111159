// `.list` entity literals: one literal per line; the value of each literal is the literal itself
// ("chocolate" → "chocolate"). Blank lines are skipped with a warning; spaces around a literal are dropped.
import type { DictionaryEntry } from '../trsx/model';
import { byPosition, noEntryDiagnostic, readListText, trimmedRange } from './lines';
import {
  entryValue,
  joinLines,
  lineFieldProblem,
  reportDuplicateLiterals,
  type LiteralEntry,
  type LiteralsParseResult,
  type SerializeResult,
  type SkippedEntry,
} from './literals';

export function parseList(input: Uint8Array | string): LiteralsParseResult {
  const read = readListText(input, 'The .list file');
  const diagnostics = read.diagnostics;
  const entries: LiteralEntry[] = [];
  for (const line of read.filledLines) {
    const literal = line.text.trim();
    entries.push({ literal, value: literal, line: line.number, range: trimmedRange(line) });
  }
  if (entries.length === 0) {
    diagnostics.push(noEntryDiagnostic(read, 'The .list file holds no literal; write one literal per line.'));
  }
  reportDuplicateLiterals(entries, diagnostics);
  return { entries, diagnostics: byPosition(diagnostics), text: read.text, bom: read.bom, crlf: read.crlf };
}

/**
 * Writes literals as a .list. Entries whose value differs from their literal cannot be expressed (a .list
 * has no values) and are returned in `skipped`, as are literals with line breaks or outer spaces.
 */
export function serializeList(
  entries: readonly Pick<DictionaryEntry, 'literal' | 'value'>[],
): SerializeResult<Pick<DictionaryEntry, 'literal' | 'value'>> {
  const lines: string[] = [];
  const skipped: SkippedEntry<Pick<DictionaryEntry, 'literal' | 'value'>>[] = [];
  for (const entry of entries) {
    const problem =
      lineFieldProblem(entry.literal, 'literal') ??
      (entryValue(entry) !== entry.literal
        ? `its value "${entryValue(entry)}" differs from the literal (use .nmlist to keep values)`
        : undefined);
    if (problem) skipped.push({ entry, reason: problem });
    else lines.push(entry.literal);
  }
  return { text: joinLines(lines), skipped };
}
