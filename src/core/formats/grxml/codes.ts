// Diagnostic codes of GrXML (SRGS 1.0 XML form) validation, one line of meaning each, in codes.json.
// Well-formedness and decoding problems keep the XML scanner's own `XML…` codes (xml/codes.json).
// Codes are stable: never renumber, never reuse a retired code for another meaning.

import { codeTable, tableDiagnostic } from '../codeTable';
import type { Diagnostic, TextRange } from '../diagnostic';
import catalog from './codes.json';

export const SRGS_CODES = codeTable('core/formats/grxml/codes.json', catalog);

export type SrgsCode = keyof typeof SRGS_CODES;

/** The range is copied: the diagnostic does not share the parse tree's range object. */
export function srgsDiagnostic(code: SrgsCode, message: string, range: TextRange): Diagnostic {
  return tableDiagnostic(SRGS_CODES, code, message, { start: range.start, end: range.end });
}
