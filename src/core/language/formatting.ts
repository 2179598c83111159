// Document formatting, lossless: TRSX through the format's own `formatTrsx`, GrXML through the layout-only
// formatter with the SRGS content model (grammar, one-of, and rules or items that hold no words are laid out;
// words, tags, tokens and examples are kept byte for byte). The result is returned as small edits, one per
// whitespace run that changes, so undo and the cursor behave as after a hand edit.

import { localName } from '../formats/grxml/xmlNames';
import { formatTrsx } from '../formats/trsx/format';
import type { IndentSetting } from '../indentChoice';
import type { LanguageDocument } from './documents';
import type { TextEdit } from './types';
import { formatXmlLayout } from './xml/layout';

export interface FormattingOptions {
  tabSize: number;
  insertSpaces: boolean;
  /** `cstudio.format.indent` for TRSX: the file's own (`auto`, the default), the options above (`editor`), or a fixed unit. */
  trsxIndent?: IndentSetting;
}

/** SRGS elements whose children are elements only, or may be (rules and items without words). */
const GRXML_STRUCTURAL = new Set(['grammar', 'one-of', 'rule', 'item']);

export function formatGrxml(text: string, indent = '  '): string {
  return formatXmlLayout(text, { indent, structural: (el) => GRXML_STRUCTURAL.has(localName(el.name)) });
}

export function formattingEdits(doc: LanguageDocument, options: FormattingOptions): TextEdit[] {
  const size = Math.max(1, options.tabSize);
  const editorIndent = options.insertSpaces ? size : 'tab';
  // TRSX keeps the file's style unless the setting says otherwise (as `cstudio format` does, so both agree on
  // what "formatted" means); GrXML follows the editor's tabs-or-spaces choice.
  const trsxIndent = options.trsxIndent ?? 'auto';
  const formatted =
    doc.languageId === 'trsx'
      ? formatTrsx(doc.text, { indent: trsxIndent === 'editor' ? editorIndent : trsxIndent })
      : formatGrxml(doc.text, options.insertSpaces ? ' '.repeat(size) : '\t');
  return whitespaceEdits(doc.text, formatted);
}

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d || c === 0xfeff;
}

/**
 * The edits turning `before` into `after` when the two differ only in whitespace runs (what layout formatting
 * changes); one edit for the differing middle otherwise.
 */
export function whitespaceEdits(before: string, after: string): TextEdit[] {
  if (before === after) return [];
  const edits: TextEdit[] = [];
  let i = 0;
  let j = 0;
  while (i < before.length || j < after.length) {
    const a = before.charCodeAt(i);
    const b = after.charCodeAt(j);
    if (i < before.length && j < after.length && !isSpace(a) && a === b) {
      i++;
      j++;
      continue;
    }
    let i2 = i;
    while (i2 < before.length && isSpace(before.charCodeAt(i2))) i2++;
    let j2 = j;
    while (j2 < after.length && isSpace(after.charCodeAt(j2))) j2++;
    if (i2 === i && j2 === j) return [wholeEdit(before, after)]; // a non-whitespace difference
    const oldRun = before.slice(i, i2);
    const newRun = after.slice(j, j2);
    if (oldRun !== newRun) edits.push({ range: { start: i, end: i2 }, newText: newRun });
    i = i2;
    j = j2;
  }
  return edits;
}

function wholeEdit(before: string, after: string): TextEdit {
  let p = 0;
  while (p < before.length && p < after.length && before[p] === after[p]) p++;
  let q = 0;
  while (q < before.length - p && q < after.length - p && before[before.length - 1 - q] === after[after.length - 1 - q])
    q++;
  return { range: { start: p, end: before.length - q }, newText: after.slice(p, after.length - q) };
}
