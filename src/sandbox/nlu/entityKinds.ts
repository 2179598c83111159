// Entity types as the wire names them (LIST, FREEFORM, …, wrapped as `listEntity`, `freeformEntity`, …) and
// how a TRSX concept encodes each: `freetext="true"` (freeform), `<regex>` (regex), `ruleGrammarFileName`
// (rule-based), isA/hasA relations (relational), otherwise a list. Data types travel upper-case
// (`YES_NO`) and are stored lower-case in TRSX (`yes_no`).
import type { TrsxConcept } from '../../core/formats/trsx/model';
import {
  ANAPHORA_NOT_SET,
  anaphoraOfReferrer,
  isReferrerEntity,
  referrerOfAnaphora,
} from '../../core/formats/trsx/predefined';

export type EntityKind = 'LIST' | 'FREEFORM' | 'REGEX' | 'RULE_BASED' | 'RELATIONAL' | 'BASE';

export const ENTITY_KINDS: readonly EntityKind[] = ['LIST', 'FREEFORM', 'REGEX', 'RULE_BASED', 'RELATIONAL', 'BASE'];
/** Kinds a project can create (BASE entities are predefined). */
export const CUSTOM_KINDS: readonly EntityKind[] = ['LIST', 'FREEFORM', 'REGEX', 'RULE_BASED', 'RELATIONAL'];

export const WRAPPER_KEY: Readonly<Record<EntityKind, string>> = {
  LIST: 'listEntity',
  FREEFORM: 'freeformEntity',
  REGEX: 'regexEntity',
  RULE_BASED: 'ruleBasedEntity',
  RELATIONAL: 'relationalEntity',
  BASE: 'baseEntity',
};

export function kindOfWrapper(key: string): EntityKind | undefined {
  return ENTITY_KINDS.find((k) => WRAPPER_KEY[k] === key);
}

export const DATA_TYPES = [
  'NOT_SET',
  'ALPHANUM',
  'AMOUNT',
  'BOOLEAN',
  'DATE',
  'DIGITS',
  'DISTANCE',
  'NO_FORMAT',
  'NUMBER',
  'TEMPERATURE',
  'TIME',
  'YES_NO',
] as const;

/** Data types each kind accepts (the entity-types list shows them; create and change type enforce them). */
export const COMPATIBLE_DATA_TYPES: Readonly<Record<EntityKind, readonly string[]>> = {
  LIST: DATA_TYPES,
  FREEFORM: ['NOT_SET', 'NO_FORMAT', 'ALPHANUM'],
  REGEX: ['NOT_SET', 'ALPHANUM', 'DIGITS', 'NUMBER', 'NO_FORMAT'],
  RULE_BASED: DATA_TYPES,
  RELATIONAL: DATA_TYPES,
  BASE: ['NOT_SET'],
};

export const KIND_DESCRIPTIONS: Readonly<Record<EntityKind, string>> = {
  LIST: 'List of literals and their values, per language',
  FREEFORM: 'Free-form text, such as a message or a name',
  REGEX: 'Values matching a regular expression',
  RULE_BASED: 'Values recognized by a GrXML grammar, per language',
  RELATIONAL: 'Entity defined by isA and hasA relations to other entities',
  BASE: 'Predefined entity',
};

export function kindOf(concept: TrsxConcept): EntityKind {
  if (concept.relations.some((r) => r.type === 'isA' || r.type === 'hasA')) return 'RELATIONAL';
  if (concept.regex !== undefined) return 'REGEX';
  if (concept.ruleGrammarFileName !== undefined) return 'RULE_BASED';
  if (concept.freetext === true) return 'FREEFORM';
  return 'LIST';
}

export function wireDataType(concept: Pick<TrsxConcept, 'dataType'>): string {
  return concept.dataType ? concept.dataType.toUpperCase() : 'NOT_SET';
}

export function trsxDataType(wire: string): string {
  return wire.toLowerCase();
}

export interface EntitySettings {
  isSensitive: boolean;
  canonicalize: boolean;
}

/** Settings with the platform's defaults: not sensitive, canonicalized. */
export function settingsOf(concept: TrsxConcept): EntitySettings {
  const get = (name: string, fallback: boolean): boolean => {
    const s = concept.settings.find((x) => x.name === name);
    return s ? s.value === 'true' : fallback;
  };
  return { isSensitive: get('isSensitive', false), canonicalize: get('canonicalize', true) };
}

/** Sets one setting, replacing an existing entry of that name. */
export function setSetting(concept: TrsxConcept, name: string, value: string): void {
  const existing = concept.settings.find((s) => s.name === name);
  if (existing) existing.value = value;
  else concept.settings.push({ name, value });
}

/**
 * A concept's anaphora, as exports write it: a hasReferrers relation to a referrer entity (REF_THING …). A concept
 * setting named `anaphora` (how this sandbox stored it before) is still read.
 */
export function anaphoraOf(concept: TrsxConcept): string {
  const referrer = concept.relations.find(
    (r) => r.type === 'hasReferrers' && isReferrerEntity(r.conceptref),
  )?.conceptref;
  if (referrer !== undefined && isReferrerEntity(referrer)) return anaphoraOfReferrer(referrer);
  return concept.settings.find((s) => s.name === 'anaphora')?.value ?? ANAPHORA_NOT_SET;
}

/** Writes the anaphora as exports do (one hasReferrers relation, or none for ANAPHORA_NOT_SET). */
export function setAnaphora(concept: TrsxConcept, anaphora: string): void {
  concept.settings = concept.settings.filter((s) => s.name !== 'anaphora');
  concept.relations = concept.relations.filter((r) => r.type !== 'hasReferrers');
  const referrer = referrerOfAnaphora(anaphora);
  if (referrer !== undefined) concept.relations.push({ type: 'hasReferrers', conceptref: referrer });
}
