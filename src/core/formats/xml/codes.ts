// Well-formedness and decoding diagnostic codes of the XML scanner, one line of meaning each.
// Codes are stable: never renumber, never reuse a retired code for another meaning.

import type { CodeTable } from '../codeTable';

export const XML_CODES = {
  XML001: {
    severity: 'error',
    meaning: 'Input ends inside markup (tag, comment, CDATA, PI or DOCTYPE not terminated).',
  },
  XML002: { severity: 'error', meaning: 'Close tag does not match the open element.' },
  XML003: { severity: 'error', meaning: 'Element is never closed.' },
  XML004: { severity: 'error', meaning: 'Close tag with no matching open element.' },
  XML005: { severity: 'error', meaning: 'Malformed tag (bad name, missing `=`, missing quotes, stray characters).' },
  XML006: { severity: 'error', meaning: 'Attribute repeated on the same element.' },
  XML007: { severity: 'error', meaning: '`<` inside an attribute value.' },
  XML008: {
    severity: 'error',
    meaning: 'Undefined or unexpanded entity reference (only the 5 predefined entities are expanded).',
  },
  XML009: { severity: 'error', meaning: 'Bad character reference or bare `&` (write `&amp;`).' },
  XML010: { severity: 'error', meaning: 'Unescaped `<` in text (write `&lt;`).' },
  XML011: { severity: 'error', meaning: 'Text, CDATA or a second element outside the root element.' },
  XML012: { severity: 'error', meaning: 'No root element.' },
  XML013: { severity: 'error', meaning: 'XML declaration not at the very start of the document, or malformed.' },
  XML014: { severity: 'error', meaning: '`--` inside a comment.' },
  XML015: { severity: 'error', meaning: '`]]>` in text (write `]]&gt;`).' },
  XML016: {
    severity: 'info',
    meaning: 'Retired: a DOCTYPE is legitimate and no longer reported (its DTD is never read or fetched).',
  },
  XML017: {
    severity: 'warning',
    meaning: 'DOCTYPE declares entities: they are never expanded (entity-expansion attacks are inert).',
  },
  XML018: {
    severity: 'error',
    meaning: 'Nesting deeper than the depth limit; deeper content is not kept in the tree.',
  },
  XML019: { severity: 'error', meaning: 'Document larger than the size limit; not parsed.' },
  XML020: { severity: 'error', meaning: 'Too many errors; further errors are not reported.' },
  XML021: { severity: 'error', meaning: 'Processing-instruction target `xml` is reserved (misplaced declaration).' },
  XML022: { severity: 'error', meaning: 'Invalid byte sequence for the declared or detected encoding.' },
  XML023: { severity: 'warning', meaning: 'Unsupported or conflicting encoding declaration; decoded as UTF-8.' },
  XML024: {
    severity: 'error',
    meaning: 'Character not allowed in XML 1.0 (U+0000, another control character, U+FFFE or U+FFFF).',
  },
} as const satisfies CodeTable;

export type XmlCode = keyof typeof XML_CODES;
