// Text edits that add an element where a person would have written it: as the last child of a section, on its
// own line, indented like its siblings (or one level deeper than the section), turning `<concepts/>` into an
// open/close pair when needed; and edits that remove an element together with its line.

import type { XmlElement } from '../../formats/xml/tree';
import type { TextEdit } from '../types';

function lineStart(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

/** The whitespace before `offset` on its line (empty when something else precedes it). */
export function indentationAt(text: string, offset: number): string {
  const start = lineStart(text, offset);
  const before = text.slice(start, offset);
  return /^[ \t]*$/.test(before) ? before : '';
}

/** One indentation level as the document writes it (its first indented line), two spaces by default. */
export function indentUnit(text: string): string {
  const m = /\n([ \t]+)</.exec(text);
  const found = m?.[1] ?? '';
  if (found.startsWith('\t')) return '\t';
  return found.length > 0 && found.length <= 8 ? found : '  ';
}

export function lineEnding(text: string): string {
  const nl = text.indexOf('\n');
  return nl > 0 && text.charCodeAt(nl - 1) === 0x0d ? '\r\n' : '\n';
}

/** Inserts `markup` as the last child element of `parent`. */
export function appendChild(text: string, parent: XmlElement, markup: string): TextEdit {
  const eol = lineEnding(text);
  const parentIndent = indentationAt(text, parent.range.start);
  const lastChild = [...parent.children].reverse().find((c) => c.kind === 'element' || c.kind === 'comment');
  if (parent.selfClosing || !parent.closeTagRange) {
    const open = text.slice(parent.openTagRange.start, parent.openTagRange.end).replace(/\s*\/>$/, '>');
    const childIndent = parentIndent + indentUnit(text);
    return {
      range: parent.range,
      newText: `${open}${eol}${childIndent}${markup}${eol}${parentIndent}</${parent.name}>`,
    };
  }
  if (lastChild) {
    const indent = indentationAt(text, lastChild.range.start) || parentIndent + indentUnit(text);
    return { range: { start: lastChild.range.end, end: lastChild.range.end }, newText: `${eol}${indent}${markup}` };
  }
  const close = parent.closeTagRange.start;
  const childIndent = parentIndent + indentUnit(text);
  return {
    range: { start: parent.openTagRange.end, end: close },
    newText: `${eol}${childIndent}${markup}${eol}${parentIndent}`,
  };
}

/** Removes an element; when it is alone on its line, the line goes too. */
export function removeElement(text: string, el: XmlElement): TextEdit {
  const { start, end } = el.range;
  const ls = lineStart(text, start);
  const aloneBefore = /^[ \t]*$/.test(text.slice(ls, start));
  const nl = text.indexOf('\n', end);
  const lineEndAt = nl === -1 ? text.length : nl + 1;
  const aloneAfter = /^[ \t]*\r?\n?$/.test(text.slice(end, lineEndAt));
  if (aloneBefore && aloneAfter) return { range: { start: ls, end: lineEndAt }, newText: '' };
  return { range: { start, end }, newText: '' };
}
