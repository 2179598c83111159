// Positioned XML tree → TRSX model. Lenient by design: it keeps whatever it recognizes and records
// where it came from; the validator (validate-*.ts) is the one that judges the structure.

import { attributeValue, type XmlElement, type XmlNode } from '../xml/tree';
import type {
  Annotation, ConceptRelation, ConceptSetting, DictionaryEntry, IntentLink, MetadataEntry, SampleNode,
  TrsxConcept, TrsxDictionary, TrsxDocument, TrsxIntent, TrsxSample, TrsxSource,
} from './model';
import { emptyTrsxIndex, type TrsxIndex } from './source-index';

export const TRSX_NAMESPACE = 'https://developer.nuance.com/mix/nlu/trsx';

const SAMPLE_ATTRIBUTE_BITS: ReadonlyMap<string, number> = new Map([
  ['intentref', 1], ['count', 2], ['excluded', 4], ['fullyVerified', 8], ['protected', 16], ['description', 32], ['sourceref', 64],
]);

/** `true`/`false` → boolean; anything else is left undefined (and reported by the validator). */
export function parseTrsxBoolean(value: string | undefined): boolean | undefined {
  return value === 'true' ? true : value === 'false' ? false : undefined;
}

/** A positive integer written in decimal, or undefined. */
export function parseTrsxCount(value: string | undefined): number | undefined {
  if (value === undefined || value.length === 0 || value.length > 15) return undefined;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 0x30 || c > 0x39) return undefined;
  }
  return Number(value);
}

/** The prefix bound to the TRSX namespace on `<project>` (normally `nuance`). */
export function nuancePrefix(project: XmlElement): string {
  for (const a of project.attributes) if (a.name.startsWith('xmlns:') && a.value === TRSX_NAMESPACE) return a.name.slice(6);
  return 'nuance';
}

/** Child elements named `name` (a plain loop: this runs for every sample of large files). */
function elements(el: XmlElement, name: string): XmlElement[] {
  const out: XmlElement[] = [];
  for (const c of el.children) if (c.kind === 'element' && c.name === name) out.push(c);
  return out;
}

function set<T extends object, K extends keyof T>(target: T, key: K, value: T[K] | undefined): void {
  if (value !== undefined) target[key] = value;
}

export function readTrsx(root: XmlElement | undefined): { document: TrsxDocument; index: TrsxIndex } {
  const document: TrsxDocument = { metadata: [], sources: [], intents: [], concepts: [], dictionaries: [], samples: [] };
  const index = emptyTrsxIndex();
  if (!root || root.name !== 'project') return { document, index };
  const reader = new TrsxReader(document, index);
  reader.project(root);
  return { document, index };
}

/**
 * Reads `<sample>` elements on their own and records them (and their annotations) in `index`: the language
 * services' incremental update re-reads only the samples an edit touched.
 */
export function readSampleElements(elements: readonly XmlElement[], index: TrsxIndex): TrsxSample[] {
  const reader = new TrsxReader({ metadata: [], sources: [], intents: [], concepts: [], dictionaries: [], samples: [] }, index);
  return elements.map((el) => reader.sample(el));
}

class TrsxReader {
  constructor(private readonly doc: TrsxDocument, private readonly index: TrsxIndex) {}

  private keep<T extends object>(item: T, el: XmlElement): T {
    this.index.elements.set(item, el);
    return item;
  }

  project(root: XmlElement): void {
    const { doc, index } = this;
    const prefix = nuancePrefix(root);
    index.sections.project = root;
    set(doc, 'lang', attributeValue(root, 'xml:lang'));
    set(doc, 'version', attributeValue(root, `${prefix}:version`));
    set(doc, 'enginePackVersion', attributeValue(root, `${prefix}:enginePackVersion`));
    for (const section of root.children) {
      if (section.kind !== 'element') continue;
      switch (section.name) {
        case 'metadata': index.sections.metadata.push(section); this.metadata(section); break;
        case 'sources': index.sections.sources.push(section); this.sources(section); break;
        case 'ontology': index.sections.ontology.push(section); this.ontology(section); break;
        case 'dictionaries': index.sections.dictionaries.push(section); this.dictionaries(section); break;
        case 'samples': index.sections.samples.push(section); this.samples(section); break;
        default: break;
      }
    }
  }

  private metadata(section: XmlElement): void {
    for (const el of elements(section, 'entry')) {
      this.doc.metadata.push(this.keep<MetadataEntry>({ key: attributeValue(el, 'key') ?? '', value: textOf(el) }, el));
    }
  }

  private sources(section: XmlElement): void {
    for (const el of elements(section, 'source')) {
      const source: TrsxSource = { name: attributeValue(el, 'name') ?? '' };
      set(source, 'displayName', attributeValue(el, 'displayName'));
      set(source, 'version', attributeValue(el, 'version'));
      set(source, 'type', attributeValue(el, 'type'));
      set(source, 'useForOOV', parseTrsxBoolean(attributeValue(el, 'useForOOV')));
      set(source, 'uri', attributeValue(el, 'uri'));
      this.doc.sources.push(this.keep(source, el));
    }
  }

