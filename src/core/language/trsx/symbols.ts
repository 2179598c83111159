// The names of a TRSX document and where they are: declarations (intents, concepts, dictionaries) and every
// reference to them (sample intentrefs, annotation / link / relation / dictionary conceptrefs), with the
// ranges of their attribute values. Built from a parse result on first use and kept for that result
// (a WeakMap, so an edit's new result gets a new table). The symbol under the cursor is found in the tree.

import type { TextRange } from '../../formats/diagnostic';
import type {
  Annotation,
  SampleNode,
  TrsxConcept,
  TrsxDictionary,
  TrsxIntent,
  TrsxSample,
} from '../../formats/trsx/model';
import type { TrsxParseResult } from '../../formats/trsx/parse';
import { getAttribute, type XmlElement } from '../../formats/xml/tree';
import { attributeValueAt, openTagAt } from '../xml/treeQuery';

export type ConceptRefKind = 'annotation' | 'link' | 'relation' | 'dictionary';

export interface IntentDeclaration {
  name: string;
  intent: TrsxIntent;
  /** The name attribute's value (the whole open tag when the attribute is missing). */
  nameRange: TextRange;
  range: TextRange;
}

export interface ConceptDeclaration {
  name: string;
  concept: TrsxConcept;
  nameRange: TextRange;
  range: TextRange;
}

export interface DictionaryDeclaration {
  conceptref: string;
  dictionary: TrsxDictionary;
  nameRange: TextRange;
  range: TextRange;
}

export interface NameReference {
  name: string;
  range: TextRange;
}

export interface ConceptReference extends NameReference {
  kind: ConceptRefKind;
}

export interface SampleCount {
  /** Number of <sample> elements. */
  samples: number;
  /** Sum of their `count` attributes (1 when absent). */
  weighted: number;
}

export class TrsxSymbols {
  readonly intents: IntentDeclaration[] = [];
  readonly concepts: ConceptDeclaration[] = [];
  readonly dictionaries: DictionaryDeclaration[] = [];
  private references?: { intents: NameReference[]; concepts: ConceptReference[] };
  private counts?: Map<string, SampleCount>;

  constructor(readonly result: TrsxParseResult) {
    const { document } = result;
    for (const intent of document.intents) {
      const el = this.element(intent);
      if (el) this.intents.push({ name: intent.name, intent, nameRange: valueRange(el, 'name'), range: el.range });
    }
    for (const concept of document.concepts) {
      const el = this.element(concept);
      if (el) this.concepts.push({ name: concept.name, concept, nameRange: valueRange(el, 'name'), range: el.range });
    }
    for (const dictionary of document.dictionaries) {
      const el = this.element(dictionary);
      if (el)
        this.dictionaries.push({
          conceptref: dictionary.conceptref,
          dictionary,
          nameRange: valueRange(el, 'conceptref'),
          range: el.range,
        });
    }
  }

  intent(name: string): IntentDeclaration | undefined {
    return this.intents.find((i) => i.name === name);
  }

  concept(name: string): ConceptDeclaration | undefined {
    return this.concepts.find((c) => c.name === name);
  }

  dictionary(conceptref: string): DictionaryDeclaration | undefined {
    return this.dictionaries.find((d) => d.conceptref === conceptref);
  }

  /** Sample intentrefs, in document order. */
  intentReferences(): NameReference[] {
    return this.collectReferences().intents;
  }

  /** Annotation, link, relation and dictionary conceptrefs, in document order. */
  conceptReferences(): ConceptReference[] {
    return this.collectReferences().concepts;
  }

  /** Samples per intent. */
  sampleCounts(): ReadonlyMap<string, SampleCount> {
    if (!this.counts) {
      const counts = new Map<string, SampleCount>();
      for (const s of this.result.document.samples) {
        const c = counts.get(s.intentref) ?? { samples: 0, weighted: 0 };
        c.samples++;
        c.weighted += s.count ?? 1;
        counts.set(s.intentref, c);
      }
      this.counts = counts;
    }
    return this.counts;
  }

