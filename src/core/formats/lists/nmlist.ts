// `.nmlist` ("named list") entity literals: `literal|value` per line. Rule for extra pipes: the line is
// split at the FIRST `|` (a spoken literal has no reason to hold a pipe, a value — a code, a JSON-ish
// key — might), with a warning so the author can check. Spaces around both parts are dropped.
import { listDiagnostic } from './codes';
import { noEntryDiagnostic, readListText, trimmedRange } from './lines';
import {
  entryValue,
  lineFieldProblem,
  literalsResult,
  serializeLiterals,
  type LiteralEntry,
  type LiteralFields,
  type LiteralsParseResult,
  type SerializeResult,
} from './literals';

export function parseNmlist(input: Uint8Array | string): LiteralsParseResult {
  const read = readListText(input, 'The .nmlist file');
  const diagnostics = read.diagnostics;
  const entries: LiteralEntry[] = [];
  for (const line of read.filledLines) {
    const range = trimmedRange(line);
    const pipe = line.text.indexOf('|');
    if (pipe < 0) {
      diagnostics.push(
        listDiagnostic(
          'LIST005',
          `Line ${line.number} has no "|"; write "literal|value" (or use a .list file for literals that are their own value).`,
          range,
        ),
      );
      continue;
    }
    const literal = line.text.slice(0, pipe).trim();
    let value = line.text.slice(pipe + 1).trim();
    const pipeAt = { start: line.start + pipe, end: line.start + pipe + 1 };
    if (literal === '') {
      diagnostics.push(
        listDiagnostic(
          'LIST007',
          `Line ${line.number} has an empty literal before "|"; write the spoken text first: "literal|value".`,
          pipeAt,
        ),
      );
      continue;
    }
    const second = line.text.indexOf('|', pipe + 1);
    if (second >= 0) {
      diagnostics.push(
        listDiagnostic(
          'LIST006',
          `Line ${line.number} has more than one "|"; it is split at the first, so the value is "${value}".`,
          { start: line.start + second, end: line.start + second + 1 },
        ),
      );
    }
    if (value === '') {
      diagnostics.push(
        listDiagnostic(
          'LIST008',
          `Line ${line.number} has an empty value after "|"; the literal "${literal}" is used as the value.`,
          pipeAt,
        ),
      );
      value = literal;
    }
    entries.push({ literal, value, line: line.number, range });
  }
  if (entries.length === 0 && !diagnostics.some((d) => d.severity === 'error')) {
    diagnostics.push(noEntryDiagnostic(read, 'The .nmlist file holds no entry; write one "literal|value" per line.'));
  }
  return literalsResult(read, entries);
}

/**
 * Writes entries as `literal|value` lines. A literal holding `|` cannot be read back under the
 * split-at-first rule and is skipped, as are fields with line breaks, empty fields or outer spaces.
 */
export function serializeNmlist(entries: readonly LiteralFields[]): SerializeResult<LiteralFields> {
  const unwritable = (entry: LiteralFields): string | undefined =>
    (entry.literal.includes('|') ? 'the literal contains "|", the .nmlist separator' : undefined) ??
    lineFieldProblem(entryValue(entry), 'value');
  return serializeLiterals(entries, unwritable, (entry) => `${entry.literal}|${entryValue(entry)}`);
}
