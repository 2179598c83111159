// Character classes of the scanner, as lookup tables so the hot loops stay branch-light.

const NAME_START = 1;
const NAME_CHAR = 2;
const TABLE = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  if (/[A-Za-z_:]/.test(ch)) TABLE[c] = NAME_START | NAME_CHAR;
  else if (/[0-9.-]/.test(ch)) TABLE[c] = NAME_CHAR;
}

/** End of the XML name starting at `p` (== p when there is none). Non-ASCII counts as a name character. */
export function scanName(text: string, p: number): number {
  const n = text.length;
  if (p >= n) return p;
  const c0 = text.charCodeAt(p);
  if (c0 < 128 && ((TABLE[c0] as number) & NAME_START) === 0) return p;
  let i = p + 1;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c < 128 && ((TABLE[c] as number) & NAME_CHAR) === 0) break;
    i++;
  }
  return i;
}

/** XML 1.0's Char production (§2.2): what a document, or a character reference in it, may hold. */
export function isXmlChar(cp: number): boolean {
  return (
    cp === 0x9 ||
    cp === 0xa ||
    cp === 0xd ||
    (cp >= 0x20 && cp <= 0xd7ff) ||
    (cp >= 0xe000 && cp <= 0xfffd) ||
    (cp >= 0x10000 && cp <= 0x10ffff)
  );
}

/**
 * The characters of decoded text outside isXmlChar: C0 controls but tab, LF and CR (U+0000 among them), and
 * U+FFFE, U+FFFF. Decoded text has no lone surrogates (bad bytes become U+FFFD). A regex, for one fast pass.
 */
export const NOT_XML_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

export function isXmlWhitespace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x09 || c === 0x0d;
}

export function skipWhitespace(text: string, p: number): number {
  const n = text.length;
  while (p < n && isXmlWhitespace(text.charCodeAt(p))) p++;
  return p;
}

export function isWhitespaceOnly(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (!isXmlWhitespace(text.charCodeAt(i))) return false;
  return true;
}

/** Bits of `textRunFlags`. */
export const TEXT_WHITESPACE = 1;
export const TEXT_DECODE = 2;
export const TEXT_BRACKET = 4;

/**
 * What a text run holds, in one pass (the scanner asks for every text node): only XML whitespace
 * (TEXT_WHITESPACE), something to decode — a reference or a carriage return (TEXT_DECODE) — or a `]`
 * (TEXT_BRACKET, for the rare `]]>` check). Bits, so that nothing is allocated.
 */
export function textRunFlags(text: string, start: number, end: number): number {
  let flags = TEXT_WHITESPACE;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c > 0x20) {
      flags &= ~TEXT_WHITESPACE;
      if (c === 0x26)
        flags |= TEXT_DECODE; // '&'
      else if (c === 0x5d) flags |= TEXT_BRACKET; // ']'
    } else if (c === 0x0d) flags |= TEXT_DECODE;
    else if (c !== 0x20 && c !== 0x0a && c !== 0x09) flags &= ~TEXT_WHITESPACE;
  }
  return flags;
}
