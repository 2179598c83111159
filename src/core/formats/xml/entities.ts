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

/**
 * Unescapes text or an attribute value found at `offset` in the document, reporting bad references.
 * Line endings become `\n` (text) and whitespace characters become spaces (attributes), as XML requires.
 */
export function decodeXmlValue(raw: string, offset: number, report: XmlReport, attribute: boolean): string {
  if (raw.indexOf('&') === -1 && raw.indexOf('\r') === -1 &&
      (!attribute || (raw.indexOf('\n') === -1 && raw.indexOf('\t') === -1))) return raw;
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
    let j = i + 1;
    const limit = Math.min(n, i + MAX_REF_LENGTH);
    while (j < limit) {
      const d = raw.charCodeAt(j);
      if (d === 0x3b || d <= 0x20 || d === 0x26 || d === 0x3c) break;
      j++;
    }
    if (raw.charCodeAt(j) !== 0x3b || j === i + 1) {
      report('XML009', "Bare '&' (write '&amp;' for a literal ampersand).", offset + i, offset + i + 1);
      out += '&';
      runStart = i + 1;
      continue;
    }
    const body = raw.slice(i + 1, j);
    if (body.charCodeAt(0) === 0x23) { // '#'
      const cp = parseCharRef(body);
      if (cp === undefined) {
        report('XML009', `Invalid character reference '&${body};'.`, offset + i, offset + j + 1);
        out += raw.slice(i, j + 1);
      } else out += String.fromCodePoint(cp);
    } else {
      const rep = PREDEFINED[body];
      if (rep === undefined) {
        report('XML008', `Undefined entity '&${body};': only &amp; &lt; &gt; &quot; &apos; and numeric references are expanded. Write the text literally instead.`, offset + i, offset + j + 1);
        out += raw.slice(i, j + 1);
      } else out += rep;
    }
    i = j;
    runStart = j + 1;
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
      case '&': return '&amp;';
      case '<': return '&lt;';
      case '>': return '&gt;';
      case '"': return '&quot;';
      case '\r': return '&#13;';
      case '\n': return '&#10;';
      default: return '&#9;';
    }
  });
}
