// Open and close tags: names, attributes and their positions, with recovery that always advances.

import { scanName, skipWhitespace } from './chars';
import { decodeXmlValue, type XmlReport } from './entities';
import type { StringPool } from './string-pool';
import { ScannedAttribute, ScannedElement, type AttributeSource } from './nodes';
import type { XmlAttribute, XmlNode } from './tree';

/** Children of an element whose close tag has not been reached yet; the scanner replaces it (never mutated). */
export const CHILDREN_PENDING: XmlNode[] = Object.freeze([]) as unknown as XmlNode[];

/**
 * Scans the open tag at `lt` (whose name is known to end at `nameEnd`); `range.end` is the tag end.
 * `scratch` is an empty array the caller lends for collecting attributes (left empty again on return).
 * `recycled`: a finished element nobody references any more, to be filled in rather than a new one made.
 * `lazy`: the element keeps no attribute objects and scans them again from there when asked (AttributeSource).
 */
export function scanOpenTag(
  text: string,
  lt: number,
  nameEnd: number,
  report: XmlReport,
  pool: StringPool,
  scratch: ScannedAttribute[],
  recycled?: ScannedElement,
  lazy?: AttributeSource,
): ScannedElement {
  const name = pool.slice(lt + 1, nameEnd);
  const attributes = scratch;
  const scanned = scanAttributes(text, lt, nameEnd, name, report, pool, attributes);
  const selfClosing = scanned % 2 === 1;
  const p = (scanned - (selfClosing ? 1 : 0)) / 2;
  if (recycled) {
    const own = recycled.attributeStore as XmlAttribute[]; // the recycled element's own array: refilled (never lazy)
    while (own.length > attributes.length) own.pop();
    for (let i = 0; i < attributes.length; i++) own[i] = attributes[i] as ScannedAttribute;
    while (attributes.length > 0) attributes.pop();
    return recycled.reuse(name, selfClosing ? [] : CHILDREN_PENDING, lt, p, selfClosing);
  }
  // An array grown by push keeps spare capacity (17 slots after the first push): the attributes are collected
  // in the reused scratch array and copied once at their exact size, which matters on files with 100k elements.
  const own: XmlAttribute[] | AttributeSource = lazy ?? (attributes.length === 0 ? [] : attributes.slice());
  while (attributes.length > 0) attributes.pop(); // cheaper than setting length (a runtime call) for a few
  return new ScannedElement(name, own, selfClosing ? [] : CHILDREN_PENDING, lt, p, selfClosing);
}

/**
 * Scans the attributes of the open tag `<tag` at `lt` from `p` (just after its name) into `attributes`, reporting
 * what is malformed. Returns where the tag ends × 2, + 1 when it is self-closing (one number: this runs per element).
 */
function scanAttributes(
  text: string,
  lt: number,
  p: number,
  tag: string,
  report: XmlReport,
  pool: Pick<StringPool, 'slice'>,
  attributes: ScannedAttribute[],
): number {
  const n = text.length;
  let selfClosing = false;
  for (;;) {
    const before = p;
    p = skipWhitespace(text, p);
    if (p >= n) {
      report('XML001', `Tag <${tag}> is not terminated by '>'.`, lt, n);
      break;
    }
    const c = text.charCodeAt(p);
    if (c === 0x3e) {
      p++;
      break;
    } // '>'
    if (c === 0x2f && text.charCodeAt(p + 1) === 0x3e) {
      selfClosing = true;
      p += 2;
      break;
    } // '/>'
    if (c === 0x3c) {
      // '<': the tag was never closed; leave the '<' for the next token
      report('XML005', `Tag <${tag}> is missing its closing '>'.`, lt, p);
      break;
    }
    const aStart = p;
    const aNameEnd = scanName(text, p);
    if (aNameEnd === p) {
      report('XML005', `Unexpected character '${text[p]}' in tag <${tag}>.`, p, p + 1);
      p++;
      continue;
    }
    if (before === aStart)
      report(
        'XML005',
        `Missing whitespace before attribute '${text.slice(aStart, aNameEnd)}' in <${tag}>.`,
        aStart,
        aNameEnd,
      );
    const attribute = scanAttribute(text, aStart, aNameEnd, tag, report, pool);
    if (typeof attribute === 'number') {
      p = attribute;
      if (p >= n) break; // already reported as unterminated
      continue;
    }
    for (let i = 0; i < attributes.length; i++) {
      if ((attributes[i] as ScannedAttribute).name === attribute.name) {
        report(
          'XML006',
          `Attribute '${attribute.name}' is repeated on <${tag}>; keep only one.`,
          attribute.start,
          attribute.valueEnd + 1,
        );
        break;
      }
    }
    attributes.push(attribute);
    p = attribute.valueEnd + 1;
    if (p >= n) break;
  }
  return p * 2 + (selfClosing ? 1 : 0);
}

