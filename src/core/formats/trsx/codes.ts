// Every TRSX diagnostic code, its severity and a one-line meaning, in codes.json: TRSX001… structure
// (validate-structure.ts), TRSX020… references, TRSX030… duplicates, TRSX040… values (validate-*.ts).
// Codes are stable: never renumber, never reuse a retired code for another meaning. Well-formedness codes
// (`XML…`) live in xml/codes.json.

import { codeTable, tableDiagnostic } from '../codeTable';
import type { Diagnostic, TextRange } from '../diagnostic';
import catalog from './codes.json';

export const TRSX_CODES = codeTable('core/formats/trsx/codes.json', catalog);

export type TrsxCode = keyof typeof TRSX_CODES;

export type TrsxReport = (code: TrsxCode, range: TextRange, message: string) => void;

/** A reporter that appends to `out` with the code's severity. */
export function trsxReporter(out: Diagnostic[]): TrsxReport {
  return (code, range, message) => {
    out.push(tableDiagnostic(TRSX_CODES, code, message, range));
  };
}
