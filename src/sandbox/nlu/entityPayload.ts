// Request bodies of the entity endpoints, validated before anything changes. Create and update take the
// per-kind wrapper (`{listEntity: {name, isDynamic, dataType, settings, data}}`, `{regexEntity: {…, pattern}}`,
// `{relationalEntity: {…, isA, hasA: {entities}}}`, …), which is also the spec's CreateEntityPayload; the type
// change takes `{newType, pattern, isA, hasA, data, dataType}`.
import type { DictionaryEntry } from '../../core/formats/trsx/model';
import { checkMixRegex } from '../../core/formats/trsx/regex';
import { badRequest } from '../errors';
import type { ProjectRecord } from '../state';
import { requireObject, typeName, type JsonObject } from '../validate';
import { ANAPHORAS } from '../../core/formats/trsx/predefined';
import {
  COMPATIBLE_DATA_TYPES,
  CUSTOM_KINDS,
  DATA_TYPES,
  ENTITY_KINDS,
  kindOfWrapper,
  WRAPPER_KEY,
  type EntityKind,
  type EntitySettings,
} from './entityKinds';
import { requireNluName } from './model';

/** What create and update may set besides the kind's own content. */
export interface EntityChanges {
  dataType?: string;
  isDynamic?: boolean;
  settings: Partial<EntitySettings>;
  anaphora?: string;
}

/** The kind-specific content of create and change type. */
export interface KindContent {
  pattern?: string;
  isA?: string;
  hasA?: string[];
  /** Literals by locale (list entities). */
  data?: Map<string, DictionaryEntry[]>;
}

export interface EntityDefinition extends EntityChanges, KindContent {
  kind: EntityKind;
  name: string;
}

export interface TypeChange extends KindContent {
  newType: EntityKind;
  dataType?: string;
}

const WRAPPERS = CUSTOM_KINDS.map((k) => WRAPPER_KEY[k]).join(', ');

/** The kind and inner object of a `{<kind>Entity: {...}}` body. */
export function readWrapper(body: unknown, what: string): { kind: EntityKind; inner: JsonObject } {
  const obj = requireObject(body, what);
  const keys = Object.keys(obj).filter((k) => kindOfWrapper(k) !== undefined);
  if (keys.length !== 1) {
    throw badRequest(
      keys.length === 0
        ? `The ${what} needs one entity object: one of ${WRAPPERS} (e.g. {"listEntity": {"name": "DRINK"}}).`
        : `The ${what} holds ${keys.join(' and ')}; send exactly one entity object.`,
    );
  }
  const key = keys[0] as string;
  return { kind: kindOfWrapper(key) as EntityKind, inner: requireObject(obj[key], `"${key}" object`) };
}

export function parseCreate(body: unknown, project: ProjectRecord): EntityDefinition {
  const { kind, inner } = readWrapper(body, 'entity request');
  if (kind === 'BASE')
    throw badRequest(
      'Predefined (base) entities cannot be created; create a listEntity, freeformEntity, regexEntity, ruleBasedEntity or relationalEntity.',
    );
  const name = requireNluName(inner.name, 'name', 'entity');
  const changes = readChanges(inner, kind);
  const content = readKindContent(inner, kind, project);
  if (kind === 'REGEX' && content.pattern === undefined)
    throw badRequest(`A regex entity needs a "pattern" (a regular expression), e.g. "[A-Z]{2}[0-9]{4}".`);
  if (kind === 'RELATIONAL' && content.isA === undefined && (content.hasA?.length ?? 0) === 0) {
    throw badRequest('A relational entity needs an "isA" entity and/or "hasA": {"entities": [...]}.');
  }
  if (inner.locale !== undefined) {
    if (typeof inner.locale !== 'string' || !project.languages.includes(inner.locale)) {
      throw badRequest(
        `Field "locale" must be one of the project's languages (${project.languages.join(', ')}); the pattern applies to all of them initially.`,
      );
    }
  }
  return { kind, name, ...changes, ...content };
}

/** An update: settings and properties, and the kind's own content where sent (regex pattern, relations). */
export interface EntityUpdate extends EntityChanges, Pick<KindContent, 'pattern' | 'isA' | 'hasA'> {}

/**
 * Update changes settings and properties, and may resend (or change) the kind's own content: mix-cli's
 * `entities:configure` always sends a regex entity's `pattern` and `locale`, and a relational entity's
 * `isA`/`hasA`. Only another kind (a type change) is a 400, as the spec says.
 */
