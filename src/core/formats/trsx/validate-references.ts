// Cross-references: sample intents, annotation/link/relation/dictionary concepts, isA cycles, and grammar
// file paths (which must stay inside the imported package).

import type { TextRange } from '../diagnostic';
import type { TrsxReport } from './codes';
import type { Annotation, SampleNode, TrsxDocument } from './model';
import { SPECIAL_INTENTS, isPredefinedConcept } from './predefined';
import { indexLocator, type TrsxIndex, type TrsxLocator } from './source-index';

export interface ReferenceScope {
  intents?: Iterable<string>;
  concepts?: Iterable<string>;
}

/** Case-insensitive lookup used only to suggest a fix ("did you mean …?"). */
class NameSet {
  private readonly exact = new Set<string>();
  private readonly folded = new Map<string, string>();
  add(name: string): void {
    this.exact.add(name);
    if (!this.folded.has(name.toLowerCase())) this.folded.set(name.toLowerCase(), name);
  }
  has(name: string): boolean {
    return this.exact.has(name);
  }
  hint(name: string): string {
    const near = this.folded.get(name.toLowerCase());
    return near === undefined ? '' : ` Did you mean '${near}'?`;
  }
}

/** The reference rules, with ranges from the tree's index (the language services re-check edits with it). */
export function validateReferences(
  doc: TrsxDocument,
  index: TrsxIndex,
  scope: ReferenceScope,
  report: TrsxReport,
): void {
  checkReferences(doc, indexLocator(index), scope, report);
}

export function checkReferences(doc: TrsxDocument, at: TrsxLocator, scope: ReferenceScope, report: TrsxReport): void {
  const root = at.projectName;
  if (!root) return;
  const range = (item: object, attribute: string): TextRange =>
    at.attributeRange(item, attribute) ?? at.range(item) ?? root;
  checkGrammarPaths(doc, range, report);
  if (at.ontologyName === undefined && scope.intents === undefined && scope.concepts === undefined) {
    if (doc.samples.length > 0 || doc.dictionaries.length > 0) {
      report(
        'TRSX026',
        root,
        'This file declares no <ontology>: its intent and concept references are checked against the project when it is imported.',
      );
    }
    return;
  }
  const intents = new NameSet();
  const concepts = new NameSet();
  for (const i of doc.intents) intents.add(i.name);
  for (const c of doc.concepts) concepts.add(c.name);
  for (const name of scope.intents ?? []) intents.add(name);
  for (const name of scope.concepts ?? []) concepts.add(name);
  const conceptKnown = (name: string): boolean => name === '' || concepts.has(name) || isPredefinedConcept(name);

  for (const intent of doc.intents) {
    for (const link of intent.links) {
      if (!conceptKnown(link.conceptref)) {
        report(
          'TRSX023',
          range(link, 'conceptref'),
          `Intent '${intent.name}' links to concept '${link.conceptref}', which is not declared.${concepts.hint(link.conceptref)}`,
        );
      }
    }
  }
  for (const concept of doc.concepts) {
    for (const relation of concept.relations) {
      if (!conceptKnown(relation.conceptref)) {
        report(
          'TRSX024',
          range(relation, 'conceptref'),
          `Concept '${concept.name}' has a ${relation.type} relation to '${relation.conceptref}', which is not declared.${concepts.hint(relation.conceptref)}`,
        );
      }
    }
  }
  for (const dictionary of doc.dictionaries) {
    if (dictionary.conceptref !== '' && !concepts.has(dictionary.conceptref)) {
      report(
        'TRSX022',
        range(dictionary, 'conceptref'),
        `Dictionary for '${dictionary.conceptref}': no such concept is declared in <concepts>.${concepts.hint(dictionary.conceptref)}`,
      );
    }
  }
  const stack: SampleNode[] = [];
  for (const sample of doc.samples) {
    const ref = sample.intentref;
    if (ref !== '' && !intents.has(ref) && !SPECIAL_INTENTS.has(ref)) {
      report(
        'TRSX020',
        range(sample, 'intentref'),
        `Sample refers to intent '${ref}', which is not declared (nor NO_INTENT or UNASSIGNED_SAMPLES).${intents.hint(ref)}`,
      );
    }
    for (const n of sample.content) if (typeof n !== 'string') stack.push(n);
    while (stack.length > 0) {
      const a = stack.pop() as Annotation;
      if (!conceptKnown(a.conceptref)) {
        report(
          'TRSX021',
          range(a, 'conceptref'),
          `Annotation uses concept '${a.conceptref}', which is neither declared nor predefined.${concepts.hint(a.conceptref)}`,
        );
      }
      for (const n of a.content) if (typeof n !== 'string') stack.push(n);
    }
  }
  checkIsACycles(doc, range, report);
}

function checkIsACycles(
  doc: TrsxDocument,
  range: (item: object, attribute: string) => TextRange,
  report: TrsxReport,
): void {
  const edges = new Map<string, Array<{ target: string; item: object }>>();
  for (const c of doc.concepts) {
    for (const r of c.relations) {
      if (r.type !== 'isA') continue;
      const list = edges.get(c.name) ?? [];
      list.push({ target: r.conceptref, item: r });
      edges.set(c.name, list);
    }
  }
  // Iterative depth-first search: 1 = on the current path, 2 = finished.
  const state = new Map<string, number>();
  for (const start of edges.keys()) {
    if (state.has(start)) continue;
    const path: Array<{ name: string; next: number }> = [{ name: start, next: 0 }];
    state.set(start, 1);
    while (path.length > 0) {
      const top = path[path.length - 1] as { name: string; next: number };
      const out = edges.get(top.name) ?? [];
      if (top.next >= out.length) {
        state.set(top.name, 2);
        path.pop();
        continue;
      }
      const edge = out[top.next++] as { target: string; item: object };
      const s = state.get(edge.target);
      if (s === 1) {
        const cycle = [...path.slice(path.findIndex((p) => p.name === edge.target)).map((p) => p.name), edge.target];
        report('TRSX025', range(edge.item, 'conceptref'), `isA relations form a cycle: ${cycle.join(' → ')}.`);
      } else if (s === undefined) {
        state.set(edge.target, 1);
        path.push({ name: edge.target, next: 0 });
      }
    }
  }
}

function checkGrammarPaths(
  doc: TrsxDocument,
  range: (item: object, attribute: string) => TextRange,
  report: TrsxReport,
): void {
  for (const c of doc.concepts) {
    const file = c.ruleGrammarFileName;
    if (file === undefined) continue;
    const absolute = /^(?:[\\/]|[A-Za-z]:|[A-Za-z][A-Za-z0-9+.-]*:\/\/)/.test(file);
    const escapes = file.split(/[\\/]/).includes('..');
    if (absolute || escapes) {
      report(
        'TRSX027',
        range(c, 'ruleGrammarFileName'),
        `ruleGrammarFileName '${file}' of concept '${c.name}' must be a relative path inside the package (no '..', no absolute path or URL).`,
      );
    }
  }
}
