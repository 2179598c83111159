// Identifiers and names (entity and intent names may hold any character) always travel as single,
// encoded path segments, so a name can never add segments, a query or a fragment to a request.
import { BadRequestError } from './errors';

/** Encodes one path segment; `.` and `..` are encoded too so no client-built path can climb. */
export function encodeSegment(value: string | number): string {
  const text = String(value);
  if (text === '')
    throw new BadRequestError('An identifier or name in the request path is empty; give a non-empty value.');
  if (text === '.') return '%2E';
  if (text === '..') return '%2E%2E';
  return encodeURIComponent(text);
}

/**
 * Tagged template for request paths: every interpolated value becomes one encoded segment.
 * path`/v4/projects/${id}/entities/${name}` → `/v4/projects/12/entities/a%2Fb`.
 */
export function path(strings: TemplateStringsArray, ...values: ReadonlyArray<string | number>): string {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    out += encodeSegment(value) + (strings[i + 1] ?? '');
  });
  return out;
}

export type QueryValue = string | number | boolean | ReadonlyArray<string | number> | undefined;
export type QueryParams = Readonly<Record<string, QueryValue>>;

/** Serializes query parameters (arrays repeat the key; undefined values are left out), with a leading `?`. */
export function queryString(query: QueryParams | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) {
      for (const item of value as ReadonlyArray<string | number>) params.append(key, String(item));
    } else {
      params.append(key, String(value));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
