// dialog.json's references to an NLU name, for find-references started in either file.

import { dialogReferencesTo, type NluTarget } from '../../dialog/dialogEdits';
import type { LanguageContext, Location } from '../types';
import { projectDialog } from './projectDialog';

/** dialog.json's references to an intent, entity or value: by name, and by UUID through its ontology. */
export function dialogLocations(ctx: LanguageContext, path: string | undefined, target: NluTarget): Location[] {
  const dialog = projectDialog(ctx, path);
  if (!dialog) return [];
  const { model } = dialog;
  const project = ctx.projects.projectOf(dialog.path);
  const refs = dialogReferencesTo(model, target, project ? ctx.projects.nluNames(project) : undefined);
  if (target.kind !== 'value') {
    const declared: ReadonlyArray<{ id: string; name: string }> =
      target.kind === 'intent' ? model.intents : model.concepts;
    const ids = new Set(declared.filter((d) => d.name === target.name).map((d) => d.id));
    const kind = target.kind === 'intent' ? 'intentId' : 'conceptId';
    for (const r of model.references) if (r.kind === kind && ids.has(r.value)) refs.push(r);
  }
  return refs.sort((a, b) => a.range.start - b.range.start).map((r) => ({ path: dialog.id, range: r.range }));
}
