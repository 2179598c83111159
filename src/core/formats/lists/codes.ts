// The diagnostic codes of the plain-text import formats (.list, .nmlist, .txt samples). Codes are stable:
// a code is never reused for another meaning; new problems get new numbers.
import type { Diagnostic, Severity, TextRange } from '../diagnostic';

export const LIST_CODES = {
  /** Bytes that are not UTF-8; the message names the byte offset. */
  invalidUtf8: { code: 'LIST001', severity: 'error' },
  /** A blank (or whitespace-only) line; skipped on import. */
  blankLine: { code: 'LIST002', severity: 'warning' },
  /** The file does not end with a newline; Mix's documentation asks for one; serializers add it. */
  noFinalNewline: { code: 'LIST003', severity: 'info' },
  /** The same literal appears again (any value). */
  duplicateLiteral: { code: 'LIST004', severity: 'warning' },
  /** A .nmlist line without `|`. */
  missingPipe: { code: 'LIST005', severity: 'error' },
  /** A .nmlist line with more than one `|`: split at the first, the rest belongs to the value. */
  extraPipe: { code: 'LIST006', severity: 'warning' },
  /** A .nmlist line `|value` whose literal is empty. */
  emptyLiteral: { code: 'LIST007', severity: 'error' },
  /** A .nmlist line `literal|` whose value is empty; the literal is used as the value. */
  emptyValue: { code: 'LIST008', severity: 'warning' },
  /** A sample longer than the platform's 500-character limit. */
  sampleTooLong: { code: 'LIST009', severity: 'error' },
  /** The same sample appears again; it is counted (TRSX `count`), as the platform does on import. */
  duplicateSample: { code: 'LIST010', severity: 'info' },
  /** A control character that XML (and so TRSX) cannot hold. */
  controlCharacter: { code: 'LIST011', severity: 'error' },
  /** The file holds no literal or sample at all. */
  emptyFile: { code: 'LIST012', severity: 'warning' },
} as const satisfies Record<string, { code: string; severity: Severity }>;

export type ListProblem = keyof typeof LIST_CODES;

export function listDiagnostic(problem: ListProblem, message: string, range: TextRange): Diagnostic {
  const { code, severity } = LIST_CODES[problem];
  return { code, severity, message, range };
}
