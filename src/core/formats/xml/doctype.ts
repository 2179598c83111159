// DOCTYPE recording, and the XML declaration. The DOCTYPE is parsed only far enough to know where it ends,
// its root name, its external id and the entity names it declares, so they can be reported. Nothing is
// expanded and no external subset is ever read.

import { scanName, skipWhitespace } from './chars';
import type { XmlReport } from './entities';
import type { XmlDeclaration, XmlDoctype } from './tree';

const ENTITY_DECL = /<!ENTITY\s+(?:%\s+)?([^\s>]+)/g;
const DECLARATION_ATTRIBUTE = /([A-Za-z]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/** The pseudo-attributes of `<?xml … ?>` (`data`: what follows the target), from `start` to `end`. */
export function parseXmlDeclaration(data: string, start: number, end: number, report: XmlReport): XmlDeclaration {
  const decl: XmlDeclaration = { range: { start, end } };
  // exec from lastIndex 0 rather than matchAll, which clones the expression for every document read.
  DECLARATION_ATTRIBUTE.lastIndex = 0;
  for (let m = DECLARATION_ATTRIBUTE.exec(data); m !== null; m = DECLARATION_ATTRIBUTE.exec(data)) {
    const value = m[2] ?? m[3] ?? '';
    if (m[1] === 'version') decl.version = value;
    else if (m[1] === 'encoding') decl.encoding = value;
    else if (m[1] === 'standalone') decl.standalone = value;
    else report('XML013', `Unknown XML declaration attribute '${m[1]}'.`, start, end);
  }
  if (decl.version === undefined) report('XML013', 'The XML declaration must state version="1.0".', start, end);
  return decl;
}

/** Scans `<!DOCTYPE ...>` starting at `lt`; returns the node (its range ends after the closing `>`). */
export function scanDoctype(text: string, lt: number, report: XmlReport): XmlDoctype {
  const n = text.length;
  let p = skipWhitespace(text, lt + 9);
  const nameEnd = scanName(text, p);
  const name = text.slice(p, nameEnd);
  if (nameEnd === p) report('XML005', 'DOCTYPE without a root element name.', lt, lt + 9);
  p = skipWhitespace(text, nameEnd);
  const externalStart = p;
  let subsetStart = -1;
  let subsetEnd = -1;
  let end = -1;
  while (p < n) {
    const c = text.charCodeAt(p);
    if (c === 0x22 || c === 0x27) {
      // quoted literal: skip to its closing quote
      const q = text.indexOf(c === 0x22 ? '"' : "'", p + 1);
      p = q === -1 ? n : q + 1;
    } else if (c === 0x5b && subsetStart === -1) {
      // '[' internal subset
      subsetStart = p + 1;
      p = scanInternalSubset(text, subsetStart);
      subsetEnd = p;
      if (p < n) p++;
    } else if (c === 0x3e) {
      // '>'
      end = p + 1;
      break;
    } else p++;
  }
  if (end === -1) {
    report('XML001', "DOCTYPE is not terminated by '>'.", lt, n);
    end = n;
  }
  const externalEnd = subsetStart === -1 ? end - 1 : subsetStart - 1;
  const externalId = text.slice(externalStart, Math.max(externalStart, externalEnd)).trim();
  const internalSubset = subsetStart === -1 ? undefined : text.slice(subsetStart, subsetEnd);
  const entityNames: string[] = [];
  if (internalSubset !== undefined)
    for (const m of internalSubset.matchAll(ENTITY_DECL)) entityNames.push(m[1] as string);
  const node: XmlDoctype = { kind: 'doctype', name, entityNames, range: { start: lt, end } };
  if (externalId) node.externalId = externalId;
  if (internalSubset !== undefined) node.internalSubset = internalSubset;
  // A DOCTYPE is legitimate (SRGS 1.0 §4.1 recommends one for grammars): its external DTD is simply never fetched,
  // which needs no remark. Only declared entities, which are never expanded, are worth one (XML017).
  if (entityNames.length > 0) {
    report(
      'XML017',
      `DOCTYPE declares ${entityNames.length} entit${entityNames.length === 1 ? 'y' : 'ies'} (${entityNames.slice(0, 5).join(', ')}${entityNames.length > 5 ? ', …' : ''}); entities are never expanded and external entities and DTDs are not fetched, so references to them are errors.`,
      lt,
      end,
    );
  }
  return node;
}

/** Returns the index of the `]` closing the internal subset (or text length), skipping quoted literals and comments. */
function scanInternalSubset(text: string, p: number): number {
  const n = text.length;
  while (p < n) {
    const c = text.charCodeAt(p);
    if (c === 0x5d) return p; // ']'
    if (c === 0x22 || c === 0x27) {
      const q = text.indexOf(c === 0x22 ? '"' : "'", p + 1);
      p = q === -1 ? n : q + 1;
    } else if (c === 0x3c && text.startsWith('<!--', p)) {
      const e = text.indexOf('-->', p + 4);
      p = e === -1 ? n : e + 3;
    } else p++;
  }
  return n;
}
