// TRSX validation entry points. Rules are split by concern (structure, references, duplicates, values);
// codes, severities and meanings are listed in codes.ts.

import type { Diagnostic } from '../diagnostic';
import type { XmlParseOptions } from '../xml/scanner';
import { trsxReporter } from './codes';
import { normalizedSampleText } from './sample-text';
import { parseTrsx, type TrsxParseResult } from './parse';
import { validateDuplicates } from './validate-duplicates';
import { validateReferences } from './validate-references';
import { validateStructure } from './validate-structure';
import { MAX_SAMPLE_LENGTH, validateValues } from './validate-values';

export interface TrsxValidationOptions {
  /** Intents declared elsewhere in the project (split ontology/samples files); they resolve references. */
  knownIntents?: Iterable<string>;
  /** Concepts declared elsewhere in the project. */
  knownConcepts?: Iterable<string>;
  /** Longest sample accepted (default 500 characters, whitespace collapsed). */
  maxSampleLength?: number;
}

/** The TRSX rules (not the well-formedness problems, which are in `result.diagnostics`), in document order. */
export function validateTrsx(result: TrsxParseResult, options: TrsxValidationOptions = {}): Diagnostic[] {
  const out: Diagnostic[] = [];
  const report = trsxReporter(out);
  const { document, index, tree } = result;
  validateStructure(tree.root, report);
  if (tree.root?.name === 'project') {
    validateReferences(document, index, { intents: options.knownIntents, concepts: options.knownConcepts }, report);
    const texts = document.samples.map((s) => normalizedSampleText(s.content));
    validateDuplicates(document, index, texts, report);
    validateValues(document, index, texts, options.maxSampleLength ?? MAX_SAMPLE_LENGTH, report);
  }
  return sortDiagnostics(out);
}

/** Parse and validate: every diagnostic for a TRSX text, in document order. */
export function checkTrsx(text: string, options: TrsxValidationOptions & XmlParseOptions = {}): Diagnostic[] {
  const result = parseTrsx(text, options);
  return sortDiagnostics([...result.diagnostics, ...validateTrsx(result, options)]);
}

export function sortDiagnostics(list: Diagnostic[]): Diagnostic[] {
  return list.sort((a, b) => a.range.start - b.range.start || a.range.end - b.range.end);
}
