// Value syntax of SRGS attributes, shared by the parser (effective values) and validation (diagnostics).
// Parsers return undefined for a malformed value; the model then falls back to the SRGS default.

import type { RepeatSpec, RuleRefTarget, SpecialRuleName } from './model';

/** `n`, `m-n`, `m-` (SRGS 1.0 §2.5). */
const REPEAT = /^([0-9]+)(?:(-)([0-9]+)?)?$/;
/** `[0-9]+[.]?` or `([0-9]+)?[.][0-9]+` (grammar-core.xsd Weight.datatype). */
const WEIGHT = /^(?:[0-9]+\.?|[0-9]*\.[0-9]+)$/;
/** xsd:decimal. */
const DECIMAL = /^[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)$/;
/** xsd:ID (an NCName; non-ASCII letters allowed) without `.`, `:` or `-` (grammar-core.xsd Id.datatype). */
const RULE_NAME = /^[\p{L}_][\p{L}\p{N}_\p{M}\u00B7\u0300-\u036F\u203F-\u2040]*$/u;
/** BCP 47 shape, loosely: primary subtag then alphanumeric subtags. */
const LANGUAGE_TAG = /^[A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*$/;

export const SPECIAL_RULE_NAMES: readonly SpecialRuleName[] = ['NULL', 'VOID', 'GARBAGE'];

export function isSpecialRuleName(name: string): name is SpecialRuleName {
  return (SPECIAL_RULE_NAMES as readonly string[]).includes(name);
}

export function isLegalRuleName(name: string): boolean {
  return RULE_NAME.test(name);
}

export function isLanguageTag(value: string): boolean {
  return LANGUAGE_TAG.test(value);
}

export function parseRepeat(value: string | undefined): RepeatSpec | undefined {
  if (value === undefined) return undefined;
  const m = REPEAT.exec(value.trim());
  if (!m) return undefined;
  const min = Number(m[1]);
  if (m[2] === undefined) return { min, max: min };
  const max = m[3] === undefined ? null : Number(m[3]);
  if (max !== null && max < min) return undefined;
  return { min, max };
}

/** Distinguishes a malformed repeat from one whose minimum exceeds its maximum (two different codes). */
export function repeatProblem(value: string): 'syntax' | 'order' | undefined {
  const m = REPEAT.exec(value.trim());
  if (!m) return 'syntax';
  if (m[3] !== undefined && Number(m[3]) < Number(m[1])) return 'order';
  return undefined;
}

export function parseWeight(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const v = value.trim();
  return WEIGHT.test(v) ? Number(v.endsWith('.') ? v.slice(0, -1) : v) : undefined;
}

export function parseRepeatProb(value: string): number | undefined {
  const v = value.trim();
  if (!DECIMAL.test(v)) return undefined;
  const n = Number(v);
  return n >= 0 && n <= 1 ? n : undefined;
}

export function parseRuleRefTarget(uri: string | undefined, special: string | undefined): RuleRefTarget {
  if (uri !== undefined && special !== undefined) return { kind: 'invalid' };
  if (special !== undefined) {
    const name = special.trim();
    return isSpecialRuleName(name) ? { kind: 'special', name } : { kind: 'invalid' };
  }
  if (uri === undefined) return { kind: 'invalid' };
  const u = uri.trim();
  const hash = u.indexOf('#');
  if (hash === 0) return u.length > 1 ? { kind: 'local', rule: u.slice(1) } : { kind: 'invalid' };
  if (u.length === 0) return { kind: 'invalid' };
  if (hash === -1) return { kind: 'external', uri: u };
  const fragment = u.slice(hash + 1);
  return fragment.length === 0 ? { kind: 'invalid' } : { kind: 'external', uri: u.slice(0, hash), rule: fragment };
}
