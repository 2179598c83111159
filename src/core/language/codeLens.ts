// CodeLens data: above each TRSX intent, its sample counts (this file, then the project's other locales), a
// click away from its references (the samples, found when clicked: a lens refresh must stay cheap on 100k
// samples); above each GrXML rule that can start a match (public, or the root), "Test Grammar".

import type { LanguageDocument } from './documents';
import { grxmlSymbols } from './grxml/symbols';
import { localeOf, otherLocaleSymbols } from './trsx/projectFiles';
import { trsxSymbols } from './trsx/symbols';
import type { CodeLensInfo, LanguageContext } from './types';

export function trsxCodeLenses(ctx: LanguageContext, doc: LanguageDocument): CodeLensInfo[] {
  const names = doc.trsxForNames();
  const lastIntent = names.result.index.sections.intents.at(-1);
  // Stale offsets are fine before the edited span (the usual case: samples edited below the ontology).
  const editStart = doc.pendingEditStart;
  const stale =
    !names.current && lastIntent !== undefined && editStart !== undefined && editStart <= lastIntent.range.end;
  const result = stale ? doc.trsx() : names.result;
  const symbols = trsxSymbols(result);
  const counts = symbols.sampleCounts();
  const others = otherLocaleSymbols(ctx, doc.path);
  const project = doc.path === undefined ? undefined : ctx.projects.projectOf(doc.path);
  const here = localeOf(project, doc.path);
  return symbols.intents.map((intent) => {
    const n = counts.get(intent.name)?.samples ?? 0;
    const parts = [`${n} sample${n === 1 ? '' : 's'}${others.length > 0 && here ? ` (${here})` : ''}`];
    for (const o of others) parts.push(`${o.locale} ${o.symbols.sampleCounts().get(intent.name)?.samples ?? 0}`);
    return { kind: 'references', range: intent.nameRange, title: parts.join(' · ') };
  });
}

export function grxmlCodeLenses(doc: LanguageDocument): CodeLensInfo[] {
  const result = doc.grxml();
  const root = result.grammar.root;
  return grxmlSymbols(result)
    .rules.filter((r) => r.id !== '' && (r.rule.scope === 'public' || r.id === root))
    .map((r) => ({ kind: 'testGrammar', range: r.idRange, title: 'Test Grammar', rule: r.id }));
}
