// Attribute rules of one element: unknown attributes, required ones, booleans and checked values (count,
// relation type, data type). Each rule's attributes are compiled once into a name → flags table so the
// per-element work is one map lookup per attribute (this runs for every sample and annotation).

import type { XmlElement } from '../xml/tree';
import type { TrsxReport } from './codes';
import { DATA_TYPES, RELATION_TYPES } from './predefined';
import { parseTrsxCount } from './read';
import type { ElementRule } from './schema';

const BOOLEAN = 1;
const COUNT = 2;
const RELATION_TYPE = 4;
const DATA_TYPE = 8;
/** Bits above this mark the index of a required attribute. */
const REQUIRED_SHIFT = 4;

const CHECKED_FLAGS = { count: COUNT, relationType: RELATION_TYPE, dataType: DATA_TYPE } as const;

interface CompiledAttributes {
  flags: Map<string, number>;
  requiredMask: number;
}

const compiled = new WeakMap<ElementRule, CompiledAttributes>();

function compile(rule: ElementRule): CompiledAttributes {
  let c = compiled.get(rule);
  if (c) return c;
  const flags = new Map<string, number>();
  for (const name of rule.attributes) flags.set(name, 0);
  for (const name of rule.booleans ?? []) flags.set(name, (flags.get(name) ?? 0) | BOOLEAN);
  for (const [name, kind] of Object.entries(rule.checked ?? {}))
    flags.set(name, (flags.get(name) ?? 0) | CHECKED_FLAGS[kind]);
  let requiredMask = 0;
  (rule.required ?? []).forEach((name, i) => {
    flags.set(name, (flags.get(name) ?? 0) | (1 << (REQUIRED_SHIFT + i)));
    requiredMask |= 1 << (REQUIRED_SHIFT + i);
  });
  c = { flags, requiredMask };
  compiled.set(rule, c);
  return c;
}

function isBlank(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c !== 0x20 && c !== 0x0a && c !== 0x09 && c !== 0x0d) return false;
  }
  return true;
}

export function checkAttributes(el: XmlElement, rule: ElementRule, prefix: string, report: TrsxReport): void {
  const { flags, requiredMask } = compile(rule);
  let found = 0;
  for (const a of el.attributes) {
    let name = a.name;
    if (name.charCodeAt(0) === 0x78 && (name === 'xmlns' || name.startsWith('xmlns:'))) continue; // 'x'
    if (prefix !== 'nuance' && name.startsWith(`${prefix}:`)) name = `nuance:${name.slice(prefix.length + 1)}`;
    const f = flags.get(name);
    if (f === undefined) {
      report(
        'TRSX005',
        a.nameRange,
        `Unknown attribute '${a.name}' on <${el.name}>: it is not kept, so exports and syncs drop it.`,
      );
      continue;
    }
    if (f === 0) continue;
    const value = a.value;
    if ((f & BOOLEAN) !== 0 && value !== 'true' && value !== 'false') {
      report('TRSX006', a.valueRange, `${a.name}="${value}" on <${el.name}> must be true or false.`);
    } else if ((f & COUNT) !== 0 && (parseTrsxCount(value) ?? 0) < 1) {
      report('TRSX008', a.valueRange, `count="${value}" must be a whole number of at least 1.`);
    } else if ((f & RELATION_TYPE) !== 0 && value !== '' && !RELATION_TYPES.has(value)) {
      report('TRSX007', a.valueRange, `Relation type '${value}' is unknown; use isA, hasA or hasReferrers.`);
    } else if ((f & DATA_TYPE) !== 0 && !DATA_TYPES.has(value)) {
      report('TRSX014', a.valueRange, `dataType '${value}' is unknown (known: ${[...DATA_TYPES].join(', ')}).`);
    }
    const required = f >> REQUIRED_SHIFT;
    if (required !== 0) {
      found |= f & requiredMask;
      if (isBlank(value)) report('TRSX004', a.valueRange, `'${a.name}' on <${el.name}> must not be empty.`);
    }
  }
  if (found === requiredMask) return;
  (rule.required ?? []).forEach((name, i) => {
    if ((found & (1 << (REQUIRED_SHIFT + i))) !== 0) return;
    const actual = name.startsWith('nuance:') ? `${prefix}:${name.slice(7)}` : name;
    const start = el.openTagRange.start + 1;
    report('TRSX004', { start, end: start + el.name.length }, `<${el.name}> needs the attribute '${actual}'.`);
  });
}
