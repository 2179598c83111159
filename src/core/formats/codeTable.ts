// Every diagnostic code table (XML…, TRSX…, SRGS…, LIST…, PRJ…, DLG…) has one shape: each code's severity and
// its one-line meaning (CodeInfo). A diagnostic takes its severity from its code's table, never from the call
// site, so a code is equally severe wherever it is reported.
// The tables are data: each lives in a JSON catalog beside its `codes.ts` (as TypeScript keeps its own in
// diagnosticMessages.json), read through `codeTable` below, which checks every entry when the module loads.
import type { CodeInfo, Diagnostic, Severity, TextRange } from './diagnostic';

export type CodeTable<Code extends string = string> = Readonly<Record<Code, CodeInfo>>;

const SEVERITIES: ReadonlySet<string> = new Set<Severity>(['error', 'warning', 'info']);

/**
 * The code table of a JSON catalog, its code names kept from the JSON's type. Throws, naming the catalog and the
 * code, when an entry's severity is not one of Severity's or its meaning is not one non-empty line: a bad catalog
 * fails when its module loads (every test and bundle), not when the code is first reported.
 */
export function codeTable<Catalog extends Record<string, { severity: string; meaning: string }>>(
  name: string,
  catalog: Catalog,
): CodeTable<Extract<keyof Catalog, string>> {
  for (const [code, entry] of Object.entries(catalog)) {
    if (!SEVERITIES.has(entry.severity)) {
      throw new Error(`${name}: ${code} has severity '${entry.severity}'; use one of ${[...SEVERITIES].join(', ')}.`);
    }
    if (typeof entry.meaning !== 'string' || entry.meaning.trim() === '' || /[\r\n]/.test(entry.meaning)) {
      throw new Error(`${name}: ${code} needs its meaning as one non-empty line.`);
    }
  }
  // Checked above: every severity is a Severity.
  return Object.freeze(catalog) as unknown as CodeTable<Extract<keyof Catalog, string>>;
}

/** The diagnostic of one of `table`'s codes, with the table's severity. */
export function tableDiagnostic<Code extends string>(
  table: CodeTable<Code>,
  code: Code,
  message: string,
  range: TextRange,
): Diagnostic {
  return { code, severity: table[code].severity, message, range };
}
