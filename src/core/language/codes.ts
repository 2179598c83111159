// Diagnostic codes of the project-wide checks (files of one pulled project checked against each other), one
// line of meaning each, in codes.json. Single-file rules keep their formats' codes (XML…, TRSX…, SRGS…).
// Codes are stable: never renumber, never reuse a retired code for another meaning.

import { codeTable, tableDiagnostic } from '../formats/codeTable';
import type { Diagnostic, TextRange } from '../formats/diagnostic';
import catalog from './codes.json';

export const PROJECT_CODES = codeTable('core/language/codes.json', catalog);

export type ProjectCode = keyof typeof PROJECT_CODES;

export function projectDiagnostic(code: ProjectCode, message: string, range: TextRange): Diagnostic {
  return tableDiagnostic(PROJECT_CODES, code, message, range);
}
