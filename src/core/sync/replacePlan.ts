// The replace plan. When the local changes are confined to samples and literals (plus additions to the
// ontology), each touched intent's samples and entity's literals are replaced per locale; any other change
// (removed or changed intents and entities, dialog.json, the TRSX header, restricted files) needs the whole
// package replaced. Either way the remote package is saved into .cstudio/backups/ first.
import type { DictionaryEntry, TrsxSample } from '../formats/trsx/model';
import { ontologyOperation } from './ontologyOperation';
import { contentOperation, type Content, type ContentItem } from './contentOperations';
import {
  changesOf,
  describeOtherChange,
  endpoints,
  inLocale,
  type LocaleChanges,
  type PlanContext,
} from './planContext';
import { PushRefusedError } from './pushErrors';
import type { PushOperation, PushPlan, ReplaceScope } from './pushPlan';
import type { SemanticChange } from './semantic/trsxDiff';
import { intentValue, owner } from './semantic/itemParts';
import type { TrsxItem } from './semantic/trsxItems';
import { entityKind } from './uploads';

export async function buildReplacePlan(
  ctx: PlanContext,
  scope: ReplaceScope,
  lock?: { notes: string },
): Promise<PushPlan> {
  const removedTrsx = ctx.otherFiles.filter((f) => f.kind === 'trsx' && f.change === 'removed');
  if (removedTrsx.length > 0) {
    throw new PushRefusedError(
      'layout',
      'A replace needs the TRSX file of every project language; restore these files (languages are removed on the platform, not by a push):',
      removedTrsx.map((f) => f.path),
    );
  }
  const reasons = packageReasons(ctx);
  const notSent = ctx.otherFiles.filter((f) => !sentByPackage(f, ctx)).map(describeOtherChange);
  if (scope === 'package' || reasons.length > 0) {
    const op = packageOperation(ctx, reasons);
    return { projectId: ctx.projectId, mode: 'replace', operations: [op], notSent, warnings: [], lock, backup: true };
  }
  const warnings: string[] = [];
  const operations: PushOperation[] = [];
  const ontology = await ontologyOperation(ctx, notSent, warnings);
  if (ontology) operations.push(ontology);
  for (const l of ctx.locales) {
    const entries = (entity: string): DictionaryEntry[] =>
      l.local.dictionaries.filter((d) => d.conceptref === entity).flatMap((d) => d.entries);
    for (const item of contentReplaces(ctx, l, 'literals', entries)) operations.push(item);
  }
  for (const l of ctx.locales) {
    const samples = (intent: string): TrsxSample[] => l.local.samples.filter((s) => s.intentref === intent);
    for (const item of contentReplaces(ctx, l, 'samples', samples)) operations.push(item);
  }
  return {
    projectId: ctx.projectId,
    mode: 'replace',
    operations,
    notSent,
    warnings,
    lock,
    backup: operations.some((o) => o.destructive),
  };
}

/** Changes only a whole-package replace can carry. */
function packageReasons(ctx: PlanContext): string[] {
  const reasons: string[] = [];
  for (const f of ctx.otherFiles) if (sentByPackage(f, ctx)) reasons.push(`${f.path} ${f.change}`);
  for (const l of ctx.locales) {
    for (const c of changesOf(l, 'header')) reasons.push(inLocale(`${c.label} changed`, l.locale));
    for (const c of changesOf(l, 'intent'))
      if (!onlyAddsLinks(c)) reasons.push(inLocale(`${c.label} ${c.change}`, l.locale));
    for (const c of changesOf(l, 'entity'))
      if (c.change !== 'added') reasons.push(inLocale(`${c.label} ${c.change}`, l.locale));
    for (const c of changesOf(l, 'literal')) {
      const entity = owner((c.after ?? c.before) as TrsxItem);
      const concept = l.local.concepts.find((x) => x.name === entity);
      if (!concept || entityKind(concept) !== 'LIST')
        reasons.push(inLocale(`${c.label} ${c.change} (entity ${entity} is not a list entity here)`, l.locale));
    }
  }
  return reasons;
}

function onlyAddsLinks(c: SemanticChange): boolean {
  if (c.change === 'added') return true;
  if (c.change !== 'changed' || !c.before || !c.after) return false;
  const before = intentValue(c.before);
  const after = intentValue(c.after);
  return before.sourceref === after.sourceref && before.links.every((k) => after.links.includes(k));
}

/** dialog.json, and restricted files when the pull could see them; metadata.json is only checked by the platform. */
function sentByPackage(f: { kind: string; restricted: boolean }, ctx: PlanContext): boolean {
  if (f.restricted) return ctx.restrictedVisible;
  return f.kind === 'dialog' || f.kind === 'trsx';
}

function packageOperation(ctx: PlanContext, reasons: string[]): PushOperation {
  const adds: string[] = [];
  const changes: string[] = [];
  const deletes: string[] = [];
  for (const l of ctx.locales) {
    for (const c of l.diff.changes) {
      const label = inLocale(c.detail ? `${c.label}: ${c.detail}` : c.label, l.locale);
      (c.change === 'added' ? adds : c.change === 'removed' ? deletes : changes).push(label);
    }
  }
  for (const f of ctx.otherFiles) {
    if (!sentByPackage(f, ctx)) continue;
    (f.change === 'added' ? adds : f.change === 'removed' ? deletes : changes).push(`file ${f.path}`);
  }
  const why =
    reasons.length > 0 ? ` (needed for: ${reasons.slice(0, 3).join('; ')}${reasons.length > 3 ? '; …' : ''})` : '';
  return {
    kind: 'packageReplace',
    method: 'POST',
    endpoint: endpoints.packageReplace(ctx.projectId),
    title: `replace the whole project package with the workspace${why}`,
    adds,
    changes,
    deletes,
    destructive: true,
  };
}

/** One replace per intent (samples) or entity (literals) with changes, carrying all its items in the workspace. */
function contentReplaces<C extends Content>(
  ctx: PlanContext,
  l: LocaleChanges,
  content: C,
  itemsOf: (target: string) => readonly ContentItem<C>[],
): PushOperation[] {
  const touched = new Map<string, SemanticChange[]>();
  for (const c of changesOf(l, content === 'samples' ? 'sample' : 'literal')) {
    const target = owner((c.after ?? c.before) as TrsxItem);
    touched.set(target, [...(touched.get(target) ?? []), c]);
  }
  return [...touched].map(([target, changes]) =>
    contentOperation(ctx, l, content, 'replace', target, itemsOf(target), split(changes)),
  );
}

function split(changes: readonly SemanticChange[]): { adds: string[]; changes: string[]; deletes: string[] } {
  return {
    adds: changes.filter((c) => c.change === 'added').map((c) => c.label),
    changes: changes.filter((c) => c.change === 'changed').map((c) => `${c.label}: ${c.detail ?? 'changed'}`),
    deletes: changes.filter((c) => c.change === 'removed').map((c) => c.label),
  };
}