  /** Samples of one intent, in document order. */
  samplesOf(intent: string): TrsxSample[] {
    return this.result.document.samples.filter((s) => s.intentref === intent);
  }

  element(item: object): XmlElement | undefined {
    return this.result.index.elements.get(item);
  }

  private collectReferences(): { intents: NameReference[]; concepts: ConceptReference[] } {
    if (this.references) return this.references;
    const intents: NameReference[] = [];
    const concepts: ConceptReference[] = [];
    const { document } = this.result;
    const push = (item: object, name: string, kind: ConceptRefKind): void => {
      const el = this.element(item);
      const a = el ? getAttribute(el, 'conceptref') : undefined;
      if (a) concepts.push({ name, range: a.valueRange, kind });
    };
    for (const intent of document.intents) for (const link of intent.links) push(link, link.conceptref, 'link');
    for (const concept of document.concepts) for (const r of concept.relations) push(r, r.conceptref, 'relation');
    for (const d of document.dictionaries) push(d, d.conceptref, 'dictionary');
    const stack: SampleNode[] = [];
    for (const sample of document.samples) {
      const el = this.element(sample);
      const a = el ? getAttribute(el, 'intentref') : undefined;
      if (a) intents.push({ name: sample.intentref, range: a.valueRange });
      for (let i = sample.content.length - 1; i >= 0; i--) stack.push(sample.content[i] as SampleNode);
      while (stack.length > 0) {
        const n = stack.pop() as SampleNode;
        if (typeof n === 'string') continue;
        push(n, n.conceptref, 'annotation');
        for (let i = n.content.length - 1; i >= 0; i--) stack.push((n as Annotation).content[i] as SampleNode);
      }
    }
    concepts.sort((a, b) => a.range.start - b.range.start);
    this.references = { intents, concepts };
    return this.references;
  }
}

const tables = new WeakMap<TrsxParseResult, TrsxSymbols>();

export function trsxSymbols(result: TrsxParseResult): TrsxSymbols {
  let table = tables.get(result);
  if (!table) {
    table = new TrsxSymbols(result);
    tables.set(result, table);
  }
  return table;
}

function valueRange(el: XmlElement, attribute: string): TextRange {
  return getAttribute(el, attribute)?.valueRange ?? el.openTagRange;
}

/** What a TRSX name under the cursor is. */
export type TrsxSymbolAt =
  | { kind: 'intent'; name: string; range: TextRange; declaration: boolean }
  | { kind: 'concept'; name: string; range: TextRange; declaration: boolean; refKind?: ConceptRefKind }
  | { kind: 'grammarFile'; name: string; range: TextRange; concept: string }
  | { kind: 'dataType'; name: string; range: TextRange };

const CONCEPTREF_OWNERS: Readonly<Record<string, ConceptRefKind>> = {
  annotation: 'annotation',
  link: 'link',
  relation: 'relation',
  dictionary: 'dictionary',
};

export function trsxSymbolAt(result: TrsxParseResult, offset: number): TrsxSymbolAt | undefined {
  const tag = openTagAt(result.tree, offset);
  if (!tag) return undefined;
  const { element } = tag;
  const a = attributeValueAt(element, offset);
  if (!a) return undefined;
  const range = a.valueRange;
  const name = a.value;
  switch (`${element.name}@${a.name}`) {
    case 'intent@name':
      return { kind: 'intent', name, range, declaration: true };
    case 'sample@intentref':
      return { kind: 'intent', name, range, declaration: false };
    case 'concept@name':
      return { kind: 'concept', name, range, declaration: true };
    case 'concept@ruleGrammarFileName':
      return {
        kind: 'grammarFile',
        name,
        range,
        concept: element.attributes.find((x) => x.name === 'name')?.value ?? '',
      };
    case 'concept@dataType':
      return { kind: 'dataType', name, range };
    default: {
      const refKind = a.name === 'conceptref' ? CONCEPTREF_OWNERS[element.name] : undefined;
      return refKind ? { kind: 'concept', name, range, declaration: false, refKind } : undefined;
    }
  }
}
