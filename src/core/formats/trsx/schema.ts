// The TRSX element structure as data: which children and attributes each element may have, which are
// required, which are booleans, and what text it may hold. Keyed by `parent/child` because `entry`
// means different things under <metadata> and <dictionary>. Attribute names use the `nuance:` prefix
// as written by Mix (the validator maps a document's own prefix onto it).

export interface ElementRule {
  /** Allowed child elements; for `ordered` rules, also their required order. */
  children: readonly string[];
  ordered?: boolean;
  attributes: readonly string[];
  required?: readonly string[];
  booleans?: readonly string[];
  /** `none`: whitespace only; `text`: character data; `mixed`: text and annotations (samples). */
  content: 'none' | 'text' | 'mixed';
  /** Children that may appear once only. */
  single?: readonly string[];
  /** Attributes whose value has a checked form beyond true/false. */
  checked?: Readonly<Record<string, 'count' | 'relationType' | 'dataType'>>;
}

export const PROJECT_RULE_KEY = '/project';

export const TRSX_RULES: Readonly<Record<string, ElementRule>> = {
  '/project': {
    children: ['metadata', 'sources', 'ontology', 'dictionaries', 'samples'],
    ordered: true,
    attributes: ['xml:lang', 'nuance:version', 'nuance:enginePackVersion'],
    required: ['xml:lang'],
    content: 'none',
  },
  'project/metadata': { children: ['entry'], attributes: [], content: 'none' },
  'metadata/entry': { children: [], attributes: ['key'], required: ['key'], content: 'text' },
  'project/sources': { children: ['source'], attributes: [], content: 'none' },
  'sources/source': {
    children: [],
    attributes: ['name', 'displayName', 'version', 'type', 'useForOOV', 'uri'],
    required: ['name'],
    booleans: ['useForOOV'],
    content: 'none',
  },
  'project/ontology': {
    children: ['intents', 'concepts'],
    ordered: true,
    attributes: ['base'],
    content: 'none',
    single: ['intents', 'concepts'],
  },
  'ontology/intents': { children: ['intent'], attributes: [], content: 'none' },
  'intents/intent': {
    children: ['links'],
    attributes: ['name', 'sourceref'],
    required: ['name'],
    content: 'none',
    single: ['links'],
  },
  'intent/links': { children: ['link'], attributes: [], content: 'none' },
  'links/link': { children: [], attributes: ['conceptref'], required: ['conceptref'], content: 'none' },
  'ontology/concepts': { children: ['concept'], attributes: [], content: 'none' },
  'concepts/concept': {
    children: ['settings', 'relations', 'regex'],
    attributes: ['name', 'dataType', 'freetext', 'dynamic', 'sourceref', 'ruleGrammarFileName'],
    required: ['name'],
    booleans: ['freetext', 'dynamic'],
    content: 'none',
    single: ['settings', 'relations', 'regex'],
    checked: { dataType: 'dataType' },
  },
  'concept/settings': { children: ['setting'], attributes: [], content: 'none' },
  'settings/setting': { children: [], attributes: ['name', 'value'], required: ['name', 'value'], content: 'none' },
  'concept/relations': { children: ['relation'], attributes: [], content: 'none' },
  'relations/relation': {
    children: [],
    attributes: ['type', 'conceptref'],
    required: ['type', 'conceptref'],
    content: 'none',
    checked: { type: 'relationType' },
  },
  'concept/regex': { children: [], attributes: [], content: 'text' },
  'project/dictionaries': { children: ['dictionary'], attributes: [], content: 'none' },
  'dictionaries/dictionary': {
    children: ['entry'],
    attributes: ['conceptref'],
    required: ['conceptref'],
    content: 'none',
  },
  'dictionary/entry': {
    children: [],
    attributes: ['literal', 'value', 'sourceref', 'protected'],
    required: ['literal'],
    booleans: ['protected'],
    content: 'none',
  },
  'project/samples': { children: ['sample'], attributes: [], content: 'none' },
  'samples/sample': {
    children: ['annotation'],
    attributes: ['intentref', 'count', 'excluded', 'fullyVerified', 'protected', 'description', 'sourceref'],
    required: ['intentref'],
    booleans: ['excluded', 'fullyVerified', 'protected'],
    content: 'mixed',
    checked: { count: 'count' },
  },
  'sample/annotation': {
    children: ['annotation'],
    attributes: ['conceptref'],
    required: ['conceptref'],
    content: 'mixed',
  },
  'annotation/annotation': {
    children: ['annotation'],
    attributes: ['conceptref'],
    required: ['conceptref'],
    content: 'mixed',
  },
};

/** Sections that Mix expects at most once (samples and dictionaries may be split). */
export const SINGLE_SECTIONS: ReadonlySet<string> = new Set(['metadata', 'sources', 'ontology']);

/** Rules by parent element name, then child element name (built once from TRSX_RULES). */
const CHILD_RULES: ReadonlyMap<string, ReadonlyMap<string, ElementRule>> = (() => {
  const byParent = new Map<string, Map<string, ElementRule>>();
  for (const [key, rule] of Object.entries(TRSX_RULES)) {
    const [parent, child] = key.split('/') as [string, string];
    if (!byParent.has(parent)) byParent.set(parent, new Map());
    byParent.get(parent)?.set(child, rule);
  }
  return byParent;
})();

/** The rule of a `child` element inside a `parent` element, or undefined when it is not allowed there. */
export function childRule(parent: string, child: string): ElementRule | undefined {
  return CHILD_RULES.get(parent)?.get(child);
}

/**
 * Names of elements whose content is elements only (whitespace between them is layout). A name used with
 * text content anywhere (`entry` holds text under <metadata>) is excluded.
 */
export const ELEMENT_ONLY: ReadonlySet<string> = (() => {
  const only = new Set<string>();
  const textual = new Set<string>();
  for (const [key, rule] of Object.entries(TRSX_RULES)) {
    const name = key.split('/')[1] as string;
    (rule.content === 'none' ? only : textual).add(name);
  }
  for (const name of textual) only.delete(name);
  return only;
})();