const IGNORE_REPORTS: XmlReport = () => undefined;

/**
 * Scans an element's attributes again from the text, on each access: what parseXml's `lazyAttributes` gives
 * each element instead of attribute objects. The first scan reported what is malformed; this one reports nothing.
 */
export class RescannedAttributes implements AttributeSource {
  constructor(public text: string) {}

  read(el: ScannedElement): XmlAttribute[] {
    const out: ScannedAttribute[] = [];
    scanAttributes(this.text, el.start, el.start + 1 + el.name.length, el.name, IGNORE_REPORTS, this, out);
    return out;
  }

  /** Names and values are sliced afresh (no pool: they live as long as the caller's array). */
  slice(start: number, end: number): string {
    return this.text.slice(start, end);
  }
}

/** The attribute, or (when malformed, after reporting) the position to resume scanning at. */
function scanAttribute(
  text: string,
  start: number,
  nameEnd: number,
  tag: string,
  report: XmlReport,
  pool: Pick<StringPool, 'slice'>,
): ScannedAttribute | number {
  const name = pool.slice(start, nameEnd);
  let p = skipWhitespace(text, nameEnd);
  if (text.charCodeAt(p) !== 0x3d) {
    // '='
    report('XML005', `Attribute '${name}' on <${tag}> has no value; write ${name}="...".`, start, nameEnd);
    return nameEnd;
  }
  p = skipWhitespace(text, p + 1);
  const q = text.charCodeAt(p);
  if (q !== 0x22 && q !== 0x27) {
    report('XML005', `Value of attribute '${name}' on <${tag}> must be quoted.`, start, Math.min(text.length, p + 1));
    return skipUnquotedValue(text, p);
  }
  const quote = q === 0x22 ? '"' : "'";
  // One pass finds the closing quote and notes what needs work: references, whitespace to normalize, '<'.
  const n = text.length;
  let close = -1;
  let needsDecoding = false;
  let lessThan = -1;
  for (let i = p + 1; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === q) {
      close = i;
      break;
    }
    if (c === 0x26 || c === 0x0d || c === 0x0a || c === 0x09) needsDecoding = true;
    else if (c === 0x3c && lessThan === -1) lessThan = i;
  }
  if (close === -1) {
    report('XML001', `Value of attribute '${name}' on <${tag}> is not terminated by ${quote}.`, start, n);
    return n;
  }
  const rawValue = pool.slice(p + 1, close);
  if (lessThan !== -1)
    report('XML007', `'<' is not allowed in attribute values; write '&lt;' in '${name}'.`, lessThan, lessThan + 1);
  const value = needsDecoding ? decodeXmlValue(rawValue, p + 1, report, true) : rawValue;
  return ScannedAttribute.of(name, value, rawValue, quote, start, p + 1);
}

/** Skips an unquoted attribute value up to whitespace, `>`, `/>` or `<`. */
function skipUnquotedValue(text: string, p: number): number {
  const n = text.length;
  while (p < n) {
    const c = text.charCodeAt(p);
    if (c === 0x20 || c === 0x0a || c === 0x09 || c === 0x0d || c === 0x3e || c === 0x3c) break;
    if (c === 0x2f && text.charCodeAt(p + 1) === 0x3e) break;
    p++;
  }
  return p;
}

/** Scans `</name ... >` at `lt`; returns the name and the tag end. */
export function scanCloseTag(
  text: string,
  lt: number,
  report: XmlReport,
  pool: StringPool,
): { name: string; end: number } {
  const nameEnd = scanName(text, lt + 2);
  const name = pool.slice(lt + 2, nameEnd);
  let p = skipWhitespace(text, nameEnd);
  if (nameEnd > lt + 2 && text.charCodeAt(p) === 0x3e) return { name, end: p + 1 };
  report('XML005', name ? `Close tag </${name}> is malformed.` : 'Close tag without a name.', lt, Math.max(p, lt + 2));
  const gt = text.indexOf('>', p);
  const next = text.indexOf('<', p);
  if (gt !== -1 && (next === -1 || gt < next)) p = gt + 1;
  return { name, end: p };
}
