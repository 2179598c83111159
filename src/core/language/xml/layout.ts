// Layout-only XML formatting for any vocabulary: only the whitespace between the children of "structural"
// elements (the caller decides which: content that is elements only, where whitespace means nothing) is
// rewritten, one child per line, indented by depth. Tags are copied verbatim (attribute values keep their exact
// escaping), and every other element is copied byte for byte, because whitespace inside it may be data.
// Malformed input is returned unchanged: re-indenting a recovered tree could move content.

import { hasErrors } from '../../formats/diagnostic';
import { parseXml } from '../../formats/xml/scanner';
import { attributeValue, type XmlElement, type XmlNode } from '../../formats/xml/tree';

export interface LayoutOptions {
  /** One level of indentation (default two spaces). */
  indent?: string;
  /** True when the element's children may be laid out (the caller knows its content model). */
  structural: (el: XmlElement) => boolean;
}

function isLayoutWhitespace(n: XmlNode): boolean {
  return n.kind === 'text' && !n.cdata && n.value.trim() === '';
}

type Work = { node: XmlNode; depth: number; newline: boolean } | { close: XmlElement; depth: number; empty: boolean };

export function formatXmlLayout(text: string, options: LayoutOptions): string {
  const tree = parseXml(text);
  if (hasErrors(tree.errors) || !tree.root) return text;
  const unit = options.indent ?? '  ';
  const firstNewline = text.indexOf('\n');
  const eol = firstNewline > 0 && text.charCodeAt(firstNewline - 1) === 0x0d ? '\r\n' : '\n';
  const out: string[] = text.charCodeAt(0) === 0xfeff ? ['\ufeff'] : [];
  const slice = (start: number, end: number): string => text.slice(start, end);
  // Only whitespace text may be dropped: an element holding any other text (or CDATA) is copied as written.
  const canLayOut = (el: XmlElement): boolean =>
    !el.selfClosing &&
    el.closeTagRange !== undefined &&
    attributeValue(el, 'xml:space') !== 'preserve' &&
    el.children.every((c) => c.kind !== 'text' || isLayoutWhitespace(c)) &&
    options.structural(el);

  const work: Work[] = [];
  let first = true;
  for (const node of tree.children) {
    if (node.kind === 'text') continue; // only whitespace can be outside the root of a well-formed document
    if (!first) out.push(eol);
    first = false;
    work.push({ node, depth: 0, newline: false });
    // An explicit stack: grammars can nest deeply.
    while (work.length > 0) {
      const w = work.pop() as Work;
      if ('close' in w) {
        if (!w.empty) out.push(eol, unit.repeat(w.depth));
        const close = w.close.closeTagRange;
        if (close) out.push(slice(close.start, close.end));
        continue;
      }
      if (w.newline) out.push(eol, unit.repeat(w.depth));
      const n = w.node;
      if (n.kind !== 'element' || !canLayOut(n)) {
        out.push(slice(n.range.start, n.range.end));
        continue;
      }
      out.push(slice(n.openTagRange.start, n.openTagRange.end));
      const children = n.children.filter((c) => !isLayoutWhitespace(c));
      work.push({ close: n, depth: w.depth, empty: children.length === 0 });
      for (let i = children.length - 1; i >= 0; i--)
        work.push({ node: children[i] as XmlNode, depth: w.depth + 1, newline: true });
    }
  }
  out.push(eol);
  return out.join('');
}
