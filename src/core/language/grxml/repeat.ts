// Normalizing `repeat` attributes to SRGS 1.0 syntax (§2.5: `n`, `m-n`, `m-`). Grammars ported from ABNF,
// JSGF or regular expressions carry forms like `*`, `+`, `?`, `0..1`, `{1,3}`, `1+` or reversed bounds; the quick
// fix rewrites them, and canonical-but-redundant forms (`1`, `1-1`, `02-05`) can be tidied the same way.

export interface NormalizedRepeat {
  /** The SRGS value, or undefined when the attribute should go (`1`, exactly once, is the default). */
  value: string | undefined;
  /** What the value means, for the action's title. */
  meaning: string;
}

function meaningOf(min: number, max: number | null): string {
  if (max === null) return min === 0 ? 'any number of times' : min === 1 ? 'one or more times' : `${min} or more times`;
  if (min === max) return min === 1 ? 'exactly once' : `exactly ${min} times`;
  if (min === 0 && max === 1) return 'optional';
  return `${min} to ${max} times`;
}

function make(min: number, max: number | null): NormalizedRepeat {
  const [lo, hi] = max !== null && max < min ? [max, min] : [min, max];
  if (hi === lo) return { value: lo === 1 ? undefined : String(lo), meaning: meaningOf(lo, hi) };
  return { value: hi === null ? `${lo}-` : `${lo}-${hi}`, meaning: meaningOf(lo, hi) };
}

/** The SRGS form of a repeat value, or undefined when it cannot be read as a repeat at all. */
export function normalizeRepeat(value: string): NormalizedRepeat | undefined {
  const v = value.replace(/\s+/g, '');
  if (v === '*') return make(0, null);
  if (v === '+') return make(1, null);
  if (v === '?') return make(0, 1);
  let m = /^(\d{1,9})\+$/.exec(v);
  if (m) return make(Number(m[1]), null);
  m = /^\{?(\d{1,9})(?:-|\.\.|,|to)(\d{1,9})?\}?$/i.exec(v);
  if (m && v.startsWith('{') === v.endsWith('}')) return make(Number(m[1]), m[2] === undefined ? null : Number(m[2]));
  m = /^\{?(\d{1,9})\}?$/.exec(v);
  if (m && v.startsWith('{') === v.endsWith('}')) return make(Number(m[1]), Number(m[1]));
  return undefined;
}

/** True when `value` is already exactly the SRGS form `normalizeRepeat` would write. */
export function isCanonicalRepeat(value: string): boolean {
  const n = normalizeRepeat(value);
  return n !== undefined && n.value === value;
}
