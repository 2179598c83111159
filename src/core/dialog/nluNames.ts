// The NLU side of the cross-file index: what the project's TRSX files declare (intents, entities, and each list
// entity's values after `isA`), merged over the locales (a project shares one ontology). The dialog names these
// by UUID through its own ontology copy, and by name where it writes names (see dialogModel.ts).

import type { TrsxDocument } from '../formats/trsx/model';
import { SPECIAL_INTENTS } from '../formats/trsx/predefined';

export interface NluEntity {
  name: string;
  dynamic: boolean;
  /** Values written in this entity's own dictionaries (`value`, else the literal). */
  values: Set<string>;
  /** Entities it specialises (`isA`). */
  isA: string[];
}

export interface NluNames {
  intents: Set<string>;
  entities: Map<string, NluEntity>;
}

export function nluNamesOf(documents: readonly TrsxDocument[]): NluNames {
  const intents = new Set<string>();
  const entities = new Map<string, NluEntity>();
  const entity = (name: string): NluEntity => {
    let e = entities.get(name);
    if (!e) {
      e = { name, dynamic: false, values: new Set(), isA: [] };
      entities.set(name, e);
    }
    return e;
  };
  for (const doc of documents) {
    for (const i of doc.intents) intents.add(i.name);
    for (const c of doc.concepts) {
      const e = entity(c.name);
      if (c.dynamic) e.dynamic = true;
      for (const r of c.relations) if (r.type === 'isA' && !e.isA.includes(r.conceptref)) e.isA.push(r.conceptref);
    }
    for (const d of doc.dictionaries) {
      const e = entity(d.conceptref);
      for (const entry of d.entries) e.values.add(entry.value ?? entry.literal);
    }
  }
  return { intents, entities };
}

export interface EntityValues {
  /** Values of the entity and of every list entity it is (`isA`), transitively. */
  values: Set<string>;
  /** Whether it or one it is is dynamic (values known only at run time). */
  dynamic: boolean;
  /** False when no TRSX list is behind it (a predefined entity, a regex or a grammar): values cannot be judged. */
  judged: boolean;
}

export function entityValues(names: NluNames, entity: string): EntityValues {
  const values = new Set<string>();
  let dynamic = false;
  let judged = false;
  const seen = new Set<string>();
  const stack = [entity];
  while (stack.length > 0) {
    const name = stack.pop() as string;
    if (seen.has(name)) continue;
    seen.add(name);
    const e = names.entities.get(name);
    if (!e) continue;
    if (e.dynamic) dynamic = true;
    if (e.values.size > 0 || e.dynamic) judged = true;
    for (const v of e.values) values.add(v);
    for (const parent of e.isA) stack.push(parent);
  }
  return { values, dynamic, judged };
}

/** Intent names the platform gives every project (the dialog's ontology marks them isInBaseOntology). */
export function isPlatformIntent(name: string): boolean {
  return SPECIAL_INTENTS.has(name);
}
