// Tolerant readers and body builders of the NLU endpoints: entities travel wrapped in a per-kind key
// (`{entity: {listEntity: {...}}}`, lists of `{regexEntity: {...}}`), intents as `{intent: {...}}` or bare.
import { InvalidResponseError } from './errors';
import {
  ENTITY_WRAPPER_KEYS,
  type Entity,
  type EntityKind,
  type Intent,
  type LiteralGroup,
  type NewEntity,
} from './nluTypes';
import { isObject, type JsonObject, type ReplyContext } from './wire';

const KINDS = Object.keys(ENTITY_WRAPPER_KEYS) as EntityKind[];

function invalid(ctx: ReplyContext, what: string): InvalidResponseError {
  return new InvalidResponseError(
    `Unexpected reply for ${ctx.resource ?? 'the resource'} (${ctx.method} ${ctx.path}): ${what}.`,
    { method: ctx.method, path: ctx.path, resource: ctx.resource },
  );
}

/** The items of a list reply: `{<plural>: [...]}` or a bare array. */
export function readItems(body: unknown, plural: string, ctx: ReplyContext): JsonObject[] {
  const raw = Array.isArray(body) ? body : isObject(body) ? (body[plural] ?? []) : undefined;
  if (!Array.isArray(raw)) throw invalid(ctx, `expected a list of ${plural}`);
  return raw.filter(isObject);
}

/** One wrapped entity (`{listEntity: {...}}`), possibly inside `{entity: ...}`. */
export function readEntity(body: unknown, ctx: ReplyContext): Entity {
  const wrapped = isObject(body) && isObject(body.entity) ? body.entity : body;
  if (!isObject(wrapped)) throw invalid(ctx, 'expected an entity object');
  const kind = KINDS.find((k) => isObject(wrapped[ENTITY_WRAPPER_KEYS[k]]));
  if (!kind) throw invalid(ctx, `the entity is not wrapped in one of ${Object.values(ENTITY_WRAPPER_KEYS).join(', ')}`);
  const inner = wrapped[ENTITY_WRAPPER_KEYS[kind]] as JsonObject;
  const id = inner.id;
  if (typeof inner.name !== 'string') throw invalid(ctx, 'the entity has no name');
  const settings = isObject(inner.settings) ? inner.settings : {};
  return {
    ...inner,
    kind,
    id: typeof id === 'string' || typeof id === 'number' ? String(id) : '',
    name: inner.name,
    settings: {
      isSensitive: settings.isSensitive === true,
      canonicalize: settings.canonicalize !== false,
    },
  } as Entity;
}

export function readIntent(body: unknown, ctx: ReplyContext): Intent {
  const inner = isObject(body) && isObject(body.intent) ? body.intent : body;
  if (!isObject(inner) || typeof inner.name !== 'string') throw invalid(ctx, 'expected an intent object with a name');
  const links = Array.isArray(inner.links)
    ? inner.links.filter(isObject).filter((l) => typeof l.entityRef === 'string')
    : [];
  return {
    ...inner,
    id: typeof inner.id === 'string' || typeof inner.id === 'number' ? String(inner.id) : inner.name,
    name: inner.name,
    links: links.map((l) => ({ entityRef: l.entityRef as string })),
  } as Intent;
}

export function literalData(
  data: Readonly<Record<string, readonly LiteralGroup[]>> | undefined,
): JsonObject | undefined {
  if (!data) return undefined;
  return Object.fromEntries(Object.entries(data).map(([locale, entries]) => [locale, { entries }]));
}

/** The create body: the entity in its kind's wrapper, only the fields given. */
export function entityCreateBody(entity: NewEntity): JsonObject {
  const inner: JsonObject = { name: entity.name };
  const put = (key: string, value: unknown): void => {
    if (value !== undefined) inner[key] = value;
  };
  put('isDynamic', entity.isDynamic);
  put('dataType', entity.dataType);
  put('settings', entity.settings ?? {});
  put('anaphora', entity.anaphora);
  put('pattern', entity.pattern);
  put('locale', entity.locale);
  put('isA', entity.isA);
  put('hasA', entity.hasA ? { entities: [...entity.hasA] } : undefined);
  put('data', literalData(entity.data) ?? (entity.kind === 'LIST' ? {} : undefined));
  return { [ENTITY_WRAPPER_KEYS[entity.kind]]: inner };
}
