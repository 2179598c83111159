// What the user is typing at an offset, read from the text around it rather than from a parse tree: while
// markup is half-written (`<annotation conceptref="`), the document is not well-formed and its last good tree
// is out of date, but completion is needed exactly then. The enclosing elements come from the caller (the
// tree, or `openElementsBetween` over the edited span).

import type { TextRange } from '../../formats/diagnostic';

export type TagContext =
  /** After `<`: an element name is being typed (`range` covers the whole name under the cursor). */
  | { kind: 'elementName'; prefix: string; range: TextRange; tagStart: number }
  /** After `</`. */
  | { kind: 'closeTag'; prefix: string; range: TextRange; tagStart: number }
  | { kind: 'attributeName'; element: string; prefix: string; range: TextRange; present: string[]; tagStart: number }
  /** Inside a quoted value; `range` is the whole value between the quotes, `prefix` what precedes the cursor. */
  | { kind: 'attributeValue'; element: string; attribute: string; prefix: string; range: TextRange; tagStart: number }
  /** Character data between tags. */
  | { kind: 'content' }
  /** Inside a comment, CDATA section, processing instruction or DOCTYPE: nothing to suggest. */
  | { kind: 'none' };

/** How far back to look for an unterminated comment or CDATA section. */
const WINDOW = 64 * 1024;

function isNameChar(c: number): boolean {
  return (
    (c >= 0x61 && c <= 0x7a) ||
    (c >= 0x41 && c <= 0x5a) ||
    (c >= 0x30 && c <= 0x39) ||
    c === 0x5f ||
    c === 0x2d ||
    c === 0x2e ||
    c === 0x3a ||
    c > 0x7f
  );
}

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
}

function nameEnd(text: string, from: number): number {
  let i = from;
  while (i < text.length && isNameChar(text.charCodeAt(i))) i++;
  return i;
}

function insideUnterminated(text: string, offset: number, open: string, close: string): boolean {
  const from = Math.max(0, offset - WINDOW);
  const window = text.slice(from, offset);
  const o = window.lastIndexOf(open);
  return o !== -1 && window.indexOf(close, o + open.length) === -1;
}

export function tagContextAt(text: string, offset: number): TagContext {
  if (insideUnterminated(text, offset, '<!--', '-->') || insideUnterminated(text, offset, '<![CDATA[', ']]>'))
    return { kind: 'none' };
  const lt = text.lastIndexOf('<', offset - 1);
  if (lt === -1) return { kind: 'content' };
  const attrs = scanTag(text, lt, offset);
  if (attrs === 'closed') return { kind: 'content' };
  const next = text.charCodeAt(lt + 1);
  if (next === 0x21 || next === 0x3f) return { kind: 'none' }; // '<!', '<?'
  if (next === 0x2f) {
    // '</'
    const end = nameEnd(text, lt + 2);
    return {
      kind: 'closeTag',
      prefix: text.slice(lt + 2, offset),
      range: { start: lt + 2, end: Math.max(end, offset) },
      tagStart: lt,
    };
  }
  const elementEnd = nameEnd(text, lt + 1);
  if (offset <= elementEnd) {
    return {
      kind: 'elementName',
      prefix: text.slice(lt + 1, offset),
      range: { start: lt + 1, end: elementEnd },
      tagStart: lt,
    };
  }
  const element = text.slice(lt + 1, elementEnd);
  const present = attrs.attributes.map((a) => a.name);
  const inValue = attrs.attributes.find(
    (a) => a.valueStart !== -1 && a.valueStart <= offset && (a.valueEnd === -1 || offset <= a.valueEnd),
  );
  if (inValue) {
    const end = inValue.valueEnd === -1 ? valueEndAfter(text, offset, inValue.quote) : inValue.valueEnd;
    return {
      kind: 'attributeValue',
      element,
      attribute: inValue.name,
      prefix: text.slice(inValue.valueStart, offset),
      range: { start: inValue.valueStart, end },
      tagStart: lt,
    };
  }
  const typing = attrs.attributes.find((a) => a.nameStart <= offset && offset <= a.nameEnd);
  if (typing) {
    return {
      kind: 'attributeName',
      element,
      prefix: text.slice(typing.nameStart, offset),
      range: { start: typing.nameStart, end: typing.nameEnd },
      present: present.filter((p) => p !== typing.name),
      tagStart: lt,
    };
  }
  if (isSpace(text.charCodeAt(offset - 1))) {
    return {
      kind: 'attributeName',
      element,
      prefix: '',
      range: { start: offset, end: nameEnd(text, offset) },
      present,
      tagStart: lt,
    };
  }
  return { kind: 'none' };
}

