// TRSX completion in context: element names allowed by the schema under the enclosing element, attribute
// names of the element being written, and attribute values — intents and concepts from this file and the
// project's other locale files, predefined entities, data types, relation types, booleans, grammar files.
// Works on half-written markup: the context is read from the text (xml/cursorContext.ts) and names come from
// the last good parse.

import {
  PREDEFINED_ENTITIES,
  DATA_TYPES,
  RELATION_TYPES,
  SPECIAL_INTENTS,
  BOOLEAN_SETTINGS,
} from '../../formats/trsx/predefined';
import { nuancePrefix } from '../../formats/trsx/read';
import { childRule, TRSX_RULES, PROJECT_RULE_KEY, type ElementRule } from '../../formats/trsx/schema';
import type { LanguageDocument } from '../documents';
import type { CompletionItem, LanguageContext } from '../types';
import type { TagContext } from '../xml/cursorContext';
import { attributeNameCompletions, closeTagCompletions, valueCompletions } from '../xml/completionItems';
import { localeOf, otherLocaleDeclarations } from './projectFiles';
import { trsxSymbols } from './symbols';

const DATA_TYPE_DOCS: Readonly<Record<string, string>> = {
  not_set: 'No data type (the default).',
  alphanum: 'Letters and digits.',
  amount: 'A monetary amount.',
  boolean: 'True or false.',
  date: 'A calendar date.',
  digits: 'A string of digits.',
  distance: 'A distance.',
  no_format: 'Free-form value, no formatting.',
  number: 'A number.',
  temperature: 'A temperature.',
  time: 'A time of day.',
  yes_no: 'Yes or no.',
};

export function trsxCompletions(ctx: LanguageContext, doc: LanguageDocument, offset: number): CompletionItem[] {
  const context = doc.tagContextAt(offset);
  switch (context.kind) {
    case 'elementName':
      return elementNames(doc, context, offset);
    case 'closeTag':
      return closeTagCompletions(doc, context);
    case 'attributeName':
      return attributeNames(doc, context);
    case 'attributeValue':
      return attributeValues(ctx, doc, context);
    default:
      return [];
  }
}

/** The rule of the element named `name` whose open tag starts at `tagStart`. */
function ruleAt(doc: LanguageDocument, name: string, tagStart: number): ElementRule | undefined {
  if (name === 'project') return TRSX_RULES[PROJECT_RULE_KEY];
  const path = doc.elementPathAt(tagStart);
  const parent = path[path.length - 1];
  return parent === undefined ? undefined : childRule(parent, name);
}

function elementNames(
  doc: LanguageDocument,
  context: Extract<TagContext, { kind: 'elementName' }>,
  offset: number,
): CompletionItem[] {
  const path = doc.elementPathAt(context.tagStart);
  const parent = path[path.length - 1];
  let names: readonly string[];
  if (parent === undefined) names = ['project'];
  else if (path.length === 1) names = parent === 'project' ? (TRSX_RULES[PROJECT_RULE_KEY]?.children ?? []) : [];
  else names = ruleChildren(path) ?? [];
  // When the tag already has attributes or an end, only the name is replaced.
  const after = doc.slice(context.range.end, context.range.end + 1);
  const bare = after !== '' && !/[\s<]/.test(after);
  return names.map((name, i) => {
    const rule = name === 'project' ? TRSX_RULES[PROJECT_RULE_KEY] : childRule(parent ?? '', name);
    return {
      label: name,
      kind: 'element',
      range: { start: context.range.start, end: Math.max(context.range.end, offset) },
      insertText: bare || !rule ? name : elementSnippet(name, rule),
      snippet: !bare && rule !== undefined,
      detail: parent === undefined ? 'TRSX root element' : `inside <${parent}>`,
      sortText: String(i).padStart(3, '0'),
    };
  });
}

function ruleChildren(path: readonly string[]): readonly string[] | undefined {
  const parent = path[path.length - 1] as string;
  const grand = path[path.length - 2];
  const rule = grand === undefined ? undefined : childRule(grand, parent);
  return rule?.children;
}

function elementSnippet(name: string, rule: ElementRule): string {
  let n = 1;
  const attrs = (rule.required ?? []).map((a) => ` ${a}="\${${n++}}"`).join('');
  if (rule.content === 'none' && rule.children.length === 0) return `${name}${attrs}/>`;
  if (rule.content === 'none') return `${name}${attrs}>\n\t$0\n</${name}>`;
  return `${name}${attrs}>$0</${name}>`;
}

