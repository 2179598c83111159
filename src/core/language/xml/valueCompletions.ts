// The completion items of an attribute value in any XML language (TRSX, GrXML): each candidate replaces the
// whole quoted value, and the items keep the order they are given in (sortText), not the client's alphabetical one.

import type { CompletionItem } from '../types';
import type { TagContext } from './cursorContext';

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
