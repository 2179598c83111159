// Diagnostic codes of GrXML (SRGS 1.0 XML form) validation, one line of meaning each. Well-formedness and
// decoding problems keep the XML scanner's own `XML…` codes (xml/codes.ts).
// Codes are stable: never renumber, never reuse a retired code for another meaning.

import { tableDiagnostic, type CodeTable } from '../codeTable';
import type { Diagnostic, TextRange } from '../diagnostic';

export const SRGS_CODES = {
  SRGS001: { severity: 'error', meaning: 'The root element is not <grammar> (or the document has no root element).' },
  SRGS002: { severity: 'error', meaning: '<grammar> is not in the SRGS namespace http://www.w3.org/2001/06/grammar.' },
  SRGS003: { severity: 'error', meaning: 'The grammar has no version attribute (version="1.0" is required).' },
  SRGS004: { severity: 'error', meaning: 'The grammar version is not "1.0".' },
  SRGS005: { severity: 'error', meaning: 'A voice-mode grammar (mode absent = voice) has no xml:lang.' },
  SRGS006: { severity: 'error', meaning: 'The mode attribute is neither "voice" nor "dtmf".' },
  SRGS007: { severity: 'error', meaning: 'The root attribute names a rule that the grammar does not define.' },
  SRGS008: { severity: 'error', meaning: 'The root attribute is not a legal rule name.' },
  SRGS009: { severity: 'error', meaning: 'A <rule> has no id attribute (or an empty one).' },
  SRGS010: { severity: 'error', meaning: 'A rule id is not a legal XML name or contains ".", ":" or "-".' },
  SRGS011: { severity: 'error', meaning: 'A rule id is one of the special rule names NULL, VOID or GARBAGE.' },
  SRGS012: { severity: 'error', meaning: 'Two rules have the same id.' },
  SRGS013: { severity: 'error', meaning: 'The scope attribute is neither "public" nor "private".' },
  SRGS014: { severity: 'error', meaning: 'The repeat attribute is not of the form n, m-n or m-.' },
  SRGS015: { severity: 'error', meaning: 'In repeat="m-n" the minimum m is greater than the maximum n.' },
  SRGS016: { severity: 'error', meaning: 'repeat-prob is not a decimal number between 0 and 1.' },
  SRGS017: { severity: 'error', meaning: 'The weight attribute is not a non-negative decimal number.' },
  SRGS018: { severity: 'warning', meaning: 'A weight on an <item> outside <one-of> has no effect.' },
  SRGS019: {
    severity: 'error',
    meaning: 'A local rule reference (uri="#id") names a rule that the grammar does not define.',
  },
  SRGS020: { severity: 'error', meaning: 'The special attribute is not NULL, VOID or GARBAGE.' },
  SRGS021: { severity: 'error', meaning: 'A <ruleref> has both uri and special (they are exclusive).' },
  SRGS022: { severity: 'error', meaning: 'A <ruleref> has neither uri nor special, or an empty or malformed uri.' },
  SRGS023: { severity: 'warning', meaning: 'Unknown tag-format: tags are kept but not evaluated.' },
  SRGS024: {
    severity: 'error',
    meaning: 'A header element (lexicon, meta, metadata, tag) appears after the first <rule>.',
  },
  SRGS025: { severity: 'error', meaning: 'An element is not allowed where it appears (SRGS content model).' },
  SRGS026: { severity: 'error', meaning: 'A <one-of> contains no <item>.' },
  SRGS027: {
    severity: 'error',
    meaning: 'Text is not allowed where it appears (only inside rule, item, token, tag, example).',
  },
  SRGS028: { severity: 'error', meaning: 'A <token> is empty.' },
  SRGS029: { severity: 'error', meaning: 'A rule reference points into a grammar of the other mode (voice vs dtmf).' },
  SRGS030: {
    severity: 'error',
    meaning: 'An external rule reference names a rule (or a root) that the referenced grammar does not define.',
  },
  SRGS031: {
    severity: 'error',
    meaning: 'An external rule reference names a private rule (only public rules can be referenced from outside).',
  },
  SRGS032: { severity: 'warning', meaning: 'An external grammar could not be read, so its rules were not checked.' },
  SRGS033: { severity: 'warning', meaning: 'A rule has no content: it matches only the empty input.' },
  SRGS034: {
    severity: 'warning',
    meaning:
      'The grammar defines no rules: schema-valid (SRGS 1.0 Appendix C), but referencing or testing it is an error (§4.7).',
  },
  SRGS035: { severity: 'warning', meaning: 'An attribute is not part of SRGS for this element and is ignored.' },
  SRGS036: { severity: 'error', meaning: 'A required attribute is missing (lexicon uri, meta content).' },
  SRGS037: { severity: 'error', meaning: 'A <meta> must have exactly one of name and http-equiv.' },
  SRGS038: { severity: 'warning', meaning: 'The grammar has tags but no tag-format: tags are not evaluated.' },
  SRGS039: {
    severity: 'error',
    meaning: 'VoiceXML grammar reference misuse: src with srcexpr, or src/srcexpr with inline rules.',
  },
  SRGS040: {
    severity: 'info',
    meaning:
      'A VoiceXML grammar reference (src or srcexpr, no rules): it names a grammar to load and matches nothing itself.',
  },
  SRGS041: {
    severity: 'warning',
    meaning: 'A rule is left-recursive (reaches itself before consuming input); it cannot be matched.',
  },
  SRGS042: {
    severity: 'warning',
    meaning: 'A rule reference asks for a media type other than application/srgs+xml, which cannot be processed here.',
  },
  SRGS043: { severity: 'warning', meaning: 'A token of a dtmf grammar is not made of DTMF keys (0-9, *, #, A-D).' },
  SRGS044: { severity: 'warning', meaning: 'An element from another namespace is ignored.' },
  SRGS045: { severity: 'warning', meaning: 'An xml:lang value is not a well-formed language tag.' },
  SRGS046: { severity: 'warning', meaning: 'A semantic tag is not valid ECMAScript for its script tag-format.' },
  SRGS047: {
    severity: 'error',
    meaning: 'A rule reference refers to a grammar of another media type than the one it declares.',
  },
  SRGS048: {
    severity: 'warning',
    meaning: 'A rule is never referenced and is not the root nor public: it is unreachable.',
  },
  SRGS049: {
    severity: 'error',
    meaning: 'An attribute SRGS defines only for another element (scope on <grammar>): a schema error.',
  },
} as const satisfies CodeTable;

export type SrgsCode = keyof typeof SRGS_CODES;

/** The range is copied: the diagnostic does not share the parse tree's range object. */
export function srgsDiagnostic(code: SrgsCode, message: string, range: TextRange): Diagnostic {
  return tableDiagnostic(SRGS_CODES, code, message, { start: range.start, end: range.end });
}
