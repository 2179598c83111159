// Auto-closing tags as you type in TRSX and GrXML: after the `>` of an open tag, its close tag; after `</`, the
// name of the element still open there. The editor inserts the text with the cursor left before it.

import { tagContextAt } from './cursorContext';

/** After typing `>` at `offset - 1`: the close tag to insert (`</name>`), or undefined. */
export function closeTagAfterGt(text: string, offset: number): string | undefined {
  if (text.charCodeAt(offset - 1) !== 0x3e || text.charCodeAt(offset - 2) === 0x2f) return undefined; // '>' not '/>'
  const before = tagContextAt(text, offset - 1);
  if (
    before.kind !== 'elementName' &&
    before.kind !== 'attributeName' &&
    !(before.kind === 'none' && isPlainTag(text, offset))
  )
    return undefined;
  if (tagContextAt(text, offset).kind !== 'content') return undefined;
  const lt = text.lastIndexOf('<', offset - 1);
  const m = /^<([A-Za-z_][\w.:-]*)/.exec(text.slice(lt, offset));
  if (!m) return undefined;
  const name = m[1] as string;
  if (text.startsWith(`</${name}>`, offset)) return undefined;
  return `</${name}>`;
}

/** `<name attr="v">`: a tag whose last attribute value was just closed also counts. */
function isPlainTag(text: string, offset: number): boolean {
  const lt = text.lastIndexOf('<', offset - 1);
  return lt !== -1 && /^<[A-Za-z_][\w.:-]*(\s+[\w.:-]+\s*=\s*("[^"<]*"|'[^'<]*'))*\s*>$/.test(text.slice(lt, offset));
}

/** After typing `</` (the `/` at `offset - 1`): the element name and `>` to complete it with, given the open elements there. */
export function closeNameAfterSlash(text: string, offset: number, openElements: readonly string[]): string | undefined {
  if (text.charCodeAt(offset - 1) !== 0x2f || text.charCodeAt(offset - 2) !== 0x3c) return undefined;
  const name = openElements[openElements.length - 1];
  if (name === undefined) return undefined;
  const next = text.charCodeAt(offset);
  if (!Number.isNaN(next) && /[\w.:-]/.test(String.fromCharCode(next))) return undefined; // a name is already there
  return `${name}>`;
}
