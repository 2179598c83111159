// The diagnostic codes of the plain-text import formats (.list, .nmlist, .txt samples), one line of meaning each,
// in codes.json. Codes are stable: a code is never reused for another meaning; new problems get new numbers.
import { codeTable, tableDiagnostic } from '../codeTable';
import type { Diagnostic, TextRange } from '../diagnostic';
import catalog from './codes.json';

export const LIST_CODES = codeTable('core/formats/lists/codes.json', catalog);

export type ListCode = keyof typeof LIST_CODES;

export function listDiagnostic(code: ListCode, message: string, range: TextRange): Diagnostic {
  return tableDiagnostic(LIST_CODES, code, message, range);
}