export function parseUpdate(
  body: unknown,
  current: EntityKind,
  entityName: string,
  project: ProjectRecord,
): EntityUpdate {
  const { kind, inner } = readWrapper(body, 'entity update');
  if (kind !== current) {
    throw badRequest(
      `Entity "${entityName}" is a ${WRAPPER_KEY[current]}; the update sent a ${WRAPPER_KEY[kind]}. The type cannot change through an update: use PUT .../entities/{entityName}/.type.`,
    );
  }
  if (inner.data !== undefined && !isEmptyObject(inner.data)) {
    throw badRequest(
      `Literals of entity "${entityName}" do not change through an update; use the literals .append or .replace endpoints.`,
    );
  }
  if (inner.name !== undefined && inner.name !== entityName) {
    throw badRequest(`An update cannot rename entity "${entityName}"; use PUT .../entities/{entityName}/.rename.`);
  }
  if (inner.locale !== undefined && (typeof inner.locale !== 'string' || !project.languages.includes(inner.locale))) {
    throw badRequest(`Field "locale" must be one of the project's languages (${project.languages.join(', ')}).`);
  }
  const { pattern, isA, hasA } = readKindContent({ ...inner, data: undefined }, kind, project);
  return {
    ...readChanges(inner, kind),
    ...(pattern === undefined ? {} : { pattern }),
    ...(isA === undefined ? {} : { isA }),
    ...(hasA === undefined ? {} : { hasA }),
  };
}

export function parseTypeChange(body: unknown, project: ProjectRecord): TypeChange {
  const obj = requireObject(body, 'type change request');
  const raw = obj.newType;
  const custom = CUSTOM_KINDS as readonly string[];
  if (typeof raw !== 'string' || !custom.includes(raw)) {
    throw badRequest(
      `Field "newType" must be one of ${CUSTOM_KINDS.join(', ')} (got ${typeof raw === 'string' ? `"${raw}"` : typeName(raw)}).`,
    );
  }
  const newType = raw as EntityKind;
  const content = readKindContent(obj, newType, project);
  if (newType === 'REGEX' && content.pattern === undefined) {
    throw badRequest(
      'Changing an entity to REGEX needs a "pattern" (a regular expression); it applies to all languages initially.',
    );
  }
  if (newType === 'RELATIONAL' && content.isA === undefined && (content.hasA?.length ?? 0) === 0) {
    throw badRequest('Changing an entity to RELATIONAL needs an "isA" entity and/or "hasA": {"entities": [...]}.');
  }
  const dataType =
    obj.dataType === undefined || obj.dataType === null ? undefined : readDataType(obj.dataType, newType);
  return { newType, ...content, ...(dataType === undefined ? {} : { dataType }) };
}

function readChanges(inner: JsonObject, kind: EntityKind): EntityChanges {
  const changes: EntityChanges = { settings: {} };
  if (inner.dataType !== undefined && inner.dataType !== null) changes.dataType = readDataType(inner.dataType, kind);
  const isDynamic = optionalBoolean(inner, 'isDynamic');
  if (isDynamic !== undefined) {
    if (isDynamic && kind !== 'LIST')
      throw badRequest('Only list entities can be dynamic; "isDynamic" must be false or absent here.');
    changes.isDynamic = isDynamic;
  }
  if (inner.settings !== undefined && inner.settings !== null) {
    const settings = requireObject(inner.settings, '"settings" object');
    const isSensitive = optionalBoolean(settings, 'isSensitive');
    const canonicalize = optionalBoolean(settings, 'canonicalize');
    if (isSensitive !== undefined) changes.settings.isSensitive = isSensitive;
    if (canonicalize !== undefined) changes.settings.canonicalize = canonicalize;
  }
  if (inner.anaphora !== undefined && inner.anaphora !== null) {
    if (typeof inner.anaphora !== 'string' || !ANAPHORAS.includes(inner.anaphora)) {
      throw badRequest(`Field "anaphora" must be one of ${ANAPHORAS.join(', ')}.`);
    }
    changes.anaphora = inner.anaphora;
  }
  return changes;
}

