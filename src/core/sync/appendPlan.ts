// The append plan: only additions go out. New intents, entities and intent links travel in one ontology
// append; new literals are appended per entity and locale; new samples (and raised counts, which an
// append of the same sample adds up) per intent and locale. Everything else is listed as not sent.
import type { DictionaryEntry, TrsxSample } from '../formats/trsx/model';
import { contentOperation } from './contentOperations';
import { ontologyOperation } from './ontologyOperation';
import { changesOf, describeOtherChange, inLocale, type LocaleChanges, type PlanContext } from './planContext';
import type { PushOperation, PushPlan } from './pushPlan';
import { sampleAttributes } from './semantic/itemParts';
import { stable, type TrsxItem } from './semantic/trsxItems';
import { entityKind } from './uploads';

export async function buildAppendPlan(ctx: PlanContext, lock?: { notes: string }): Promise<PushPlan> {
  const notSent: string[] = ctx.otherFiles.map(describeOtherChange);
  const warnings: string[] = [];
  const operations: PushOperation[] = [];
  const ontology = await ontologyOperation(ctx, notSent, warnings);
  if (ontology) operations.push(ontology);
  for (const l of ctx.locales) for (const item of literalAppends(ctx, l, notSent)) operations.push(item);
  for (const l of ctx.locales) for (const item of sampleAppends(ctx, l, notSent)) operations.push(item);
  return { projectId: ctx.projectId, mode: 'append', operations, notSent, warnings, lock, backup: false };
}

function literalAppends(ctx: PlanContext, l: LocaleChanges, notSent: string[]): PushOperation[] {
  const byEntity = new Map<string, DictionaryEntry[]>();
  const labels = new Map<string, string[]>();
  for (const c of changesOf(l, 'literal')) {
    if (c.change !== 'added' || c.after?.source?.kind !== 'literal') {
      notSent.push(inLocale(`${c.label} ${c.change}${c.detail ? ` (${c.detail})` : ''}`, l.locale));
      continue;
    }
    const { entity, entry } = c.after.source;
    const concept = l.local.concepts.find((x) => x.name === entity);
    if (!concept || entityKind(concept) !== 'LIST') {
      notSent.push(inLocale(`${c.label}: entity ${entity} is not a list entity, so it has no literals`, l.locale));
      continue;
    }
    byEntity.set(entity, [...(byEntity.get(entity) ?? []), entry]);
    labels.set(entity, [...(labels.get(entity) ?? []), c.label]);
  }
  return [...byEntity].map(([entity, entries]) =>
    contentOperation(ctx, l, 'literals', 'append', entity, entries, {
      adds: labels.get(entity) ?? [],
      changes: [],
      deletes: [],
    }),
  );
}

function sampleAppends(ctx: PlanContext, l: LocaleChanges, notSent: string[]): PushOperation[] {
  const byIntent = new Map<string, { samples: TrsxSample[]; labels: string[] }>();
  const add = (sample: TrsxSample, label: string): void => {
    const group = byIntent.get(sample.intentref) ?? { samples: [], labels: [] };
    group.samples.push(sample);
    group.labels.push(label);
    byIntent.set(sample.intentref, group);
  };
  for (const c of changesOf(l, 'sample')) {
    const after = c.after?.source?.kind === 'sample' ? c.after.source.sample : undefined;
    if (c.change === 'added' && after) {
      add(after, c.label);
      continue;
    }
    const raise = after && c.before && c.after ? countIncrease(c.before, c.after) : 0;
    if (c.change === 'changed' && after && raise > 0) {
      add({ ...after, count: raise }, `${c.label}: count +${raise}`);
      continue;
    }
    notSent.push(inLocale(`${c.label} ${c.change}${c.detail ? ` (${c.detail})` : ''}`, l.locale));
  }
  return [...byIntent].map(([intent, group]) =>
    contentOperation(ctx, l, 'samples', 'append', intent, group.samples, {
      adds: group.labels,
      changes: [],
      deletes: [],
    }),
  );
}

/** How much a sample's count grew when nothing else about it changed (an append of the sample adds up). */
function countIncrease(before: TrsxItem, after: TrsxItem): number {
  const b = sampleAttributes(before);
  const a = sampleAttributes(after);
  const delta = a.count - b.count;
  if (delta <= 0) return 0;
  return stable({ ...a, count: 1 }) === stable({ ...b, count: 1 }) ? delta : 0;
}
