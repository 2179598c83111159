// The append plan: only additions go out. New intents, entities and intent links travel in one ontology
// append; new literals are appended per entity and locale; new samples (and raised counts, which an
// append of the same sample adds up) per intent and locale. Everything else is listed as not sent.
import type { DictionaryEntry, TrsxConcept, TrsxIntent, TrsxSample } from '../formats/trsx/model';
import {
  changesOf,
  describeOtherChange,
  endpoints,
  inLocale,
  type LocaleChanges,
  type PlanContext,
} from './planContext';
import type { PushOperation, PushPlan } from './pushPlan';
import { intentValue, sampleAttributes } from './semantic/itemParts';
import { stable, type TrsxItem } from './semantic/trsxItems';
import type { SemanticChange } from './semantic/trsxDiff';
import { entityKind, literalsUpload, ontologyUpload, samplesUpload, type OntologyAdditions } from './uploads';

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

/**
 * The one ontology append that carries new intents, entities and intent links of every locale; header,
 * intent and entity changes it cannot carry go to `notSent`.
 */
export async function ontologyOperation(
  ctx: PlanContext,
  notSent: string[],
  warnings: string[],
): Promise<PushOperation | undefined> {
  const ontology = new Map<string, OntologyAdditions>();
  const adds: string[] = [];
  for (const l of ctx.locales) {
    const additions: OntologyAdditions = { source: l.local, intents: [], concepts: [], grammars: new Map() };
    for (const c of changesOf(l, 'header')) notSent.push(inLocale(`${c.label}: ${c.detail ?? 'changed'}`, l.locale));
    for (const c of changesOf(l, 'intent')) intentAddition(c, l, additions, adds, notSent);
    for (const c of changesOf(l, 'entity')) {
      if (c.change !== 'added' || c.after?.source?.kind !== 'entity') {
        notSent.push(inLocale(`${c.label} ${c.change}${c.detail ? ` (${c.detail})` : ''}`, l.locale));
        continue;
      }
      const concept = structuredClone(c.after.source.concept);
      additions.concepts.push(concept);
      adds.push(inLocale(c.label, l.locale));
      await addGrammar(concept, l, ctx, additions, warnings);
    }
    if (additions.intents.length > 0 || additions.concepts.length > 0) ontology.set(l.locale, additions);
  }
  if (ontology.size === 0) return undefined;
  return {
    kind: 'ontologyAppend',
    method: 'PUT',
    endpoint: endpoints.ontologyAppend(ctx.projectId),
    title: `add ${adds.length} intent(s), entit(ies) or link(s) to the ontology`,
    adds,
    changes: [],
    deletes: [],
    destructive: false,
    upload: await ontologyUpload(ontology),
  };
}

function intentAddition(
  c: SemanticChange,
  l: LocaleChanges,
  additions: OntologyAdditions,
  adds: string[],
  notSent: string[],
): void {
  if (c.change === 'added' && c.after?.source?.kind === 'intent') {
    additions.intents.push(structuredClone(c.after.source.intent));
    adds.push(inLocale(c.label, l.locale));
    return;
  }
  if (c.change === 'changed' && c.after && c.before) {
    const before = intentValue(c.before);
    const after = intentValue(c.after);
    const added = after.links.filter((x) => !before.links.includes(x));
    const removed = before.links.filter((x) => !after.links.includes(x));
    if (added.length > 0) {
      const intent: TrsxIntent = { name: c.key, links: added.map((conceptref) => ({ conceptref })) };
      additions.intents.push(intent);
      adds.push(inLocale(`links of intent ${c.key} to ${added.join(', ')}`, l.locale));
    }
    if (removed.length > 0)
      notSent.push(inLocale(`links of intent ${c.key} to ${removed.join(', ')} removed`, l.locale));
    if (before.sourceref !== after.sourceref) notSent.push(inLocale(`sourceref of intent ${c.key} changed`, l.locale));
    return;
  }
  notSent.push(inLocale(`${c.label} ${c.change}`, l.locale));
}

/** A new rule-based entity's grammar goes along when the pull could see grammars and the file is there. */
async function addGrammar(
  concept: TrsxConcept,
  l: LocaleChanges,
  ctx: PlanContext,
  additions: OntologyAdditions,
  warnings: string[],
): Promise<void> {
  const rel = concept.ruleGrammarFileName?.replace(/^\.\//, '');
  if (rel === undefined) return;
  const data = ctx.restrictedVisible ? await ctx.local.read(`${l.locale}/${rel}`) : undefined;
  if (data) additions.grammars.set(rel, data);
  else
    warnings.push(
      inLocale(
        `entity ${concept.name} is rule-based; its grammar ${rel} is not sent (only professional-services users see and send grammars), so the platform gives it a placeholder grammar`,
        l.locale,
      ),
    );
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
  return [...byEntity].map(([entity, entries]) => ({
    kind: 'literalsAppend',
    method: 'PUT',
    endpoint: endpoints.literals(ctx.projectId, entity, '.append', l.locale),
    title: `append ${entries.length} literal(s) to entity ${entity} (${l.locale})`,
    locale: l.locale,
    target: entity,
    adds: labels.get(entity) ?? [],
    changes: [],
    deletes: [],
    destructive: false,
    upload: literalsUpload(l.locale, l.local, entity, entries),
  }));
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
  return [...byIntent].map(([intent, group]) => ({
    kind: 'samplesAppend',
    method: 'PUT',
    endpoint: endpoints.samples(ctx.projectId, intent, '.append', l.locale),
    title: `append ${group.samples.length} sample(s) to intent ${intent} (${l.locale})`,
    locale: l.locale,
    target: intent,
    adds: group.labels,
    changes: [],
    deletes: [],
    destructive: false,
    upload: samplesUpload(l.locale, l.local, intent, group.samples),
  }));
}

/** How much a sample's count grew when nothing else about it changed (an append of the sample adds up). */
function countIncrease(before: TrsxItem, after: TrsxItem): number {
  const b = sampleAttributes(before);
  const a = sampleAttributes(after);
  const delta = a.count - b.count;
  if (delta <= 0) return 0;
  return stable({ ...a, count: 1 }) === stable({ ...b, count: 1 }) ? delta : 0;
}
