// Names TRSX files may use without declaring them, in one place. Gathered from real Mix exports (the corpus:
// DATE, YES_NO, nuance_CALENDARX, nuance_AMOUNT referenced but never declared) and from public material
// on Mix's predefined entities (datapack entity list, entity-type names in the Mix APIs).

/** Intents every project has: unassigned samples and samples with no intent. */
export const SPECIAL_INTENTS: ReadonlySet<string> = new Set(['NO_INTENT', 'UNASSIGNED_SAMPLES']);

/** Predefined entities without the `nuance_` prefix (everything with the prefix is predefined too). */
const PLAIN_PREDEFINED: ReadonlySet<string> = new Set(['DATE', 'TIME', 'YES_NO']);

/** The `nuance_*` entities known by name (informational: any `nuance_` name is accepted). */
export const NUANCE_PREDEFINED_ENTITIES: readonly string[] = [
  'nuance_AMOUNT', 'nuance_BOOLEAN', 'nuance_CALENDARX', 'nuance_CARDINAL_NUMBER', 'nuance_DISTANCE', 'nuance_DOUBLE',
  'nuance_DURATION', 'nuance_DURATION_RANGE', 'nuance_EXPIRY_DATE', 'nuance_GENERIC_ORDER', 'nuance_GLOBAL',
  'nuance_NUMBER', 'nuance_ORDINAL_NUMBER', 'nuance_QUANTITY', 'nuance_TEMPERATURE',
];

/**
 * True for entities Mix provides. The `nuance_` prefix is reserved for them and the datapacks add
 * sub-entities over time (nuance_DAY_OF_WEEK, nuance_INCREMENT, …), so the prefix alone decides.
 */
export function isPredefinedConcept(name: string): boolean {
  return name.startsWith('nuance_') || PLAIN_PREDEFINED.has(name);
}

export const RELATION_TYPES: ReadonlySet<string> = new Set(['isA', 'hasA', 'hasReferrers']);

/** Concept data types seen in exports and named in the Mix UI (not_set is the default). */
export const DATA_TYPES: ReadonlySet<string> = new Set([
  'not_set', 'alphanum', 'amount', 'boolean', 'date', 'digits', 'distance', 'no_format', 'number', 'temperature',
  'time', 'yes_no',
]);

/** Concept settings whose value is a boolean. */
export const BOOLEAN_SETTINGS: ReadonlySet<string> = new Set(['isSensitive']);
