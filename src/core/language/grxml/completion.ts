// GrXML completion: SRGS element names allowed under the enclosing element (with snippets), attribute names,
// and values — `#rule` ids and `file.grxml#rule` of the grammars around this one for rulerefs, special rules,
// repeat forms, modes, scopes, tag formats and the root rule.

import { relative } from 'node:path';
import { srgsElementModel } from '../../formats/grxml/contentModel';
import { LITERAL_TAG_FORMATS, SCRIPT_TAG_FORMATS } from '../../formats/grxml/tagFormats';
import type { LanguageDocument } from '../documents';
import type { CompletionItem, LanguageContext } from '../types';
import type { TagContext } from '../xml/cursorContext';
import { attributeNameCompletions, closeTagCompletions, valueCompletions } from '../xml/completionItems';
import { grammarFolder } from './navigation';
import { grxmlSymbols } from './symbols';

const SNIPPETS: Readonly<Record<string, string>> = {
  grammar:
    'grammar xmlns="http://www.w3.org/2001/06/grammar" version="1.0" xml:lang="${1:en-US}" root="${2:main}" tag-format="semantics/1.0">\n\t$0\n</grammar>',
  rule: 'rule id="$1" scope="${2|public,private|}">$0</rule>',
  item: 'item>$0</item>',
  'one-of': 'one-of>\n\t<item>$1</item>\n\t<item>$2</item>\n</one-of>',
  ruleref: 'ruleref uri="#$1"/>',
  tag: 'tag>$0</tag>',
  token: 'token>$0</token>',
  example: 'example>$0</example>',
  lexicon: 'lexicon uri="$1"/>',
  meta: 'meta name="$1" content="$2"/>',
  metadata: 'metadata>$0</metadata>',
};

/** The repeat forms of SRGS 1.0 §2.5, as value suggestions. */
export const REPEAT_FORMS: ReadonlyArray<[string, string]> = [
  ['0-1', 'optional: zero or one time'],
  ['1-', 'one or more times'],
  ['0-', 'any number of times, none included'],
  ['2', 'exactly n times (here 2)'],
  ['1-3', 'between m and n times (here 1 to 3)'],
];

const SPECIALS: ReadonlyArray<[string, string]> = [
  ['NULL', 'matches the empty input'],
  ['VOID', 'never matches'],
  ['GARBAGE', 'matches any speech'],
];

export function grxmlCompletions(ctx: LanguageContext, doc: LanguageDocument, offset: number): CompletionItem[] {
  const context = doc.tagContextAt(offset);
  switch (context.kind) {
    case 'elementName':
      return elementNames(doc, context);
    case 'closeTag':
      return closeTagCompletions(doc, context);
    case 'attributeName': {
      const model = srgsElementModel(localOf(context.element));
      if (!model) return [];
      // src and srcexpr belong to VoiceXML's <grammar> reference, not to an SRGS document.
      return attributeNameCompletions(
        context,
        model.attributes.filter((a) => a !== 'src' && a !== 'srcexpr'),
      );
    }
    case 'attributeValue':
      return attributeValues(ctx, doc, context);
    default:
      return [];
  }
}

function localOf(name: string): string {
  const colon = name.indexOf(':');
  return colon === -1 ? name : name.slice(colon + 1);
}

function elementNames(doc: LanguageDocument, context: Extract<TagContext, { kind: 'elementName' }>): CompletionItem[] {
  const path = doc.elementPathAt(context.tagStart);
  const parent = path[path.length - 1];
  const names = parent === undefined ? ['grammar'] : [...(srgsElementModel(localOf(parent))?.children ?? [])];
  const after = doc.slice(context.range.end, context.range.end + 1);
  const bare = after !== '' && !/[\s<]/.test(after);
  return [...new Set(names)].map((name, i) => ({
    label: name,
    kind: 'element' as const,
    range: context.range,
    insertText: bare ? name : (SNIPPETS[name] ?? name),
    snippet: !bare && SNIPPETS[name] !== undefined,
    detail: parent === undefined ? 'SRGS root element' : `inside <${parent}>`,
    sortText: String(i).padStart(3, '0'),
  }));
}