interface ScannedAttribute {
  name: string;
  nameStart: number;
  nameEnd: number;
  quote: number;
  /** Just after the opening quote, or -1. */
  valueStart: number;
  /** The closing quote, or -1 (not closed before the tag ends). */
  valueEnd: number;
}

/**
 * Scans the tag starting at `lt` up to `offset`: 'closed' when a `>` ends it before the cursor, else its
 * attributes (those after the cursor too, up to where the tag ends, so present names are known).
 */
function scanTag(text: string, lt: number, offset: number): { attributes: ScannedAttribute[] } | 'closed' {
  const attributes: ScannedAttribute[] = [];
  let i = nameEnd(text, lt + (text.charCodeAt(lt + 1) === 0x2f ? 2 : 1));
  const limit = Math.min(text.length, offset + 4096);
  while (i < limit) {
    const c = text.charCodeAt(i);
    if (c === 0x3e) return i < offset ? 'closed' : { attributes }; // '>'
    if (c === 0x3c) return { attributes }; // the next tag starts: this one was never closed
    if (isSpace(c) || c === 0x2f) {
      i++;
      continue;
    }
    if (!isNameChar(c)) {
      i++;
      continue;
    }
    const start = i;
    const end = nameEnd(text, i);
    const attr: ScannedAttribute = {
      name: text.slice(start, end),
      nameStart: start,
      nameEnd: end,
      quote: 0,
      valueStart: -1,
      valueEnd: -1,
    };
    attributes.push(attr);
    i = end;
    while (i < limit && isSpace(text.charCodeAt(i))) i++;
    if (text.charCodeAt(i) !== 0x3d) continue; // '='
    i++;
    while (i < limit && isSpace(text.charCodeAt(i))) i++;
    const q = text.charCodeAt(i);
    if (q !== 0x22 && q !== 0x27) continue;
    attr.quote = q;
    attr.valueStart = i + 1;
    const close = text.indexOf(q === 0x22 ? '"' : "'", i + 1);
    const nextTag = text.indexOf('<', i + 1);
    if (close === -1 || (nextTag !== -1 && nextTag < close && close > offset)) {
      return { attributes }; // unterminated value: the cursor is in it (or past the end of the tag)
    }
    attr.valueEnd = close;
    i = close + 1;
  }
  return { attributes };
}

/** Where an unterminated value being typed ends: at the cursor, or before the next quote on the same line. */
function valueEndAfter(text: string, offset: number, quote: number): number {
  const lineEnd = text.indexOf('\n', offset);
  const close = text.indexOf(quote === 0x22 ? '"' : "'", offset);
  return close !== -1 && (lineEnd === -1 || close < lineEnd) ? close : offset;
}

/**
 * The element names open at `to`, given those open at `from` (`path`, outermost first) and the text between:
 * open tags push, close tags pop back to their element, self-closing tags, comments, CDATA and PIs do nothing.
 * Tolerant: an unfinished tag at the end is ignored, a close tag of an element that is not open is ignored.
 */
export function openElementsBetween(text: string, from: number, to: number, path: readonly string[]): string[] {
  const open = [...path];
  let i = text.indexOf('<', from);
  while (i !== -1 && i < to) {
    if (text.startsWith('<!--', i)) {
      i = skipPast(text, i, '-->', to);
      continue;
    }
    if (text.startsWith('<![CDATA[', i)) {
      i = skipPast(text, i, ']]>', to);
      continue;
    }
    const c = text.charCodeAt(i + 1);
    if (c === 0x3f || c === 0x21) {
      i = skipPast(text, i, '>', to);
      continue;
    }
    const closing = c === 0x2f;
    const nameStart = i + (closing ? 2 : 1);
    const end = nameEnd(text, nameStart);
    const name = text.slice(nameStart, end);
    const gt = tagEnd(text, end, to);
    if (gt === -1) break; // the tag being typed
    if (closing) {
      const at = open.lastIndexOf(name);
      if (at !== -1) open.length = at;
    } else if (name !== '' && text.charCodeAt(gt - 1) !== 0x2f) open.push(name);
    i = text.indexOf('<', gt + 1);
  }
  return open;
}

function skipPast(text: string, from: number, close: string, to: number): number {
  const end = text.indexOf(close, from);
  return end === -1 || end >= to ? -1 : text.indexOf('<', end + close.length);
}

/** The `>` ending a tag whose name ends at `from`, skipping quoted values; -1 when it does not end before `to`. */
function tagEnd(text: string, from: number, to: number): number {
  let quote = 0;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (quote !== 0) {
      if (c === quote) quote = 0;
      continue;
    }
    if (c === 0x22 || c === 0x27) quote = c;
    else if (c === 0x3e) return i;
    else if (c === 0x3c) return -1;
  }
  return -1;
}
