// TRSX diagnostics kept up to date edit by edit. After a full validation, a parse updated incrementally (an
// edit inside a <samples> section, see incrementalParse.ts) only has the samples it touched re-checked: their
// structure, references, values and well-formedness, plus the duplicate rules of every sample that shares a
// text with a removed or added one.
// Everything else is reused, moved by the length difference. The rules themselves are the formats' own
// (validate-*.ts), run over just those samples, so incremental and full results are the same diagnostics
// (the unit tests compare them on random edits).

import type { Diagnostic } from '../../formats/diagnostic';
import { trsxReporter } from '../../formats/trsx/codes';
import type { TrsxSample } from '../../formats/trsx/model';
import type { TrsxParseResult } from '../../formats/trsx/parse';
import { nuancePrefix } from '../../formats/trsx/read';
import { normalizedSampleText } from '../../formats/trsx/sample-text';
import { childRule, type ElementRule } from '../../formats/trsx/schema';
import type { TrsxIndex } from '../../formats/trsx/source-index';
import { sortDiagnostics, validateTrsx, type TrsxValidationOptions } from '../../formats/trsx/validate';
import { duplicateKey, validateDuplicates } from '../../formats/trsx/validate-duplicates';
import { validateReferences } from '../../formats/trsx/validate-references';
import { validateElementTree } from '../../formats/trsx/validate-structure';
import { MAX_SAMPLE_LENGTH, validateValues } from '../../formats/trsx/validate-values';
import type { TrsxPatch } from './incrementalParse';

const DUPLICATE_CODES: ReadonlySet<string> = new Set(['TRSX032', 'TRSX033']);

export interface TrsxValidation {
  result: TrsxParseResult;
  /** Every diagnostic of the text (well-formedness and TRSX rules), in document order. */
  diagnostics: Diagnostic[];
  /** True when the last update re-checked only the edited samples. */
  incremental: boolean;
}

/** A parse result reached from an earlier one by an incremental update. */
export interface TrsxTransition {
  base: TrsxParseResult;
  patch: TrsxPatch;
}

export class IncrementalTrsxValidator {
  private state: TrsxValidation | undefined;
  /** Normalized sample text, computed once per sample object. */
  private readonly texts = new WeakMap<TrsxSample, string>();
  /** Samples by their duplicate key (validate-duplicates.ts), in document order: the duplicate rules' groups. */
  private groups = new Map<string, TrsxSample[]>();

  constructor(private readonly options: TrsxValidationOptions = {}) {}

  get current(): TrsxValidation | undefined {
    return this.state;
  }

  /** The diagnostics of `result`: reused when it is the result validated last (or stepped to), else computed in full. */
  validate(result: TrsxParseResult): TrsxValidation {
    if (this.state?.result !== result) this.state = this.full(result);
    return this.state;
  }

  /**
   * Follows one incremental parse step, right after it (the next step re-links the same tree and index): only the
   * samples it touched are re-checked. A step from a result this validator did not validate, or one it cannot
   * follow, leaves the next `validate` to start over.
   */
  step(transition: TrsxTransition): void {
    if (!this.state || this.state.result !== transition.base) return;
    this.state = this.incremental(transition.patch);
  }

  private full(result: TrsxParseResult): TrsxValidation {
    const diagnostics = sortDiagnostics([...result.diagnostics, ...validateTrsx(result, this.options)]);
    this.groups = new Map();
    for (const s of result.document.samples) this.addToGroup(s, result.index);
    return { result, diagnostics, incremental: false };
  }

