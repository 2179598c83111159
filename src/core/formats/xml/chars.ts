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
