// `sortBy` / `sort` on list endpoints: `+field`, `-field` or `field` (ascending), several comma-separated
// (mix-cli sends e.g. `-id` or `+createTime`). Numbers sort numerically, strings by code unit (the spec's
// "alphabetically" for lock ids, which are kept as strings). An unknown field is a 400 naming the fields.
import { badRequest } from './errors';

export type SortKey<T> = (item: T) => string | number;

export function sortItems<T>(
  items: readonly T[],
  spec: string | null,
  fields: Readonly<Record<string, SortKey<T>>>,
  param = 'sortBy',
): T[] {
  if (spec === null || spec.trim() === '') return [...items];
  const keys = spec.split(',').map((part) => {
    const m = /^([+-]?)(\w+)$/.exec(part.trim());
    const key = m ? fields[m[2] ?? ''] : undefined;
    if (!m || !key) {
      throw badRequest(
        `Query parameter "${param}" must be +field or -field with field one of ${Object.keys(fields).join(', ')} (got "${spec}").`,
      );
    }
    return { key, sign: m[1] === '-' ? -1 : 1 };
  });
  return [...items].sort((a, b) => {
    for (const { key, sign } of keys) {
      const x = key(a);
      const y = key(b);
      if (x < y) return -sign;
      if (x > y) return sign;
    }
    return 0;
  });
}
