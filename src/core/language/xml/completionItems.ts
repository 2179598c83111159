// Completion items every XML language (TRSX, GrXML) builds alike: the attributes a tag does not have yet; an
// attribute value's candidates, each replacing the whole quoted value and kept in the order given (sortText), not
// the client's alphabetical one; and the close tag of the innermost open element.

import type { LanguageDocument } from '../documents';
import type { CompletionItem } from '../types';
import type { TagContext } from './cursorContext';

/** The attributes among `names` the tag does not have yet, each inserted as `name="…"` with the cursor inside. */
export function attributeNameCompletions(
  context: Extract<TagContext, { kind: 'attributeName' }>,
  names: readonly string[],
): CompletionItem[] {
  return names
    .filter((name) => !context.present.includes(name))
    .map((name) => ({
      label: name,
      kind: 'attribute',
      range: context.range,
      insertText: `${name}="$1"`,
      snippet: true,
    }));
}

/** After `</`: the close tag of the element open there, with its `>` unless one is already written. */
export function closeTagCompletions(
  doc: LanguageDocument,
  context: Extract<TagContext, { kind: 'closeTag' }>,
): CompletionItem[] {
  const open = doc.elementPathAt(context.tagStart);
  const name = open[open.length - 1];
  if (name === undefined) return [];
  const closed = doc.charCodeAt(context.range.end) === 0x3e; // '>' already there
  return [
    {
      label: `/${name}`,
      kind: 'closeTag',
      range: context.range,
      insertText: closed ? name : `${name}>`,
      detail: `closes <${name}>`,
    },
  ];
}

/** Width of the sort keys: lists are far shorter than 100000 values. */
const SORT_WIDTH = 5;

export interface ValueCompletionOptions {
  detail?: (value: string) => string | undefined;
  documentation?: (value: string) => string | undefined;
  /** The position of the first value, for a list that continues another one. */
  first?: number;
}

export function valueCompletions(
  context: Extract<TagContext, { kind: 'attributeValue' }>,
  values: Iterable<string>,
  kind: CompletionItem['kind'],
  options: ValueCompletionOptions = {},
): CompletionItem[] {
  const out: CompletionItem[] = [];
  let i = options.first ?? 0;
  for (const value of values) {
    const item: CompletionItem = {
      label: value,
      kind,
      range: context.range,
      insertText: value,
      sortText: String(i++).padStart(SORT_WIDTH, '0'),
    };
    const detail = options.detail?.(value);
    if (detail !== undefined) item.detail = detail;
    const documentation = options.documentation?.(value);
    if (documentation !== undefined) item.documentation = documentation;
    out.push(item);
  }
  return out;
}
