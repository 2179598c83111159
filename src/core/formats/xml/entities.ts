// Entity and character-reference handling. Only the 5 predefined entities and numeric character
// references are expanded: anything declared in a DTD stays unexpanded and is reported, which makes
// entity-expansion attacks (billion laughs) and external entities inert by construction.

import { isXmlChar } from './chars';
import type { XmlCode } from './codes';

export type XmlReport = (code: XmlCode, message: string, start: number, end: number) => void;

const PREDEFINED: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Longest reference we look for a `;` in; real references are far shorter. */
const MAX_REF_LENGTH = 40;

function parseCharRef(body: string): number | undefined {
  const hex = body.charCodeAt(1) === 0x78; // '#x'
  const digits = body.slice(hex ? 2 : 1);
  if (digits.length === 0 || !(hex ? /^[0-9a-fA-F]+$/ : /^[0-9]+$/).test(digits)) return undefined;
  const cp = parseInt(digits, hex ? 16 : 10);
  return isXmlChar(cp) ? cp : undefined;
}

/** A reference at an `&`: its name or `#…` body, where it ends (after the `;`), and the text XML expands it to. */
export interface XmlReference {
  body: string;
  end: number;
  /** Undefined when XML does not expand it: an entity other than the five predefined, a bad character reference. */
  text: string | undefined;
}

/**
 * The reference starting at `raw[at]` (an `&`), read as the parser reads it; undefined when no `;` closes it within
 * `limit` (a bare `&`). The one decoding of references: the parser and the editors that map raw text ask here.
 */
export function readReference(raw: string, at: number, limit: number = raw.length): XmlReference | undefined {
  let j = at + 1;
  const stop = Math.min(limit, at + MAX_REF_LENGTH);
  while (j < stop) {
    const d = raw.charCodeAt(j);
    if (d === 0x3b || d <= 0x20 || d === 0x26 || d === 0x3c) break;
    j++;
  }
  if (j >= limit || raw.charCodeAt(j) !== 0x3b || j === at + 1) return undefined;
  const body = raw.slice(at + 1, j);
  let text: string | undefined;
  if (body.charCodeAt(0) === 0x23) {
    // '#'
    const cp = parseCharRef(body);
    text = cp === undefined ? undefined : String.fromCodePoint(cp);
  } else text = PREDEFINED[body];
  return { body, end: j + 1, text };
}

/**
 * Unescapes text or an attribute value found at `offset` in the document, reporting bad references.
 * Line endings become `\n` (text) and whitespace characters become spaces (attributes), as XML requires.
 */
export function decodeXmlValue(raw: string, offset: number, report: XmlReport, attribute: boolean): string {
  if (
    raw.indexOf('&') === -1 &&
    raw.indexOf('\r') === -1 &&
    (!attribute || (raw.indexOf('\n') === -1 && raw.indexOf('\t') === -1))
  )
    return raw;
  let out = '';
  let runStart = 0;
  const n = raw.length;
  for (let i = 0; i < n; i++) {
    const c = raw.charCodeAt(i);
    if (c === 0x0d || (attribute && (c === 0x0a || c === 0x09))) {
      out += raw.slice(runStart, i) + (attribute ? ' ' : '\n');
      if (c === 0x0d && raw.charCodeAt(i + 1) === 0x0a) i++;
      runStart = i + 1;
      continue;
    }
    if (c !== 0x26) continue; // '&'
    out += raw.slice(runStart, i);
    const ref = readReference(raw, i);
    if (!ref) {
      report('XML009', "Bare '&' (write '&amp;' for a literal ampersand).", offset + i, offset + i + 1);
      out += '&';
      runStart = i + 1;
      continue;
    }
    if (ref.text !== undefined) out += ref.text;
    else {
      if (ref.body.charCodeAt(0) === 0x23)
        report('XML009', `Invalid character reference '&${ref.body};'.`, offset + i, offset + ref.end);
      else
        report(
          'XML008',
          `Undefined entity '&${ref.body};': only &amp; &lt; &gt; &quot; &apos; and numeric references are expanded. Write the text literally instead.`,
          offset + i,
          offset + ref.end,
        );
      out += raw.slice(i, ref.end);
    }
    i = ref.end - 1;
    runStart = ref.end;
  }
  return out + raw.slice(runStart);
}

/** Escapes text content: `&`, `<`, `>` (the latter so `]]>` can never appear), and `\r` (kept through parsing). */
export function escapeXmlText(s: string): string {
  if (!/[&<>\r]/.test(s)) return s;
  return s.replace(/[&<>\r]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&#13;'));
}

/** Escapes a double-quoted attribute value, including whitespace that attribute normalization would change. */
export function escapeXmlAttribute(s: string): string {
  if (!/[&<>"\r\n\t]/.test(s)) return s;
  return s.replace(/[&<>"\r\n\t]/g, (c) => {
    switch (c) {
      case '&':
        return '&amp;';
      case '<':
        return '&lt;';
      case '>':
        return '&gt;';
      case '"':
        return '&quot;';
      case '\r':
        return '&#13;';
      case '\n':
        return '&#10;';
      default:
        return '&#9;';
    }
  });
}