  private ontology(section: XmlElement): void {
    set(this.doc, 'ontologyBase', attributeValue(section, 'base'));
    for (const intents of elements(section, 'intents')) {
      this.index.sections.intents.push(intents);
      for (const el of elements(intents, 'intent')) this.doc.intents.push(this.intent(el));
    }
    for (const concepts of elements(section, 'concepts')) {
      this.index.sections.concepts.push(concepts);
      for (const el of elements(concepts, 'concept')) this.doc.concepts.push(this.concept(el));
    }
  }

  private intent(el: XmlElement): TrsxIntent {
    const intent: TrsxIntent = { name: attributeValue(el, 'name') ?? '', links: [] };
    set(intent, 'sourceref', attributeValue(el, 'sourceref'));
    for (const links of elements(el, 'links')) {
      for (const link of elements(links, 'link')) {
        intent.links.push(this.keep<IntentLink>({ conceptref: attributeValue(link, 'conceptref') ?? '' }, link));
      }
    }
    return this.keep(intent, el);
  }

  private concept(el: XmlElement): TrsxConcept {
    const concept: TrsxConcept = { name: attributeValue(el, 'name') ?? '', settings: [], relations: [] };
    set(concept, 'dataType', attributeValue(el, 'dataType'));
    set(concept, 'freetext', parseTrsxBoolean(attributeValue(el, 'freetext')));
    set(concept, 'dynamic', parseTrsxBoolean(attributeValue(el, 'dynamic')));
    set(concept, 'sourceref', attributeValue(el, 'sourceref'));
    set(concept, 'ruleGrammarFileName', attributeValue(el, 'ruleGrammarFileName'));
    for (const child of el.children) {
      if (child.kind !== 'element') continue;
      if (child.name === 'regex') concept.regex = textOf(child);
      else if (child.name === 'settings') {
        for (const s of elements(child, 'setting')) {
          concept.settings.push(this.keep<ConceptSetting>({ name: attributeValue(s, 'name') ?? '', value: attributeValue(s, 'value') ?? '' }, s));
        }
      } else if (child.name === 'relations') {
        for (const r of elements(child, 'relation')) {
          concept.relations.push(this.keep<ConceptRelation>({ type: attributeValue(r, 'type') ?? '', conceptref: attributeValue(r, 'conceptref') ?? '' }, r));
        }
      }
    }
    return this.keep(concept, el);
  }

  private dictionaries(section: XmlElement): void {
    for (const el of elements(section, 'dictionary')) {
      const dictionary: TrsxDictionary = { conceptref: attributeValue(el, 'conceptref') ?? '', entries: [] };
      for (const e of elements(el, 'entry')) {
        const entry: DictionaryEntry = { literal: attributeValue(e, 'literal') ?? '' };
        set(entry, 'value', attributeValue(e, 'value'));
        set(entry, 'sourceref', attributeValue(e, 'sourceref'));
        set(entry, 'protected', parseTrsxBoolean(attributeValue(e, 'protected')));
        dictionary.entries.push(this.keep(entry, e));
      }
      this.doc.dictionaries.push(this.keep(dictionary, el));
    }
  }

  private samples(section: XmlElement): void {
    for (const el of section.children) {
      if (el.kind === 'element' && el.name === 'sample') this.doc.samples.push(this.sample(el));
    }
  }

  sample(el: XmlElement): TrsxSample {
    const sample: TrsxSample = { intentref: '', content: this.mixedContent(el.children) };
    // One pass over the attributes (the first of a repeated one wins, like attributeValue): this runs per sample.
    let seen = 0;
    for (const a of el.attributes) {
      const bit = SAMPLE_ATTRIBUTE_BITS.get(a.name);
      if (bit === undefined || (seen & bit) !== 0) continue;
      seen |= bit;
      switch (a.name) {
        case 'intentref': sample.intentref = a.value; break;
        case 'count': set(sample, 'count', parseTrsxCount(a.value)); break;
        case 'excluded': set(sample, 'excluded', parseTrsxBoolean(a.value)); break;
        case 'fullyVerified': set(sample, 'fullyVerified', parseTrsxBoolean(a.value)); break;
        case 'protected': set(sample, 'protected', parseTrsxBoolean(a.value)); break;
        case 'description': sample.description = a.value; break;
        case 'sourceref': sample.sourceref = a.value; break;
      }
    }
    return this.keep(sample, el);
  }

  /**
   * Text runs and annotations, exactly as written. Adjacent runs (split by a comment) are merged and empty
   * runs dropped, so the model has one canonical form. Other elements are skipped (the validator reports them).
   */
  private mixedContent(nodes: readonly XmlNode[]): SampleNode[] {
    const out: SampleNode[] = [];
    for (const n of nodes) {
      if (n.kind === 'text') {
        if (n.value === '') continue;
        const last = out.length - 1;
        if (last >= 0 && typeof out[last] === 'string') out[last] += n.value;
        else out.push(n.value);
      } else if (n.kind === 'element' && n.name === 'annotation') {
        const annotation: Annotation = { conceptref: attributeValue(n, 'conceptref') ?? '', content: this.mixedContent(n.children) };
        out.push(this.keep(annotation, n));
      }
    }
    return out.length === 0 ? [] : out.slice(); // exact size: content arrays live as long as the model
  }
}

/** Text content of a simple element (metadata entry, regex): direct text children only. */
function textOf(el: XmlElement): string {
  let out = '';
  for (const c of el.children) if (c.kind === 'text') out += c.value;
  return out;
}
