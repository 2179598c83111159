// How entity values are compared: one key for a list entity's canonical value, a struct value (dates, amounts)
// or, when the model returned neither, the literal (the platform Test Tool's scoring order: canonical, then struct,
// then literal). Struct values are flattened to sorted `path=value` pairs so the Test Tool's dotted keys
// (`nuance_CALENDAR.nuance_DATE.nuance_DATE_ABS.nuance_DAY: 4`) and a runtime's nested struct compare equal.
import { normalize } from '../../formats/sampleText';

export type StructValue = { readonly [key: string]: unknown };

/** Flattened `a.b=1;a.c=x` of a struct value, keys sorted: the same struct gives the same text. */
export function flattenStruct(value: StructValue): string {
  const pairs: string[] = [];
  const walk = (node: unknown, path: string): void => {
    if (node !== null && typeof node === 'object' && !Array.isArray(node)) {
      for (const [k, v] of Object.entries(node as StructValue)) walk(v, path === '' ? k : `${path}.${k}`);
      return;
    }
    pairs.push(`${path}=${Array.isArray(node) ? JSON.stringify(node) : String(node)}`);
  };
  walk(value, '');
  return pairs.sort().join(';');
}

/** The comparison key of a literal: case, spacing and ignored punctuation folded (core/formats/sampleText). */
export function literalKey(literal: string): string {
  return normalize(literal);
}

/** The comparison key of a value (already flattened when it was a struct). */
export function valueKey(value: string): string {
  return normalize(value);
}
