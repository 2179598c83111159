// Every TRSX diagnostic code, its severity and a one-line meaning. Codes are stable: never renumber,
// never reuse a retired code for another meaning. Well-formedness codes (`XML…`) live in xml/codes.ts.

import { tableDiagnostic, type CodeTable } from '../codeTable';
import type { Diagnostic, TextRange } from '../diagnostic';

export const TRSX_CODES = {
  // Structure (validate-structure.ts)
  TRSX001: { severity: 'error', meaning: 'The root element must be <project>.' },
  TRSX002: {
    severity: 'error',
    meaning: 'Section out of order: metadata, sources, ontology, dictionaries, samples (intents before concepts).',
  },
  TRSX003: { severity: 'error', meaning: 'Element not allowed here (its content is ignored).' },
  TRSX004: { severity: 'error', meaning: 'Required attribute missing or empty.' },
  TRSX005: {
    severity: 'warning',
    meaning: 'Unknown attribute: not kept in the model, so it is lost on export and sync.',
  },
  TRSX006: { severity: 'error', meaning: 'Boolean attribute must be `true` or `false`.' },
  TRSX007: { severity: 'error', meaning: 'Relation type must be isA, hasA or hasReferrers.' },
  TRSX008: { severity: 'error', meaning: '`count` must be an integer of at least 1.' },
  TRSX009: { severity: 'error', meaning: '`xml:lang` must be a Mix locale (`eng-USA`) or a BCP-47 tag (`en-US`).' },
  TRSX010: { severity: 'warning', meaning: '`nuance:version` is not a version number like 2.6.' },
  TRSX011: {
    severity: 'error',
    meaning: 'The `nuance` prefix is used without `xmlns:nuance="https://developer.nuance.com/mix/nlu/trsx"`.',
  },
  TRSX012: { severity: 'error', meaning: 'Text is not allowed directly inside this element.' },
  TRSX013: {
    severity: 'warning',
    meaning: 'Section repeated (Mix expects one metadata, sources and ontology section).',
  },
  TRSX014: { severity: 'warning', meaning: 'Unknown concept dataType.' },
  TRSX015: {
    severity: 'warning',
    meaning: 'Child group repeated inside one element (e.g. two <links> or two <regex>).',
  },
  // References (validate-references.ts)
  TRSX020: {
    severity: 'error',
    meaning: 'Sample intentref names no declared intent (nor NO_INTENT / UNASSIGNED_SAMPLES).',
  },
  TRSX021: { severity: 'error', meaning: 'Annotation conceptref names no declared or predefined concept.' },
  TRSX022: { severity: 'error', meaning: 'Dictionary conceptref names no declared concept.' },
  TRSX023: { severity: 'error', meaning: 'Intent link conceptref names no declared or predefined concept.' },
  TRSX024: { severity: 'error', meaning: 'Relation conceptref names no declared or predefined concept.' },
  TRSX025: { severity: 'error', meaning: 'isA relations form a cycle.' },
  TRSX026: {
    severity: 'info',
    meaning: 'The file declares no ontology: references are resolved against the project on import.',
  },
  TRSX027: {
    severity: 'error',
    meaning: '`ruleGrammarFileName` must be a relative path inside the package (no `..`, no absolute path).',
  },
  // Duplicates (validate-duplicates.ts)
  TRSX030: { severity: 'error', meaning: 'Intent declared twice.' },
  TRSX031: { severity: 'error', meaning: 'Concept declared twice.' },
  TRSX032: { severity: 'warning', meaning: 'Identical sample repeated within one intent (raise `count` instead).' },
  TRSX033: { severity: 'warning', meaning: 'The same sample text is assigned to two different intents.' },
  TRSX034: { severity: 'warning', meaning: 'Two dictionaries for the same concept.' },
  TRSX035: { severity: 'warning', meaning: 'Dictionary entry repeated (same literal and value).' },
  TRSX036: { severity: 'warning', meaning: 'Item repeated in a list (source, link, relation or setting).' },
  // Values (validate-values.ts)
  TRSX040: { severity: 'error', meaning: 'Concept regex does not compile.' },
  TRSX041: { severity: 'error', meaning: 'Sample longer than the maximum length (500 characters).' },
  TRSX042: { severity: 'warning', meaning: 'Sample has no text.' },
  TRSX043: { severity: 'warning', meaning: 'Annotation has no text.' },
  TRSX044: { severity: 'warning', meaning: 'Intent or concept name contains whitespace or markup characters.' },
  TRSX045: { severity: 'info', meaning: 'No custom intent: Mix will not build a model from this project.' },
  TRSX046: { severity: 'warning', meaning: 'Setting value must be `true` or `false` for this setting.' },
} as const satisfies CodeTable;

export type TrsxCode = keyof typeof TRSX_CODES;

export type TrsxReport = (code: TrsxCode, range: TextRange, message: string) => void;

/** A reporter that appends to `out` with the code's severity. */
export function trsxReporter(out: Diagnostic[]): TrsxReport {
  return (code, range, message) => {
    out.push(tableDiagnostic(TRSX_CODES, code, message, range));
  };
}
