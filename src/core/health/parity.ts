// Locale parity: what one locale's ontology has and another's lacks. Intents and entities compare by name;
// list literals compare by their value (translations differ, the values the application receives must
// not), or by the literal itself when an entry has no value.
import type { TrsxDocument } from '../formats/trsx/model';
import { RULE_SEVERITY, type HealthFinding, type HealthLocation } from './findings';
import type { LocaleFile } from './localeFile';

/** What parity needs of a locale, kept after its model is dropped. */
export interface LocaleInventory {
  locale: string;
  file: string;
  intents: Map<string, HealthLocation>;
  entities: Map<string, HealthLocation>;
  /** Entity → literal value → where its first literal is. */
  values: Map<string, Map<string, { literal: string; at: HealthLocation }>>;
}

export function inventoryOf(locale: LocaleFile): LocaleInventory {
  const doc: TrsxDocument = locale.document;
  const values = new Map<string, Map<string, { literal: string; at: HealthLocation }>>();
  for (const d of doc.dictionaries) {
    let m = values.get(d.conceptref);
    if (!m) values.set(d.conceptref, (m = new Map()));
    for (const e of d.entries) {
      const value = e.value ?? e.literal;
      if (!m.has(value)) m.set(value, { literal: e.literal, at: locale.locate(e) });
    }
  }
  return {
    locale: locale.locale,
    file: locale.file,
    values,
    intents: new Map(doc.intents.map((i) => [i.name, locale.locate(i)])),
    entities: new Map(doc.concepts.map((c) => [c.name, locale.locate(c)])),
  };
}

export function findParityGaps(inventories: readonly LocaleInventory[], findings: HealthFinding[]): void {
  const gap = (from: LocaleInventory, to: LocaleInventory, at: HealthLocation, what: string, fix: string): void => {
    findings.push({
      rule: 'locale-parity',
      severity: RULE_SEVERITY['locale-parity'],
      locale: to.locale,
      location: at,
      message: `${what} is in ${from.locale} but missing from ${to.locale}; ${fix} ${to.file}, or remove it from ${from.file}.`,
    });
  };
  for (const from of inventories) {
    for (const to of inventories) {
      if (from === to) continue;
      for (const [name, at] of from.intents)
        if (!to.intents.has(name)) gap(from, to, at, `Intent ${name}`, 'add the intent (with samples) to');
      for (const [name, at] of from.entities)
        if (!to.entities.has(name)) gap(from, to, at, `Entity ${name}`, 'add the entity to');
      for (const [entity, values] of from.values) {
        if (!to.entities.has(entity)) continue; // a missing entity is reported once, above
        const other = to.values.get(entity) ?? new Map<string, unknown>();
        for (const [value, { literal, at }] of values) {
          if (!other.has(value))
            gap(
              from,
              to,
              at,
              `Value "${value}" of entity ${entity} (literal "${literal}")`,
              `add a literal with value="${value}" to ${entity} in`,
            );
        }
      }
    }
  }
}
