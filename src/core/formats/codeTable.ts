// Every diagnostic code table (XML…, TRSX…, SRGS…, LIST…, PRJ…, DLG…) has one shape: each code's severity and
// its one-line meaning (CodeInfo). A diagnostic takes its severity from its code's table, never from the call
// site, so a code is equally severe wherever it is reported.
import type { CodeInfo, Diagnostic, TextRange } from './diagnostic';

export type CodeTable<Code extends string = string> = Readonly<Record<Code, CodeInfo>>;

/** The diagnostic of one of `table`'s codes, with the table's severity. */
export function tableDiagnostic<Code extends string>(
  table: CodeTable<Code>,
  code: Code,
  message: string,
  range: TextRange,
): Diagnostic {
  return { code, severity: table[code].severity, message, range };
}
