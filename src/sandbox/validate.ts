// Request validation. Every check throws a 400 that names the field and says what is expected, and runs
// before any state changes, so a bad request leaves data untouched.
import { isLocaleName, LOCALE_EXAMPLE } from '../core/package/locale';
import { badRequest } from './errors';

export type JsonObject = Record<string, unknown>;

export function requireObject(value: unknown, what: string): JsonObject {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw badRequest(`The ${what} must be a JSON object.`);
  }
  return value as JsonObject;
}

export function optionalString(obj: JsonObject, key: string): string | undefined {
  const v = obj[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw badRequest(`Field "${key}" must be a string (got ${typeName(v)}).`);
  return v;
}

export function requireString(obj: JsonObject, key: string): string {
  const v = optionalString(obj, key);
  if (v === undefined) throw badRequest(`Field "${key}" is required.`);
  return v;
}

const CONTROL = /[\u0000-\u001f\u007f]/;

/** A display name: non-blank, at most `max` characters, no control characters. Any other character is fine. */
export function requireDisplayName(obj: JsonObject, key = 'displayName', max = 255): string {
  const v = requireString(obj, key);
  if (v.trim() === '') throw badRequest(`Field "${key}" must not be blank.`);
  if (v.length > max) throw badRequest(`Field "${key}" is ${v.length} characters long; the maximum is ${max}.`);
  if (CONTROL.test(v)) throw badRequest(`Field "${key}" contains a control character (tab, newline, …); remove it.`);
  return v;
}

export function optionalStringArray(obj: JsonObject, key: string): string[] | undefined {
  const v = obj[key];
  if (v === undefined || v === null) return undefined;
  if (!Array.isArray(v) || v.some((x) => typeof x !== 'string')) {
    throw badRequest(`Field "${key}" must be an array of strings (got ${typeName(v)}).`);
  }
  return v as string[];
}

export function requireEnum<T extends string>(value: unknown, allowed: readonly T[], field: string): T {
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    if (value === undefined) throw badRequest(`Field "${field}" is missing; give one of: ${allowed.join(', ')}.`);
    throw badRequest(
      `Field "${field}" has ${typeof value === 'string' ? `the unknown value "${value}"` : typeName(value)}; allowed: ${allowed.join(', ')}.`,
    );
  }
  return value as T;
}

/** A locale as the platform spells it (core/package/locale.ts): `en-US`, `fr-CA`, `zh-Hant-TW`. */
export function requireLocale(value: string, field: string): string {
  if (!isLocaleName(value))
    throw badRequest(`Field "${field}" must be a locale like "${LOCALE_EXAMPLE}" (got "${value}").`);
  return value;
}

export function typeName(v: unknown): string {
  if (v === null) return 'null';
  if (v === undefined) return 'no value';
  if (Array.isArray(v)) return 'an array';
  return typeof v === 'object' ? 'an object' : `a ${typeof v}`;
}

export interface Page {
  limit: number;
  offset: number;
}

export const DEFAULT_LIMIT = 100;
export const MAX_LIMIT = 1000;

/** `limit` (default 100, clamped to 1000) and `offset` (default 0) from the query. */
export function paging(query: URLSearchParams): Page {
  const read = (key: string, fallback: number): number => {
    const raw = query.get(key);
    if (raw === null || raw === '') return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 0)
      throw badRequest(`Query parameter "${key}" must be a non-negative integer (got "${raw}").`);
    return n;
  };
  const limit = read('limit', DEFAULT_LIMIT);
  return { limit: Math.min(limit === 0 ? DEFAULT_LIMIT : limit, MAX_LIMIT), offset: read('offset', 0) };
}

/** A list envelope: `{<plural>: [...], count, totalSize, limit, offset}`. */
export function pageOf<T>(plural: string, all: readonly T[], page: Page): Record<string, unknown> {
  const items = all.slice(page.offset, page.offset + page.limit);
  return { [plural]: items, count: items.length, totalSize: all.length, limit: page.limit, offset: page.offset };
}
