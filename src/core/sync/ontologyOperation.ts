// The one ontology append both push plans send first: new intents, entities (with a rule-based entity's grammar
// when the pull could see grammars) and intent links of every locale. What it cannot carry is listed as not sent.
import type { TrsxConcept, TrsxIntent } from '../formats/trsx/model';
import { changesOf, endpoints, inLocale, type LocaleChanges, type PlanContext } from './planContext';
import type { PushOperation } from './pushPlan';
import { intentValue } from './semantic/itemParts';
import type { SemanticChange } from './semantic/trsxDiff';
import { ontologyUpload, type OntologyAdditions } from './uploads';

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
