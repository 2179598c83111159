// Tolerant readers for replies: single resources may come wrapped (`{project: {...}}`) or bare, lists as
// `{<plural>: [...], totalSize, ...}` or a bare array; identifiers may come as numbers. Anything else is
// an InvalidResponseError naming the request.
import { InvalidResponseError } from './errors';
import type { Page } from './types';

export interface ReplyContext {
  readonly method: string;
  readonly path: string;
  readonly resource?: string;
}

export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function invalid(ctx: ReplyContext, what: string): InvalidResponseError {
  return new InvalidResponseError(
    `Unexpected reply for ${ctx.resource ?? 'the resource'} (${ctx.method} ${ctx.path}): ${what}.`,
    { method: ctx.method, path: ctx.path, resource: ctx.resource },
  );
}

/** Identifiers travel as strings; tolerate numbers. */
function withStringId(obj: JsonObject, idField: string): JsonObject {
  const id = obj[idField];
  return typeof id === 'number' ? { ...obj, [idField]: String(id) } : obj;
}

/** The object under `key`, or the body itself when it is already the bare object (it has `idField`). */
export function unwrapOne<T>(body: unknown, key: string, idField: string, ctx: ReplyContext): T {
  const inner = isObject(body) && isObject(body[key]) ? body[key] : body;
  if (!isObject(inner)) throw invalid(ctx, `expected a ${key} object`);
  const id = inner[idField];
  if (typeof id !== 'string' && typeof id !== 'number') throw invalid(ctx, `the ${key} has no ${idField}`);
  return withStringId(inner, idField) as T;
}

/** Like unwrapOne, but `undefined` when the reply holds no such object (e.g. `{}` for "no lock"). */
export function unwrapOptional<T>(body: unknown, key: string, idField: string, ctx: ReplyContext): T | undefined {
  if (body === undefined || body === null) return undefined;
  const inner = isObject(body) && key in body ? body[key] : body;
  if (inner === null || inner === undefined) return undefined;
  if (isObject(inner) && !(idField in inner) && Object.keys(inner).length === 0) return undefined;
  return unwrapOne<T>(inner, key, idField, ctx);
}

/** One page of a list reply; `idField` items get string ids. */
export function readPage<T>(
  body: unknown,
  plural: string,
  idField: string,
  limit: number,
  offset: number,
  ctx: ReplyContext,
): Page<T> {
  const raw = Array.isArray(body) ? body : isObject(body) ? (body[plural] ?? []) : undefined;
  if (!Array.isArray(raw)) throw invalid(ctx, `expected a list of ${plural}`);
  const items = raw.filter(isObject).map((item) => withStringId(item, idField) as T);
  const total = isObject(body) ? Number(body.totalSize) : NaN;
  const totalSize = Number.isFinite(total) ? total : undefined;
  // Servers clamp large limits: a full page is as long as the limit the server says it applied.
  const echoed = isObject(body) ? Number(body.limit) : NaN;
  const applied = Number.isInteger(echoed) && echoed > 0 && echoed < limit ? echoed : limit;
  // A page that is not exactly that long is the last one (or the server ignored paging altogether).
  const hasMore =
    items.length === applied && items.length > 0 && (totalSize === undefined || offset + items.length < totalSize);
  return { items, totalSize, limit: applied, offset, hasMore };
}

/** A `{displayName}` reply of the rename endpoints, wrapped or bare. */
export function readDisplayName(body: unknown, key: string, fallback: string): string {
  const inner = isObject(body) && isObject(body[key]) ? body[key] : body;
  return isObject(inner) && typeof inner.displayName === 'string' ? inner.displayName : fallback;
}