function readKindContent(obj: JsonObject, kind: EntityKind, project: ProjectRecord): KindContent {
  const content: KindContent = {};
  const only = (field: string, k: EntityKind): void => {
    if (obj[field] !== undefined && obj[field] !== null && kind !== k) {
      throw badRequest(
        `Field "${field}" belongs to ${WRAPPER_KEY[k]} objects; a ${WRAPPER_KEY[kind]} does not take it.`,
      );
    }
  };
  only('pattern', 'REGEX');
  only('isA', 'RELATIONAL');
  only('hasA', 'RELATIONAL');
  if (kind === 'REGEX' && obj.pattern !== undefined && obj.pattern !== null) {
    if (typeof obj.pattern !== 'string' || obj.pattern === '')
      throw badRequest('Field "pattern" must be a non-empty regular expression.');
    const error = checkMixRegex(obj.pattern);
    if (error !== undefined) throw badRequest(`Field "pattern" is not a valid regular expression: ${error}.`);
    content.pattern = obj.pattern;
  }
  if (kind === 'RELATIONAL') {
    if (obj.isA !== undefined && obj.isA !== null && obj.isA !== '')
      content.isA = requireNluName(obj.isA, 'isA', 'entity');
    if (obj.hasA !== undefined && obj.hasA !== null) {
      const hasA = requireObject(obj.hasA, '"hasA" object');
      const entities = hasA.entities ?? [];
      if (!Array.isArray(entities)) throw badRequest('Field "hasA.entities" must be an array of entity names.');
      content.hasA = entities.map((e, i) => requireNluName(e, `hasA.entities[${i}]`, 'entity'));
      if (new Set(content.hasA).size !== content.hasA.length)
        throw badRequest('Field "hasA.entities" names an entity twice.');
    }
  }
  if (obj.data !== undefined && obj.data !== null && !isEmptyObject(obj.data)) {
    if (kind !== 'LIST')
      throw badRequest(
        `Field "data" (literals) belongs to listEntity objects; a ${WRAPPER_KEY[kind]} has no literals.`,
      );
    content.data = readData(obj.data, project);
  }
  return content;
}

/** `{<locale>: {entries: [{meaning, patterns: [...]}]}}` → literal/value pairs per locale. */
function readData(raw: unknown, project: ProjectRecord): Map<string, DictionaryEntry[]> {
  const data = requireObject(raw, '"data" object');
  const out = new Map<string, DictionaryEntry[]>();
  for (const [locale, value] of Object.entries(data)) {
    if (!project.languages.includes(locale)) {
      throw badRequest(
        `Field "data" has literals for ${locale}, which is not a language of project ${project.id} (${project.languages.join(', ')}).`,
      );
    }
    const entries = requireObject(value, `"data.${locale}" object`).entries ?? [];
    if (!Array.isArray(entries))
      throw badRequest(`Field "data.${locale}.entries" must be an array of {meaning, patterns}.`);
    const pairs: DictionaryEntry[] = [];
    entries.forEach((e, i) => {
      const entry = requireObject(e, `"data.${locale}.entries[${i}]" object`);
      const meaning = entry.meaning;
      const patterns = entry.patterns;
      if (typeof meaning !== 'string' || meaning.trim() === '')
        throw badRequest(`Field "data.${locale}.entries[${i}].meaning" must be a non-empty string (the value).`);
      if (
        !Array.isArray(patterns) ||
        patterns.length === 0 ||
        patterns.some((p) => typeof p !== 'string' || p.trim() === '')
      ) {
        throw badRequest(
          `Field "data.${locale}.entries[${i}].patterns" must be a non-empty array of literals (non-empty strings).`,
        );
      }
      for (const literal of patterns as string[]) {
        if (!pairs.some((p) => p.literal === literal && p.value === meaning)) pairs.push({ literal, value: meaning });
      }
    });
    out.set(locale, pairs);
  }
  return out;
}

function readDataType(value: unknown, kind: EntityKind): string {
  if (typeof value !== 'string' || !(DATA_TYPES as readonly string[]).includes(value)) {
    throw badRequest(
      `Field "dataType" must be one of ${DATA_TYPES.join(', ')} (got ${typeof value === 'string' ? `"${value}"` : typeName(value)}).`,
    );
  }
  if (!COMPATIBLE_DATA_TYPES[kind].includes(value)) {
    throw badRequest(
      `Data type ${value} does not fit a ${WRAPPER_KEY[kind]}; it accepts ${COMPATIBLE_DATA_TYPES[kind].join(', ')} (see GET /v4/ontology/entity-types).`,
    );
  }
  return value;
}

function optionalBoolean(obj: JsonObject, key: string): boolean | undefined {
  const v = obj[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'boolean') throw badRequest(`Field "${key}" must be true or false (got ${typeName(v)}).`);
  return v;
}

function isEmptyObject(v: unknown): boolean {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).length === 0;
}

/** Parses a `type=` filter of the entity list (UNSPECIFIED or absent: every kind). */
export function parseKindFilter(value: string | null): EntityKind | undefined {
  if (value === null || value === '' || value === 'UNSPECIFIED') return undefined;
  if (!(ENTITY_KINDS as readonly string[]).includes(value)) {
    throw badRequest(`Query parameter "type" must be one of UNSPECIFIED, ${ENTITY_KINDS.join(', ')} (got "${value}").`);
  }
  return value as EntityKind;
}
