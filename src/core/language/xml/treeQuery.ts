// Finding what is at an offset in a positioned XML tree: the chain of elements around it (binary search at each
// level, since a <samples> section can have 100k children) and the attribute, if any, the offset falls in.

import type { TextRange } from '../../formats/diagnostic';
import type { XmlAttribute, XmlDocument, XmlElement, XmlNode } from '../../formats/xml/tree';

export interface TreePosition {
  /** Elements enclosing the offset, outermost first (empty outside the root element). */
  path: XmlElement[];
  /** The innermost node containing the offset (an element, text, comment…), if any. */
  node?: XmlNode;
}

/** Start inclusive, end inclusive: a cursor right after the last character still "touches" a value. */
export function touches(range: TextRange, offset: number): boolean {
  return range.start <= offset && offset <= range.end;
}

function childAt(children: readonly XmlNode[], offset: number): XmlNode | undefined {
  let lo = 0;
  let hi = children.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const n = children[mid] as XmlNode;
    const { start, end } = n.range;
    if (offset < start) hi = mid - 1;
    else if (offset >= end) lo = mid + 1;
    else return n;
  }
  return undefined;
}

export function positionIn(tree: XmlDocument, offset: number): TreePosition {
  const path: XmlElement[] = [];
  let node = childAt(tree.children, offset);
  let found: XmlNode | undefined;
  while (node) {
    found = node;
    if (node.kind !== 'element') break;
    path.push(node);
    node = childAt(node.children, offset);
  }
  return found === undefined ? { path } : { path, node: found };
}

/** The innermost element whose open tag contains `offset`, with its enclosing elements. */
export function openTagAt(tree: XmlDocument, offset: number): { element: XmlElement; path: XmlElement[] } | undefined {
  const { path } = positionIn(tree, offset);
  const element = path[path.length - 1];
  if (!element || offset >= element.openTagRange.end) return undefined;
  return { element, path };
}

/** The attribute whose value (quotes excluded, end inclusive) contains `offset`. */
export function attributeValueAt(el: XmlElement, offset: number): XmlAttribute | undefined {
  for (const a of el.attributes) if (touches(a.valueRange, offset)) return a;
  return undefined;
}

/** The range of the element's name in its open tag. */
export function tagNameRange(el: XmlElement): TextRange {
  const start = el.openTagRange.start + 1;
  return { start, end: start + el.name.length };
}
