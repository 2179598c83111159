// The semantic model of a TRSX document (NLU ontology + samples of one locale).
// The parser fills it from text (keeping source ranges elsewhere, in the positioned tree); the builder
// writes it back as canonical TRSX. The sandbox stores project content in this shape, the sync engine
// diffs it, the language services navigate it.

export interface MetadataEntry {
  key: string;
  value: string;
}

export interface TrsxSource {
  name: string;
  displayName?: string;
  version?: string;
  type?: string;
  useForOOV?: boolean;
  uri?: string;
}

export interface IntentLink {
  conceptref: string;
}

export interface TrsxIntent {
  name: string;
  sourceref?: string;
  links: IntentLink[];
}

export interface ConceptSetting {
  name: string;
  value: string;
}

export type RelationType = 'isA' | 'hasA' | 'hasReferrers' | (string & {});

export interface ConceptRelation {
  type: RelationType;
  conceptref: string;
}

export interface TrsxConcept {
  name: string;
  dataType?: string;
  freetext?: boolean;
  dynamic?: boolean;
  sourceref?: string;
  ruleGrammarFileName?: string;
  /** Text of the `<regex>` child (already XML-unescaped). */
  regex?: string;
  settings: ConceptSetting[];
  relations: ConceptRelation[];
}

export interface DictionaryEntry {
  literal: string;
  value?: string;
  sourceref?: string;
  protected?: boolean;
}

export interface TrsxDictionary {
  conceptref: string;
  entries: DictionaryEntry[];
}

export interface Annotation {
  conceptref: string;
  content: SampleNode[];
}

/** Mixed content of a sample: text runs (exact, unescaped) and annotations, which nest. */
export type SampleNode = string | Annotation;

export interface TrsxSample {
  intentref: string;
  count?: number;
  excluded?: boolean;
  fullyVerified?: boolean;
  protected?: boolean;
  description?: string;
  sourceref?: string;
  content: SampleNode[];
}

export interface TrsxDocument {
  /** `xml:lang` of `<project>`, e.g. `eng-USA` or `en-US`. */
  lang?: string;
  /** `nuance:version`, e.g. `2.6`. */
  version?: string;
  enginePackVersion?: string;
  metadata: MetadataEntry[];
  sources: TrsxSource[];
  /** `base` attribute of `<ontology>`. */
  ontologyBase?: string;
  intents: TrsxIntent[];
  concepts: TrsxConcept[];
  dictionaries: TrsxDictionary[];
  samples: TrsxSample[];
}

export function emptyTrsxDocument(lang?: string): TrsxDocument {
  return { lang, metadata: [], sources: [], intents: [], concepts: [], dictionaries: [], samples: [] };
}

/** The plain text of a sample, annotations flattened (what a user typed). */
export function sampleText(nodes: readonly SampleNode[]): string {
  let out = '';
  for (const n of nodes) out += typeof n === 'string' ? n : sampleText(n.content);
  return out;
}