  private incremental(patch: TrsxPatch): TrsxValidation | undefined {
    const { result, start, oldEnd, delta } = patch;
    const { index, document } = result;
    const root = index.sections.project;
    if (!root) return undefined;

    const affectedKeys = new Set<string>();
    for (const s of patch.removedSamples) {
      const key = this.keyOf(s);
      if (key !== '') affectedKeys.add(key);
      this.removeFromGroup(s, key);
    }
    for (const s of patch.addedSamples) affectedKeys.add(this.addToGroup(s, index));
    affectedKeys.delete('');
    const regrouped: TrsxSample[][] = [...affectedKeys]
      .map((k) => this.groups.get(k) ?? [])
      .filter((g) => g.length > 0);
    const regroupedStarts = new Set<number>();
    for (const g of regrouped) for (const s of g) regroupedStarts.add(index.elements.get(s)?.range.start ?? -1);

    const out: Diagnostic[] = [];
    const previous = this.state?.diagnostics ?? [];
    for (const d of previous) {
      const { start: ds, end: de } = d.range;
      let moved: Diagnostic;
      if (ds >= start && de <= oldEnd && (ds < de || ds < oldEnd))
        continue; // about the re-checked span: recomputed below
      else if (de <= start) moved = d;
      else if (ds >= oldEnd) moved = { ...d, range: { start: ds + delta, end: de + delta } };
      else return undefined; // spans the edit: cannot be carried over (the caller validates in full)
      if (DUPLICATE_CODES.has(moved.code) && regroupedStarts.has(moved.range.start)) continue;
      out.push(moved);
    }

    for (const item of patch.fragmentErrors) out.push(item);
    const report = trsxReporter(out);
    const prefix = nuancePrefix(root);
    const sampleRule = childRule('samples', 'sample') as ElementRule;
    for (const el of patch.addedElements) validateElementTree(el, sampleRule, prefix, report, root);
    const added = {
      ...document,
      intents: [],
      concepts: [],
      dictionaries: [],
      sources: [],
      metadata: [],
      samples: patch.addedSamples,
    };
    const knownIntents = [...(this.options.knownIntents ?? [])];
    const knownConcepts = [...(this.options.knownConcepts ?? [])];
    const noScope = this.options.knownIntents === undefined && this.options.knownConcepts === undefined;
    // validateReferences skips sample references when the file has no ontology and no project scope.
    if (!(index.sections.ontology.length === 0 && noScope)) {
      validateReferences(
        added,
        index,
        {
          intents: [...document.intents.map((i) => i.name), ...knownIntents],
          concepts: [...document.concepts.map((c) => c.name), ...knownConcepts],
        },
        report,
      );
    }
    const withoutOntology: TrsxIndex = { elements: index.elements, sections: { ...index.sections, ontology: [] } };
    validateValues(
      added,
      withoutOntology,
      (s) => this.textOf(s),
      this.options.maxSampleLength ?? MAX_SAMPLE_LENGTH,
      report,
    );
    for (const group of regrouped) {
      validateDuplicates({ ...added, samples: group }, index, (s) => this.textOf(s), report);
    }
    return { result, diagnostics: sortDiagnostics(out), incremental: true };
  }

  private textOf(sample: TrsxSample): string {
    let text = this.texts.get(sample);
    if (text === undefined) {
      text = normalizedSampleText(sample.content);
      this.texts.set(sample, text);
    }
    return text;
  }

  private keyOf(sample: TrsxSample): string {
    return duplicateKey(this.textOf(sample));
  }

  /** Adds a sample to its group at its document position; returns its key ('' for an empty sample). */
  private addToGroup(sample: TrsxSample, index: TrsxIndex): string {
    const key = this.keyOf(sample);
    if (key === '') return key;
    const group = this.groups.get(key);
    if (!group) {
      this.groups.set(key, [sample]);
      return key;
    }
    const at = index.elements.get(sample)?.range.start ?? 0;
    let i = group.length;
    while (i > 0 && (index.elements.get(group[i - 1] as TrsxSample)?.range.start ?? 0) > at) i--;
    group.splice(i, 0, sample);
    return key;
  }

  private removeFromGroup(sample: TrsxSample, key: string): void {
    const group = this.groups.get(key);
    if (!group) return;
    const i = group.indexOf(sample);
    if (i !== -1) group.splice(i, 1);
    if (group.length === 0) this.groups.delete(key);
  }
}
