// Duplicates: intents and concepts declared twice, repeated samples, the same text under two intents,
// repeated dictionaries, entries and list items.

import type { TextRange } from '../diagnostic';
import type { TrsxCode, TrsxReport } from './codes';
import type { TrsxDocument, TrsxSample } from './model';
import { normalize } from '../sampleText';
import { annotatedSampleKey } from './sample-text';
import { indexLocator, type TrsxIndex, type TrsxLocator } from './source-index';

/** The duplicate rules, with ranges from the tree's index (the language services re-check edits with it). */
export function validateDuplicates(
  doc: TrsxDocument,
  index: TrsxIndex,
  textOf: (sample: TrsxSample) => string,
  report: TrsxReport,
): void {
  checkDuplicates(doc, indexLocator(index), textOf, report);
}

/**
 * The key samples are grouped by for TRSX032/TRSX033, from a sample's collapsed text (`textOf`): sampleKey's folding
 * (sample-text.ts), so normalize(textOf(s)) is sampleKey(s.content). The incremental validator groups by it too.
 */
export function duplicateKey(collapsedText: string): string {
  return normalize(collapsedText);
}

/** `textOf` gives a sample's normalized text (see validateModel). */
export function checkDuplicates(
  doc: TrsxDocument,
  at: TrsxLocator,
  textOf: (sample: TrsxSample) => string,
  report: TrsxReport,
): void {
  const range = (item: object, attribute: string): TextRange =>
    at.attributeRange(item, attribute) ?? at.range(item) ?? { start: 0, end: 0 };

  /** Reports every item whose key was already seen in `items`. */
  function repeated<T extends object>(
    items: readonly T[],
    key: (item: T) => string,
    code: TrsxCode,
    attribute: string,
    message: (item: T) => string,
  ): void {
    const seen = new Set<string>();
    for (const item of items) {
      const k = key(item);
      if (seen.has(k)) report(code, range(item, attribute), message(item));
      else seen.add(k);
    }
  }

  /** `repeated` for a list whose items are keyed by the value of one attribute (`name`, `conceptref`). */
  function repeatedBy<K extends 'name' | 'conceptref', T extends Record<K, string>>(
    items: readonly T[],
    attribute: K,
    code: TrsxCode,
    message: (value: string) => string,
  ): void {
    repeated(
      items,
      (i) => i[attribute],
      code,
      attribute,
      (i) => message(i[attribute]),
    );
  }

  repeatedBy(doc.intents, 'name', 'TRSX030', (name) => `Intent '${name}' is declared more than once.`);
  repeatedBy(doc.concepts, 'name', 'TRSX031', (name) => `Concept '${name}' is declared more than once.`);
  repeatedBy(
    doc.dictionaries,
    'conceptref',
    'TRSX034',
    (ref) => `A second dictionary for '${ref}'; merge it into the first.`,
  );
  repeatedBy(doc.sources, 'name', 'TRSX036', (name) => `Source '${name}' is listed more than once.`);
  for (const d of doc.dictionaries) {
    repeated(
      d.entries,
      (e) => `${e.literal}\u0000${e.value ?? ''}`,
      'TRSX035',
      'literal',
      (e) => `Entry '${e.literal}' → '${e.value ?? ''}' is repeated in the dictionary of '${d.conceptref}'.`,
    );
  }
  for (const i of doc.intents)
    repeatedBy(i.links, 'conceptref', 'TRSX036', (ref) => `Intent '${i.name}' links to '${ref}' more than once.`);
  for (const c of doc.concepts) {
    repeated(
      c.relations,
      (r) => `${r.type}\u0000${r.conceptref}`,
      'TRSX036',
      'conceptref',
      (r) => `Concept '${c.name}' repeats the relation ${r.type} '${r.conceptref}'.`,
    );
    repeatedBy(c.settings, 'name', 'TRSX036', (name) => `Concept '${c.name}' repeats the setting '${name}'.`);
  }

  // Samples: identical (text and annotations) within an intent; the same utterance under two intents (equal
  // sample keys, sample-text.ts's sampleKey: "Hello!" is "hello", as Model Health's conflict rule says). Grouped
  // by that key first, so the annotated key is only built for the rare samples that share a text. The
  // groups are found by a small-integer hash of the text, not the text itself: a file of 100k samples then keeps
  // no string per sample alive, and the texts of a group are compared only when two samples share a hash.
  interface Seen {
    intentref: string;
    excluded: boolean;
    index: number;
    key?: string;
    annotated?: string;
  }
  // A hash seen once maps to its sample index (no allocation); a shared hash maps to a group.
  const byHash = new Map<number, number | Seen[]>();
  const sampleAt = (i: number): TrsxSample => doc.samples[i] as TrsxSample;
  const seen = (i: number, key?: string): Seen => {
    const s = sampleAt(i);
    return { intentref: s.intentref, excluded: s.excluded === true, index: i, key };
  };
  const keyOf = (entry: Seen): string => (entry.key ??= duplicateKey(textOf(sampleAt(entry.index))));
  const annotatedOf = (entry: Seen): string => (entry.annotated ??= annotatedSampleKey(sampleAt(entry.index).content));
  for (let i = 0; i < doc.samples.length; i++) {
    const sample = sampleAt(i);
    const key = duplicateKey(textOf(sample));
    if (key === '') continue;
    const hash = smallHash(key);
    const previous = byHash.get(hash);
    if (previous === undefined) {
      byHash.set(hash, i);
      continue;
    }
    const shared = typeof previous === 'number' ? [seen(previous)] : previous;
    if (typeof previous === 'number') byHash.set(hash, shared);
    const current = seen(i, key);
    shared.push(current);
    const group = shared.filter((g) => g !== current && keyOf(g) === key);
    if (group.some((g) => g.intentref === current.intentref && annotatedOf(g) === annotatedOf(current))) {
      report(
        'TRSX032',
        at.range(sample) ?? { start: 0, end: 0 },
        `This sample repeats an earlier sample of '${sample.intentref}'; remove it and raise the first one's count.`,
      );
      shared.pop(); // a repeat is reported once and never compared with again
      continue;
    }
    const other = current.excluded ? undefined : group.find((g) => !g.excluded && g.intentref !== current.intentref);
    if (other)
      report(
        'TRSX033',
        at.range(sample) ?? { start: 0, end: 0 },
        `The same text is also a sample of '${other.intentref}'; one utterance should train one intent.`,
      );
  }
}

/** FNV-1a over the UTF-16 code units, cut to 30 bits so that V8 keeps it unboxed (a Smi) as a map key. */
function smallHash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h & 0x3fffffff;
}
