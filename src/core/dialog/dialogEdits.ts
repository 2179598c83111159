// The edits a rename of an NLU name makes in dialog.json: each one replaces exactly the characters of the old
// name inside one string token (a placeholder's name part, or the whole token), so every other byte of the file
// stays as it was. The language server's rename and `cstudio rename` both take their dialog edits from here.

import type { TextRange } from '../formats/diagnostic';
import type { DialogModel, DialogRef } from './dialogModel';
import type { NluNames } from './nluNames';

export type NluTarget =
  | { kind: 'intent'; name: string }
  | { kind: 'entity'; name: string }
  | { kind: 'value'; entity: string; value: string };

export interface DialogEdit {
  range: TextRange;
  newText: string;
}

/** The dialog's references to `target` (what a rename rewrites, and what find-references lists). */
export function dialogReferencesTo(model: DialogModel, target: NluTarget, nlu?: NluNames): DialogRef[] {
  switch (target.kind) {
    case 'intent':
      return model.references.filter((r) => r.kind === 'intentName' && r.value === target.name);
    case 'entity':
      return model.references.filter((r) => r.kind === 'conceptName' && r.value === target.name);
    case 'value': {
      const ids = entityIdsWithValuesOf(model, target.entity, nlu);
      return model.references.filter(
        (r) => r.kind === 'entityValue' && r.value === target.value && ids.has(r.conceptId ?? ''),
      );
    }
  }
}

export function dialogRenameEdits(
  model: DialogModel,
  target: NluTarget,
  newName: string,
  nlu?: NluNames,
): DialogEdit[] {
  // The token's content is JSON: escape what JSON needs (names never need it; entity values may).
  const newText = JSON.stringify(newName).slice(1, -1);
  return dialogReferencesTo(model, target, nlu).map((r) => ({ range: r.range, newText }));
}

/**
 * Ids of the dialog's entities whose values are `entity`'s: the entity itself and every entity that is it
 * (`isA`, in the dialog's ontology or in the TRSX), transitively.
 */
export function entityIdsWithValuesOf(model: DialogModel, entity: string, nlu?: NluNames): Set<string> {
  const names = new Set([entity]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const c of model.concepts) {
      const parent = model.concepts.find((p) => p.id === c.isA)?.name;
      const trsxParents = nlu?.entities.get(c.name)?.isA ?? [];
      if (
        !names.has(c.name) &&
        ((parent !== undefined && names.has(parent)) || trsxParents.some((p) => names.has(p)))
      ) {
        names.add(c.name);
        grew = true;
      }
    }
  }
  return new Set(model.concepts.filter((c) => names.has(c.name)).map((c) => c.id));
}

/** Applies non-overlapping edits to a text (the CLI writes files this way; the editor applies them itself). */
export function applyEdits(text: string, edits: readonly DialogEdit[]): string {
  const sorted = [...edits].sort((a, b) => a.range.start - b.range.start);
  let out = '';
  let at = 0;
  for (const e of sorted) {
    if (e.range.start < at) throw new Error(`Overlapping edits at offset ${e.range.start}.`);
    out += text.slice(at, e.range.start) + e.newText;
    at = e.range.end;
  }
  return out + text.slice(at);
}