function attributeNames(
  doc: LanguageDocument,
  context: Extract<TagContext, { kind: 'attributeName' }>,
): CompletionItem[] {
  const rule = ruleAt(doc, context.element, context.tagStart);
  if (!rule) return [];
  const prefix = context.element === 'project' ? projectPrefix(doc) : 'nuance';
  const required = new Set(rule.required ?? []);
  const names = rule.attributes.map((a) => (a.startsWith('nuance:') ? `${prefix}:${a.slice(7)}` : a));
  return attributeNameCompletions(context, names).map((item) => ({
    ...item,
    detail: required.has(item.label) ? 'required' : 'optional',
    sortText: `${required.has(item.label) ? 0 : 1}${item.label}`,
  }));
}

function projectPrefix(doc: LanguageDocument): string {
  const root = doc.trsxForNames().result.tree.root;
  return root ? nuancePrefix(root) : 'nuance';
}

function attributeValues(
  ctx: LanguageContext,
  doc: LanguageDocument,
  context: Extract<TagContext, { kind: 'attributeValue' }>,
): CompletionItem[] {
  const { element, attribute } = context;
  const symbols = trsxSymbols(doc.trsxForNames().result);
  if (element === 'sample' && attribute === 'intentref') {
    const here = new Map(symbols.intents.map((i) => [i.name, 'this file']));
    for (const other of otherLocaleDeclarations(ctx, doc.path)) {
      for (const i of other.symbols.intents) if (!here.has(i.name)) here.set(i.name, `declared in ${other.locale}`);
    }
    for (const s of SPECIAL_INTENTS) if (!here.has(s)) here.set(s, 'special intent');
    const counts = symbols.sampleCounts();
    return valueCompletions(context, here.keys(), 'intent', {
      detail: (v) => {
        const c = counts.get(v);
        return `intent · ${here.get(v)}${c ? ` · ${c.samples} sample${c.samples === 1 ? '' : 's'}` : ''}`;
      },
    });
  }
  if (attribute === 'conceptref' && ['annotation', 'link', 'relation', 'dictionary'].includes(element)) {
    const here = new Map(symbols.concepts.map((c) => [c.name, `${c.concept.dataType ?? 'not_set'} · this file`]));
    for (const other of otherLocaleDeclarations(ctx, doc.path)) {
      for (const c of other.symbols.concepts)
        if (!here.has(c.name)) here.set(c.name, `${c.concept.dataType ?? 'not_set'} · declared in ${other.locale}`);
    }
    if (element !== 'dictionary') {
      for (const p of PREDEFINED_ENTITIES) if (!here.has(p.name)) here.set(p.name, `predefined entity · ${p.summary}`);
    }
    return valueCompletions(context, here.keys(), 'concept', { detail: (v) => `concept · ${here.get(v)}` });
  }
  if (element === 'concept' && attribute === 'dataType')
    return valueCompletions(context, DATA_TYPES, 'keyword', {
      detail: () => 'data type',
      documentation: (v) => DATA_TYPE_DOCS[v],
    });
  if (element === 'relation' && attribute === 'type')
    return valueCompletions(context, RELATION_TYPES, 'keyword', { detail: () => 'relation type' });
  if (element === 'setting' && attribute === 'name')
    return valueCompletions(context, BOOLEAN_SETTINGS, 'keyword', { detail: () => 'boolean setting' });
  if (element === 'setting' && attribute === 'value') return valueCompletions(context, ['true', 'false'], 'keyword');
  if (element === 'concept' && attribute === 'ruleGrammarFileName') return grammarFiles(ctx, doc, context);
  if (element === 'project' && attribute === 'xml:lang') {
    const project = doc.path === undefined ? undefined : ctx.projects.projectOf(doc.path);
    const locale = localeOf(project, doc.path);
    return locale === undefined
      ? []
      : valueCompletions(context, [locale], 'keyword', { detail: () => 'the locale folder of this file' });
  }
  const rule = ruleAt(doc, element, context.tagStart);
  if (rule?.booleans?.includes(attribute)) return valueCompletions(context, ['true', 'false'], 'keyword');
  return [];
}

function grammarFiles(
  ctx: LanguageContext,
  doc: LanguageDocument,
  context: Extract<TagContext, { kind: 'attributeValue' }>,
): CompletionItem[] {
  const project = doc.path === undefined ? undefined : ctx.projects.projectOf(doc.path);
  const locale = localeOf(project, doc.path);
  if (!project || locale === undefined) return [];
  return valueCompletions(
    context,
    project.grammars.filter((g) => g.locale === locale).map((g) => g.relative),
    'file',
    { detail: () => `rule-based grammar of ${locale}` },
  );
}
