// The one list of names TRSX files may use without declaring them: predefined entities, special intents, and the
// platform's fixed vocabularies (relation types, data types, boolean settings). The validator, the language
// services (completion, hover, rename) and the sandbox all import it from here.
// Sources (docs/platform-notes.md, "Predefined entities"): the vendor's quick-start exports (REF_* as targets of
// hasReferrers relations and as annotations; nuance_* and DATE/YES_NO referenced, never declared), the datapack's
// predefined-entity list, and the entity types and anaphora values of the platform's public CLI.

/** Intents every project has: unassigned samples and samples with no intent. */
export const SPECIAL_INTENTS: ReadonlySet<string> = new Set(['NO_INTENT', 'UNASSIGNED_SAMPLES']);

export type PredefinedFamily = 'nuance' | 'plain' | 'referrer';

export interface PredefinedEntity {
  readonly name: string;
  readonly family: PredefinedFamily;
  /** One line for hover and completion. */
  readonly summary: string;
}

/**
 * Referrer entities: what a concept's anaphora points at. Exports write a concept's anaphora as
 * `<relation type="hasReferrers" conceptref="REF_…"/>` and annotate "it", "there", "then" with them.
 */
export const REFERRER_ENTITIES = ['REF_MOMENT', 'REF_PERSON', 'REF_PLACE', 'REF_THING'] as const;
export type ReferrerEntity = (typeof REFERRER_ENTITIES)[number];

const entity =
  (family: PredefinedFamily) =>
  (name: string, summary: string): PredefinedEntity => ({ name, family, summary });
const nuance = entity('nuance');
const plain = entity('plain');
const referrer = entity('referrer');

/** Every predefined entity known by name, in the order completion offers them. */
export const PREDEFINED_ENTITIES: readonly PredefinedEntity[] = [
  plain('DATE', 'A calendar date.'),
  plain('TIME', 'A time of day.'),
  plain('YES_NO', 'Yes or no, in its many spoken forms.'),
  nuance('nuance_AMOUNT', 'A monetary amount with its currency.'),
  nuance('nuance_BOOLEAN', 'True or false.'),
  nuance('nuance_CALENDARX', 'Dates and times, absolute or relative ("next Friday at noon").'),
  nuance('nuance_CARDINAL_NUMBER', 'A whole number ("twenty three").'),
  nuance('nuance_DISTANCE', 'A distance with its unit.'),
  nuance('nuance_DOUBLE', 'A decimal number.'),
  nuance('nuance_DURATION', 'A length of time ("two hours").'),
  nuance('nuance_DURATION_RANGE', 'A range of durations ("two to three days").'),
  nuance('nuance_EXPIRY_DATE', 'A credit card expiry date (month and year).'),
  nuance('nuance_GENERIC_ORDER', 'A position in a list ("the last one", "the second").'),
  nuance('nuance_GLOBAL', 'Listed among the datapack\u2019s predefined entities.'),
  nuance('nuance_NUMBER', 'A number, whole or decimal.'),
  nuance('nuance_ORDINAL_NUMBER', 'An ordinal ("third").'),
  nuance('nuance_QUANTITY', 'A quantity with its unit.'),
  nuance('nuance_TEMPERATURE', 'A temperature with its unit.'),
  referrer('REF_MOMENT', 'Referrer for a moment in time ("then"); target of a hasReferrers relation.'),
  referrer('REF_PERSON', 'Referrer for a person ("him", "her"); target of a hasReferrers relation.'),
  referrer('REF_PLACE', 'Referrer for a place ("there"); target of a hasReferrers relation.'),
  referrer('REF_THING', 'Referrer for a thing ("it", "that one"); target of a hasReferrers relation.'),
];

const BY_NAME: ReadonlyMap<string, PredefinedEntity> = new Map(PREDEFINED_ENTITIES.map((e) => [e.name, e]));

/**
 * True for entities the platform provides. The `nuance_` prefix is reserved for them and the datapacks add
 * sub-entities over time (nuance_DAY_OF_WEEK, nuance_INCREMENT, …), so that prefix alone decides.
 */
export function isPredefinedConcept(name: string): boolean {
  return name.startsWith('nuance_') || BY_NAME.has(name);
}

/** The entry for a predefined entity known by name (undefined for other names, including unlisted nuance_*). */
export function predefinedEntity(name: string): PredefinedEntity | undefined {
  return BY_NAME.get(name);
}

/** Anaphora values on the wire: not set, or `ANAPHORA_` + a referrer entity. */
export const ANAPHORA_NOT_SET = 'ANAPHORA_NOT_SET';
export const ANAPHORAS: readonly string[] = [ANAPHORA_NOT_SET, ...REFERRER_ENTITIES.map((r) => `ANAPHORA_${r}`)];

/** The referrer entity an anaphora value names (undefined for ANAPHORA_NOT_SET or an unknown value). */
export function referrerOfAnaphora(anaphora: string): ReferrerEntity | undefined {
  return REFERRER_ENTITIES.find((r) => `ANAPHORA_${r}` === anaphora);
}

export function anaphoraOfReferrer(name: ReferrerEntity): string {
  return `ANAPHORA_${name}`;
}

export function isReferrerEntity(name: string): name is ReferrerEntity {
  return (REFERRER_ENTITIES as readonly string[]).includes(name);
}

export const RELATION_TYPES: ReadonlySet<string> = new Set(['isA', 'hasA', 'hasReferrers']);

/** Concept data types seen in exports and named in the Mix UI (not_set is the default). */
export const DATA_TYPES: ReadonlySet<string> = new Set([
  'not_set',
  'alphanum',
  'amount',
  'boolean',
  'date',
  'digits',
  'distance',
  'no_format',
  'number',
  'temperature',
  'time',
  'yes_no',
]);

/** Concept settings whose value is a boolean. */
export const BOOLEAN_SETTINGS: ReadonlySet<string> = new Set(['isSensitive']);
