// Lossless serialization of a positioned tree: names, attribute values, text and comments come from the
// nodes; only what the tree does not model (whitespace inside tags, `=`, DOCTYPE and PI bodies, and
// malformed leftovers the scanner skipped) is copied from the source between node positions.
// `serializeXml(parseXml(t)) === t` for every input, which proves the positions and raw fields exact.

import type { XmlDocument, XmlElement, XmlNode } from '../../../src/core/formats/xml/tree';

type Work = XmlNode | { close: XmlElement };

export function serializeXml(doc: XmlDocument): string {
  const { text } = doc;
  const parts: string[] = [];
  let cursor = 0;
  const copyTo = (to: number): void => {
    if (to > cursor) parts.push(text.slice(cursor, to));
    if (to > cursor) cursor = to;
  };
  const emit = (s: string, end: number): void => {
    parts.push(s);
    cursor = end;
  };
  // Explicit stack: trees can be thousands of levels deep.
  const work: Work[] = [...doc.children].reverse();
  while (work.length > 0) {
    const item = work.pop() as Work;
    if ('close' in item) {
      const el = item.close;
      if (el.closeTagRange) {
        copyTo(el.closeTagRange.start);
        emit(`</${el.name}`, el.closeTagRange.start + 2 + el.name.length);
      }
      copyTo(el.range.end);
      continue;
    }
    copyTo(item.range.start);
    switch (item.kind) {
      case 'element':
        emit(`<${item.name}`, item.range.start + 1 + item.name.length);
        for (const a of item.attributes) {
          copyTo(a.range.start);
          emit(a.name, a.nameRange.end);
          copyTo(a.valueRange.start - 1);
          emit(a.quote + a.rawValue + a.quote, a.range.end);
        }
        copyTo(item.openTagRange.end);
        work.push({ close: item });
        for (let i = item.children.length - 1; i >= 0; i--) work.push(item.children[i] as XmlNode);
        break;
      case 'text':
        emit(item.raw, item.range.end);
        break;
      case 'comment':
        emit(`<!--${item.value}`, item.range.start + 4 + item.value.length);
        copyTo(item.range.end);
        break;
      default:
        copyTo(item.range.end);
    }
  }
  copyTo(text.length);
  return parts.join('');
}
