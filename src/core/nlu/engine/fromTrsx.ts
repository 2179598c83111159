// One locale's TRSX → the engine's training input. The TRSX parser (formats/trsx) owns reading the document; this
// module owns what of it trains a model: included samples (count as weight), their annotations as character spans,
// the entities with the matcher each needs, and which entities each intent reports.

import type { TrsxConcept, TrsxDocument, SampleNode } from '../../formats/trsx/model';
import { parseTrsx } from '../../formats/trsx/parse';
import { sampleTextWithSpans, type SampleSpan } from '../../formats/trsx/sample-text';
import { SPECIAL_INTENTS } from '../../formats/trsx/predefined';
import { rangeOf, type TrsxIndex } from '../../formats/trsx/source-index';
import type {
  EntityDefinition,
  ListEntry,
  TrainingAnnotation,
  TrainingInput,
  TrainingInputOptions,
  TrainingIntent,
  TrainingSample,
} from './types';
import { NO_INTENT } from './types';

export function trainingInputFromTrsx(text: string, locale: string, options: TrainingInputOptions = {}): TrainingInput {
  const { document, index } = parseTrsx(text);
  return trainingInputFromDocument(document, locale, options, { text, index });
}

/** Where the document's text is, when known: samples then carry their line. */
export interface DocumentSourceText {
  text: string;
  index: TrsxIndex;
}

export function trainingInputFromDocument(
  document: TrsxDocument,
  locale: string,
  options: TrainingInputOptions = {},
  source?: DocumentSourceText,
): TrainingInput {
  const lines = source ? lineStarts(source.text) : undefined;
  const samples: TrainingSample[] = [];
  const annotatedLiterals = new Map<string, Map<string, string>>();
  for (const s of document.samples) {
    if (s.excluded === true || s.intentref === 'UNASSIGNED_SAMPLES') continue;
    const { text, annotations } = flatten(s.content);
    if (text.trim() === '') continue;
    const sample: TrainingSample = {
      text,
      intent: s.intentref,
      weight: Math.max(1, Math.floor(s.count ?? 1)),
      annotations,
    };
    const offset = source ? rangeOf(source.index, s)?.start : undefined;
    if (offset !== undefined && lines) {
      sample.source = {
        line: lineOf(lines, offset),
        offset,
        ...(options.file !== undefined ? { file: options.file } : {}),
      };
    }
    samples.push(sample);
    collectLiterals(annotations, annotatedLiterals);
  }
  const intents: TrainingIntent[] = document.intents
    .filter((i) => !SPECIAL_INTENTS.has(i.name) || i.name === NO_INTENT)
    .map((i) => ({ name: i.name, entities: i.links.map((l) => l.conceptref) }));
  const declared = new Set(intents.map((i) => i.name));
  // A sample may name an intent the ontology does not declare (hand-written files): it still trains.
  for (const s of samples) {
    if (!declared.has(s.intent)) {
      declared.add(s.intent);
      intents.push({ name: s.intent, entities: [] });
    }
  }
  const entries = new Map<string, ListEntry[]>();
  for (const d of document.dictionaries) {
    const list = entries.get(d.conceptref) ?? [];
    for (const e of d.entries) list.push({ literal: e.literal, value: e.value ?? e.literal });
    entries.set(d.conceptref, list);
  }
  const entities = document.concepts.map((c) =>
    entityOf(c, entries.get(c.name), annotatedLiterals.get(c.name), options),
  );
  return { locale, intents, samples, entities };
}

function entityOf(
  c: TrsxConcept,
  listed: ListEntry[] | undefined,
  annotated: Map<string, string> | undefined,
  options: TrainingInputOptions,
): EntityDefinition {
  const isA = c.relations.find((r) => r.type === 'isA')?.conceptref;
  const hasA = c.relations.filter((r) => r.type === 'hasA').map((r) => r.conceptref);
  const base = { name: c.name, ...(isA !== undefined ? { isA } : {}), hasA };
  if (c.ruleGrammarFileName !== undefined) {
    const grammar = options.grammars?.[c.ruleGrammarFileName];
    return { ...base, kind: 'grammar', fileName: c.ruleGrammarFileName, ...(grammar !== undefined ? { grammar } : {}) };
  }
  if (c.regex !== undefined) return { ...base, kind: 'regex', pattern: c.regex };
  if (c.freetext === true) return { ...base, kind: 'freetext' };
  if (listed || c.dynamic === true || (annotated && hasA.length === 0 && isA === undefined)) {
    // Literals annotated in samples but missing from the dictionary still name the entity (the platform adds them).
    const known = new Set((listed ?? []).map((e) => e.literal.toLowerCase()));
    const extra = [...(annotated ?? new Map<string, string>())]
      .filter(([k]) => !known.has(k))
      .map(([, literal]) => ({ literal, value: literal }));
    return { ...base, kind: 'list', entries: [...(listed ?? []), ...extra], dynamic: c.dynamic === true };
  }
  return { ...base, kind: 'other' };
}

/** A sample's text as the platform reads it (whitespace collapsed, a word break at annotation boundaries) with its annotations. */
function flatten(nodes: readonly SampleNode[]): { text: string; annotations: TrainingAnnotation[] } {
  const { text, spans } = sampleTextWithSpans(nodes);
  const convert = (list: readonly SampleSpan[]): TrainingAnnotation[] =>
    list.map((sp) => ({
      entity: sp.conceptref,
      start: sp.start,
      end: sp.end,
      literal: text.slice(sp.start, sp.end),
      children: convert(sp.children),
    }));
  return { text, annotations: convert(spans) };
}

function collectLiterals(annotations: readonly TrainingAnnotation[], into: Map<string, Map<string, string>>): void {
  for (const a of annotations) {
    const literal = a.literal.trim();
    if (literal !== '' && a.children.length === 0) {
      const m = into.get(a.entity) ?? new Map<string, string>();
      if (!m.has(literal.toLowerCase())) m.set(literal.toLowerCase(), literal);
      into.set(a.entity, m);
    }
    collectLiterals(a.children, into);
  }
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/** 1-based line of an offset (binary search over line starts). */
function lineOf(starts: readonly number[], offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((starts[mid] as number) <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}