/** Completions of `[value, detail]` pairs; `first` is the sort position of the first one. */
function list(
  context: Extract<TagContext, { kind: 'attributeValue' }>,
  values: ReadonlyArray<readonly [string, string?]>,
  kind: CompletionItem['kind'],
  first = 0,
): CompletionItem[] {
  const details = new Map(values.map(([value, detail]) => [value, detail]));
  return valueCompletions(
    context,
    values.map(([value]) => value),
    kind,
    { detail: (value) => details.get(value), first },
  );
}

function attributeValues(
  ctx: LanguageContext,
  doc: LanguageDocument,
  context: Extract<TagContext, { kind: 'attributeValue' }>,
): CompletionItem[] {
  const element = localOf(context.element);
  const key = `${element}@${context.attribute}`;
  const result = doc.grxml();
  const rules = grxmlSymbols(result).rules.filter((r) => r.id !== '');
  switch (key) {
    case 'ruleref@uri': {
      const own: Array<[string, string]> = rules.map((r) => [`#${r.id}`, `${r.rule.scope} rule of this grammar`]);
      return [...list(context, own, 'rule'), ...externalRules(ctx, doc, context, own.length)];
    }
    case 'ruleref@special':
      return list(context, SPECIALS, 'keyword');
    case 'ruleref@type':
      return list(context, [['application/srgs+xml', 'an SRGS XML grammar']], 'keyword');
    case 'item@repeat':
      return list(context, REPEAT_FORMS, 'keyword');
    case 'grammar@mode':
      return list(
        context,
        [
          ['voice', 'spoken words (the default)'],
          ['dtmf', 'telephone keys 0-9 * # A-D'],
        ],
        'keyword',
      );
    case 'grammar@version':
      return list(context, [['1.0', 'SRGS 1.0']], 'keyword');
    case 'grammar@root':
      return list(
        context,
        [...rules]
          .sort((a, b) => Number(b.rule.scope === 'public') - Number(a.rule.scope === 'public'))
          .map((r) => [r.id, `${r.rule.scope} rule`]),
        'rule',
      );
    case 'grammar@tag-format':
      return list(
        context,
        [
          ...SCRIPT_TAG_FORMATS.map((f) => [f, 'ECMAScript tags (SISR)'] as [string, string]),
          ...LITERAL_TAG_FORMATS.map((f) => [f, 'literal tags'] as [string, string]),
        ],
        'keyword',
      );
    case 'rule@scope':
      return list(
        context,
        [
          ['public', 'can be referenced from other grammars and start a match'],
          ['private', 'only this grammar (the default)'],
        ],
        'keyword',
      );
    default:
      return [];
  }
}

/** `file.grxml#rule` for the public rules (and `file.grxml` for the root) of the grammars around this one. */
function externalRules(
  ctx: LanguageContext,
  doc: LanguageDocument,
  context: Extract<TagContext, { kind: 'attributeValue' }>,
  first: number,
): CompletionItem[] {
  const folder = grammarFolder(doc);
  if (folder === undefined || doc.path === undefined) return [];
  const values: Array<[string, string]> = [];
  for (const path of ctx.projects.relatedGrammars(doc.path)) {
    const other = ctx.projects.grxml(path);
    if (!other) continue;
    const rel = relative(folder, path).split('\\').join('/');
    if (other.grammar.root !== undefined) values.push([rel, `root rule "${other.grammar.root}" of ${rel}`]);
    for (const r of other.grammar.rules)
      if (r.scope === 'public' && r.id !== '') values.push([`${rel}#${r.id}`, `public rule of ${rel}`]);
  }
  return list(context, values, 'file', first);
}
