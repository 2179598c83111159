// Un-annotated mentions: a sample whose plain text (outside any annotation) contains a literal of a list
// entity linked to the sample's intent. The model learns that entity from annotated mentions only, so an
// un-annotated one teaches it that the words are not the entity. Each finding carries the edit that wraps the
// words in `<annotation conceptref="…">` in the file's own text (its escaping and spacing kept).
import type { TextRange } from '../formats/diagnostic';
import type { TrsxDocument, TrsxSample } from '../formats/trsx/model';
import { normalize, sampleTokens } from '../formats/sampleText';
import { RULE_SEVERITY, type HealthEdit, type HealthFinding } from './findings';
import type { LocaleFile } from './localeFile';
import { findInSampleText } from './sampleSource';

export interface Literal {
  concept: string;
  /** As written in the dictionary. */
  literal: string;
  tokens: string[];
}

/** Literals of each list entity, indexed by their first word. */
function literalIndex(document: TrsxDocument): Map<string, Map<string, Literal[]>> {
  const byConcept = new Map<string, Map<string, Literal[]>>();
  for (const d of document.dictionaries) {
    let byFirst = byConcept.get(d.conceptref);
    if (!byFirst) byConcept.set(d.conceptref, (byFirst = new Map()));
    for (const e of d.entries) {
      const tokens = sampleTokens(normalize(e.literal));
      const first = tokens[0];
      if (first === undefined) continue;
      const list = byFirst.get(first);
      const literal = { concept: d.conceptref, literal: e.literal, tokens };
      if (list) list.push(literal);
      else byFirst.set(first, [literal]);
    }
  }
  return byConcept;
}

/** A mention found while the file is scanned: the sample's element range, its intent and the literal. */
export interface MentionHit {
  range: TextRange;
  intent: string;
  literal: Literal;
}

/**
 * Finds the un-annotated mentions of samples one at a time, from the list entities and intent links read
 * before them. TRSX puts the ontology and dictionaries before the samples; `isCurrent` tells when a file put
 * some after (the caller then scans the samples again with a finder made from the whole model).
 */
export class MentionFinder {
  private readonly linked = new Map<string, Array<Map<string, Literal[]>>>();
  private readonly shape: string;

  constructor(document: TrsxDocument) {
    this.shape = shapeOf(document);
    const literals = literalIndex(document);
    if (literals.size === 0) return;
    // Per intent, the linked list entities' literal indexes.
    for (const intent of document.intents) {
      const lists = intent.links
        .map((l) => literals.get(l.conceptref))
        .filter((m): m is Map<string, Literal[]> => m !== undefined);
      if (lists.length > 0) this.linked.set(intent.name, lists);
    }
  }

  /** False when the model has more intents, links or literals than when this finder was made. */
  isCurrent(document: TrsxDocument): boolean {
    return shapeOf(document) === this.shape;
  }

  check(sample: TrsxSample, range: TextRange, hits: MentionHit[]): void {
    const lists = this.linked.get(sample.intentref);
    if (!lists) return;
    for (const node of sample.content) {
      if (typeof node !== 'string') continue;
      for (const literal of mentionsIn(sampleTokens(normalize(node)), lists))
        hits.push({ range, intent: sample.intentref, literal });
    }
  }
}

function shapeOf(document: TrsxDocument): string {
  let links = 0;
  let entries = 0;
  for (const i of document.intents) links += i.links.length;
  for (const d of document.dictionaries) entries += d.entries.length;
  return `${document.intents.length}/${links}/${document.dictionaries.length}/${entries}`;
}

export function mentionFindings(locale: LocaleFile, hits: readonly MentionHit[], findings: HealthFinding[]): void {
  for (const hit of hits) findings.push(mentionFinding(locale, hit));
}

/** The longest literal at each word, left to right, not overlapping. */
function mentionsIn(tokens: readonly string[], lists: ReadonlyArray<Map<string, Literal[]>>): Literal[] {
  const out: Literal[] = [];
  for (let i = 0; i < tokens.length; ) {
    let best: Literal | undefined;
    for (const byFirst of lists) {
      for (const candidate of byFirst.get(tokens[i] as string) ?? []) {
        if (best && candidate.tokens.length <= best.tokens.length) continue;
        if (candidate.tokens.every((t, k) => tokens[i + k] === t)) best = candidate;
      }
    }
    if (best) {
      out.push(best);
      i += best.tokens.length;
    } else i++;
  }
  return out;
}

function mentionFinding(locale: LocaleFile, { range, intent, literal: hit }: MentionHit): HealthFinding {
  const fix = annotateEdit(locale, range, hit);
  const words = fix ? locale.source.slice(fix.start, fix.end) : hit.literal;
  return {
    rule: 'unannotated-mention',
    severity: RULE_SEVERITY['unannotated-mention'],
    locale: locale.locale,
    location: locale.locateRange(range),
    message: `A sample of ${intent} in ${locale.locale} says "${words}", a literal of entity ${hit.concept} (linked to ${intent}), without annotating it; annotate it as <annotation conceptref="${hit.concept}">${words}</annotation> in ${locale.file}, or reword the sample.`,
    ...(fix ? { fix } : {}),
  };
}

function annotateEdit(locale: LocaleFile, range: TextRange, hit: Literal): HealthEdit | undefined {
  // The sample's element alone, its offsets moved back into the file's text.
  const element = locale.source.slice(range.start, range.end);
  const found = findInSampleText(element, { start: 0, end: element.length }, hit.tokens);
  if (!found) return undefined;
  const at = { start: range.start + found.start, end: range.start + found.end };
  const words = element.slice(found.start, found.end);
  return {
    file: locale.file,
    start: at.start,
    end: at.end,
    newText: `<annotation conceptref="${hit.concept}">${words}</annotation>`,
  };
}
