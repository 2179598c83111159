// TRSX hovers: an intent shows its sample counts per locale of the project and its linked entities; a concept
// its data type, settings, number of literals, rule-based grammar and where it is used.

import { isPredefinedConcept, predefinedEntity, SPECIAL_INTENTS } from '../../formats/trsx/predefined';
import type { LanguageDocument } from '../documents';
import type { HoverInfo, LanguageContext } from '../types';
import { localeOf, otherLocaleSymbols } from './projectFiles';
import { trsxSymbolAt, trsxSymbols, type ConceptRefKind, type SampleCount, type TrsxSymbols } from './symbols';

function code(name: string): string {
  return `\`${name.replace(/`/g, "'")}\``;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function describeCount(c: SampleCount | undefined): string {
  if (!c) return '0 samples';
  return c.weighted === c.samples
    ? plural(c.samples, 'sample')
    : `${plural(c.samples, 'sample')} (count ${c.weighted})`;
}

export function trsxHover(ctx: LanguageContext, doc: LanguageDocument, offset: number): HoverInfo | undefined {
  const result = doc.trsx();
  const at = trsxSymbolAt(result, offset);
  if (!at) return undefined;
  const symbols = trsxSymbols(result);
  switch (at.kind) {
    case 'intent':
      return { range: at.range, markdown: intentHover(ctx, doc, symbols, at.name) };
    case 'concept':
      return { range: at.range, markdown: conceptHover(symbols, at.name) };
    case 'grammarFile':
      return {
        range: at.range,
        markdown: `**Rule-based grammar** of concept ${code(at.concept)}: ${code(at.name)} (relative to the locale folder).`,
      };
    case 'dataType':
      return { range: at.range, markdown: `**Data type** ${code(at.name)}` };
  }
}

function intentHover(ctx: LanguageContext, doc: LanguageDocument, symbols: TrsxSymbols, name: string): string {
  const lines = [`**Intent** ${code(name)}`];
  const declared = symbols.intent(name);
  if (SPECIAL_INTENTS.has(name)) lines.push('', 'A special intent every project has.');
  else if (!declared) lines.push('', '*Not declared in this file.*');
  const project = doc.path === undefined ? undefined : ctx.projects.projectOf(doc.path);
  const here = localeOf(project, doc.path) ?? 'this file';
  const counts = [`${here}: ${describeCount(symbols.sampleCounts().get(name))}`];
  for (const other of otherLocaleSymbols(ctx, doc.path)) {
    counts.push(
      `${other.locale}: ${describeCount(other.symbols.sampleCounts().get(name))}${other.symbols.intent(name) ? '' : ' (not declared there)'}`,
    );
  }
  lines.push('', `Samples — ${counts.join(' · ')}`);
  const links = declared?.intent.links.map((l) => l.conceptref) ?? [];
  lines.push('', links.length > 0 ? `Linked entities: ${links.map(code).join(', ')}` : 'No linked entities.');
  return lines.join('\n');
}

const USAGE_WORDS: Record<ConceptRefKind, string> = {
  annotation: 'annotation',
  link: 'intent link',
  relation: 'relation',
  dictionary: 'dictionary',
};

function conceptHover(symbols: TrsxSymbols, name: string): string {
  const lines = [`**Concept** ${code(name)}`];
  const declared = symbols.concept(name);
  if (!declared) {
    const known = predefinedEntity(name);
    lines.push(
      '',
      isPredefinedConcept(name)
        ? `A predefined entity (provided by the platform).${known ? ` ${known.summary}` : ''}`
        : '*Not declared in this file.*',
    );
  } else {
    const c = declared.concept;
    const facts = [`dataType ${code(c.dataType ?? 'not_set')}`];
    if (c.freetext) facts.push('freetext');
    if (c.dynamic) facts.push('dynamic');
    if (c.ruleGrammarFileName !== undefined) facts.push(`rule-based: ${code(c.ruleGrammarFileName)}`);
    if (c.regex !== undefined) facts.push(`regex ${code(c.regex)}`);
    lines.push('', facts.join(' · '));
    if (c.settings.length > 0)
      lines.push('', `Settings: ${c.settings.map((s) => `${s.name}=${code(s.value)}`).join(', ')}`);
    if (c.relations.length > 0)
      lines.push('', `Relations: ${c.relations.map((r) => `${r.type} ${code(r.conceptref)}`).join(', ')}`);
  }
  const literals = symbols.dictionaries
    .filter((d) => d.conceptref === name)
    .reduce((n, d) => n + d.dictionary.entries.length, 0);
  lines.push('', `Literals: ${literals}`);
  const usage = new Map<ConceptRefKind, number>();
  for (const r of symbols.conceptReferences())
    if (r.name === name && r.kind !== 'dictionary') usage.set(r.kind, (usage.get(r.kind) ?? 0) + 1);
  const used = [...usage].map(([kind, n]) => plural(n, USAGE_WORDS[kind]));
  lines.push('', used.length > 0 ? `Used in ${used.join(', ')}.` : 'Not used in this file.');
  return lines.join('\n');
}
