// Positioned XML tree → TRSX model. Lenient by design: it keeps whatever it recognizes and records
// where it came from; the validator (validate-*.ts) is the one that judges the structure.

import { attributeValue, type XmlElement, type XmlNode } from '../xml/tree';
import type {
  Annotation,
  ConceptRelation,
  ConceptSetting,
  DictionaryEntry,
  IntentLink,
  MetadataEntry,
  SampleNode,
  TrsxConcept,
  TrsxDictionary,
  TrsxDocument,
  TrsxIntent,
  TrsxSample,
  TrsxSource,
} from './model';
import { emptyTrsxIndex, type TrsxIndex } from './source-index';

export const TRSX_NAMESPACE = 'https://developer.nuance.com/mix/nlu/trsx';

const SAMPLE_ATTRIBUTE_BITS: ReadonlyMap<string, number> = new Map([
  ['intentref', 1],
  ['count', 2],
  ['excluded', 4],
  ['fullyVerified', 8],
  ['protected', 16],
  ['description', 32],
  ['sourceref', 64],
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
  for (const a of project.attributes)
    if (a.name.startsWith('xmlns:') && a.value === TRSX_NAMESPACE) return a.name.slice(6);
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
  const document: TrsxDocument = {
    metadata: [],
    sources: [],
    intents: [],
    concepts: [],
    dictionaries: [],
    samples: [],
  };
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
  const reader = new TrsxReader(
    { metadata: [], sources: [], intents: [], concepts: [], dictionaries: [], samples: [] },
    index,
  );
  return elements.map((el) => reader.sample(el));
}

// One reader per element kind: the attributes an element contributes to its model object. The tree reader
// (TrsxReader below) and the streaming reader (stream-reader.ts) both build the model with these, so the two
// cannot drift apart; children (links, entries, content) are added by whichever walks them.

export function readMetadataEntry(el: XmlElement, value: string): MetadataEntry {
  return { key: attributeValue(el, 'key') ?? '', value };
}

export function readSource(el: XmlElement): TrsxSource {
  const source: TrsxSource = { name: attributeValue(el, 'name') ?? '' };
  set(source, 'displayName', attributeValue(el, 'displayName'));
  set(source, 'version', attributeValue(el, 'version'));
  set(source, 'type', attributeValue(el, 'type'));
  set(source, 'useForOOV', parseTrsxBoolean(attributeValue(el, 'useForOOV')));
  set(source, 'uri', attributeValue(el, 'uri'));
  return source;
}

/** The intent without its links. */
export function readIntent(el: XmlElement): TrsxIntent {
  const intent: TrsxIntent = { name: attributeValue(el, 'name') ?? '', links: [] };
  set(intent, 'sourceref', attributeValue(el, 'sourceref'));
  return intent;
}

export function readLink(el: XmlElement): IntentLink {
  return { conceptref: attributeValue(el, 'conceptref') ?? '' };
}

/** The concept without its regex, settings and relations. */
export function readConcept(el: XmlElement): TrsxConcept {
  const concept: TrsxConcept = { name: attributeValue(el, 'name') ?? '', settings: [], relations: [] };
  set(concept, 'dataType', attributeValue(el, 'dataType'));
  set(concept, 'freetext', parseTrsxBoolean(attributeValue(el, 'freetext')));
  set(concept, 'dynamic', parseTrsxBoolean(attributeValue(el, 'dynamic')));
  set(concept, 'sourceref', attributeValue(el, 'sourceref'));
  set(concept, 'ruleGrammarFileName', attributeValue(el, 'ruleGrammarFileName'));
  return concept;
}

export function readSetting(el: XmlElement): ConceptSetting {
  return { name: attributeValue(el, 'name') ?? '', value: attributeValue(el, 'value') ?? '' };
}

export function readRelation(el: XmlElement): ConceptRelation {
  return { type: attributeValue(el, 'type') ?? '', conceptref: attributeValue(el, 'conceptref') ?? '' };
}

/** The dictionary without its entries. */
export function readDictionary(el: XmlElement): TrsxDictionary {
  return { conceptref: attributeValue(el, 'conceptref') ?? '', entries: [] };
}

export function readDictionaryEntry(el: XmlElement): DictionaryEntry {
  const entry: DictionaryEntry = { literal: attributeValue(el, 'literal') ?? '' };
  set(entry, 'value', attributeValue(el, 'value'));
  set(entry, 'sourceref', attributeValue(el, 'sourceref'));
  set(entry, 'protected', parseTrsxBoolean(attributeValue(el, 'protected')));
  return entry;
}

/** The sample with `content` as given (the caller reads the mixed content). */
export function readSample(el: XmlElement, content: SampleNode[]): TrsxSample {
  const sample: TrsxSample = { intentref: '', content };
  // One pass over the attributes (the first of a repeated one wins, like attributeValue): this runs per sample.
  let seen = 0;
  for (const a of el.attributes) {
    const bit = SAMPLE_ATTRIBUTE_BITS.get(a.name);
    if (bit === undefined || (seen & bit) !== 0) continue;
    seen |= bit;
    switch (a.name) {
      case 'intentref':
        sample.intentref = a.value;
        break;
      case 'count':
        set(sample, 'count', parseTrsxCount(a.value));
        break;
      case 'excluded':
        set(sample, 'excluded', parseTrsxBoolean(a.value));
        break;
      case 'fullyVerified':
        set(sample, 'fullyVerified', parseTrsxBoolean(a.value));
        break;
      case 'protected':
        set(sample, 'protected', parseTrsxBoolean(a.value));
        break;
      case 'description':
        sample.description = a.value;
        break;
      case 'sourceref':
        sample.sourceref = a.value;
        break;
    }
  }
  return sample;
}

export function readAnnotation(el: XmlElement, content: SampleNode[]): Annotation {
  return { conceptref: attributeValue(el, 'conceptref') ?? '', content };
}

/** The attributes of <project> and <ontology> that the document keeps. */
export function readProjectHeader(root: XmlElement, doc: TrsxDocument): void {
  const prefix = nuancePrefix(root);
  set(doc, 'lang', attributeValue(root, 'xml:lang'));
  set(doc, 'version', attributeValue(root, `${prefix}:version`));
  set(doc, 'enginePackVersion', attributeValue(root, `${prefix}:enginePackVersion`));
}

export function readOntologyHeader(section: XmlElement, doc: TrsxDocument): void {
  set(doc, 'ontologyBase', attributeValue(section, 'base'));
}

/** Adds a text run to mixed content: empty runs dropped, adjacent runs (split by a comment) merged. */
export function addTextRun(content: SampleNode[], value: string): void {
  if (value === '') return;
  const last = content.length - 1;
  if (last >= 0 && typeof content[last] === 'string') content[last] += value;
  else content.push(value);
}

class TrsxReader {
  constructor(
    private readonly doc: TrsxDocument,
    private readonly index: TrsxIndex,
  ) {}

  private keep<T extends object>(item: T, el: XmlElement): T {
    this.index.elements.set(item, el);
    return item;
  }

  project(root: XmlElement): void {
    const { doc, index } = this;
    index.sections.project = root;
    readProjectHeader(root, doc);
    for (const section of root.children) {
      if (section.kind !== 'element') continue;
      switch (section.name) {
        case 'metadata':
          index.sections.metadata.push(section);
          this.metadata(section);
          break;
        case 'sources':
          index.sections.sources.push(section);
          this.sources(section);
          break;
        case 'ontology':
          index.sections.ontology.push(section);
          this.ontology(section);
          break;
        case 'dictionaries':
          index.sections.dictionaries.push(section);
          this.dictionaries(section);
          break;
        case 'samples':
          index.sections.samples.push(section);
          this.samples(section);
          break;
        default:
          break;
      }
    }
  }

  private metadata(section: XmlElement): void {
    for (const el of elements(section, 'entry')) {
      this.doc.metadata.push(this.keep(readMetadataEntry(el, textOf(el)), el));
    }
  }

  private sources(section: XmlElement): void {
    for (const el of elements(section, 'source')) this.doc.sources.push(this.keep(readSource(el), el));
  }

  private ontology(section: XmlElement): void {
    readOntologyHeader(section, this.doc);
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
    const intent = readIntent(el);
    for (const links of elements(el, 'links')) {
      for (const link of elements(links, 'link')) intent.links.push(this.keep(readLink(link), link));
    }
    return this.keep(intent, el);
  }

  private concept(el: XmlElement): TrsxConcept {
    const concept = readConcept(el);
    for (const child of el.children) {
      if (child.kind !== 'element') continue;
      if (child.name === 'regex') concept.regex = textOf(child);
      else if (child.name === 'settings') {
        for (const s of elements(child, 'setting')) concept.settings.push(this.keep(readSetting(s), s));
      } else if (child.name === 'relations') {
        for (const r of elements(child, 'relation')) concept.relations.push(this.keep(readRelation(r), r));
      }
    }
    return this.keep(concept, el);
  }

  private dictionaries(section: XmlElement): void {
    for (const el of elements(section, 'dictionary')) {
      const dictionary = readDictionary(el);
      for (const e of elements(el, 'entry')) dictionary.entries.push(this.keep(readDictionaryEntry(e), e));
      this.doc.dictionaries.push(this.keep(dictionary, el));
    }
  }

  private samples(section: XmlElement): void {
    for (const el of section.children) {
      if (el.kind === 'element' && el.name === 'sample') this.doc.samples.push(this.sample(el));
    }
  }

  sample(el: XmlElement): TrsxSample {
    return this.keep(readSample(el, this.mixedContent(el.children)), el);
  }

  /**
   * Text runs and annotations, exactly as written. Adjacent runs (split by a comment) are merged and empty
   * runs dropped, so the model has one canonical form. Other elements are skipped (the validator reports them).
   */
  private mixedContent(nodes: readonly XmlNode[]): SampleNode[] {
    const out: SampleNode[] = [];
    for (const n of nodes) {
      if (n.kind === 'text') addTextRun(out, n.value);
      else if (n.kind === 'element' && n.name === 'annotation')
        out.push(this.keep(readAnnotation(n, this.mixedContent(n.children)), n));
    }
    return out.length === 0 ? [] : out.slice(); // exact size: content arrays live as long as the model
  }
}

/** Text content of a simple element (metadata entry, regex): direct text children only. */
export function textOf(el: XmlElement): string {
  let out = '';
  for (const c of el.children) if (c.kind === 'text') out += c.value;
  return out;
}
