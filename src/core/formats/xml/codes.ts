// Well-formedness and decoding diagnostic codes of the XML scanner, one line of meaning each, in codes.json.
// Codes are stable: never renumber, never reuse a retired code for another meaning.

import { codeTable } from '../codeTable';
import catalog from './codes.json';

export const XML_CODES = codeTable('core/formats/xml/codes.json', catalog);

export type XmlCode = keyof typeof XML_CODES;
