// TRSX validation entry points. Rules are split by concern (structure, references, duplicates, values);
// codes, severities and meanings are listed in codes.ts.

import type { Diagnostic } from '../diagnostic';
import type { XmlParseOptions } from '../xml/scanner';
import { trsxReporter, type TrsxReport } from './codes';
import type { TrsxDocument, TrsxSample } from './model';
import { normalizedSampleText } from './sample-text';
import { parseTrsx, type TrsxParseResult } from './parse';
import { indexLocator, type TrsxLocator } from './source-index';
import { checkDuplicates } from './validate-duplicates';
import { checkReferences } from './validate-references';
import { validateStructure } from './validate-structure';
import { MAX_SAMPLE_LENGTH, checkValues } from './validate-values';

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
  if (tree.root?.name === 'project') validateModel(document, indexLocator(index), options, report);
  return sortDiagnostics(out);
}

/**
 * The rules over the model of a <project> document (references, duplicates, values), after its structure
 * rules: the tree path and the streaming one (stream.ts) both end with this, so their diagnostics agree.
 */
export function validateModel(
  document: TrsxDocument,
  at: TrsxLocator,
  options: TrsxValidationOptions,
  report: TrsxReport,
): void {
  checkReferences(document, at, { intents: options.knownIntents, concepts: options.knownConcepts }, report);
  // Texts are made when a rule asks, not kept in a list: a large file's list of texts would outlive enough
  // scavenges to double V8's young generation (tens of MB of resident memory for a sync push; see bench/sync).
  const textOf = (s: TrsxSample): string => normalizedSampleText(s.content);
  checkDuplicates(document, at, textOf, report);
  checkValues(document, at, textOf, options.maxSampleLength ?? MAX_SAMPLE_LENGTH, report);
}

/** Parse and validate: every diagnostic for a TRSX text, in document order. */
export function checkTrsx(text: string, options: TrsxValidationOptions & XmlParseOptions = {}): Diagnostic[] {
  const result = parseTrsx(text, options);
  return sortDiagnostics([...result.diagnostics, ...validateTrsx(result, options)]);
}

export function sortDiagnostics(list: Diagnostic[]): Diagnostic[] {
  return list.sort((a, b) => a.range.start - b.range.start || a.range.end - b.range.end);
}
