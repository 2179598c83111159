// Token normalisation shared by the parser (grammar text → tokens) and the matcher (input → words).
// SRGS XML form: character data is a sequence of whitespace-separated tokens; a double-quoted run ("New York")
// or a <token> element is one token even when it holds spaces. Whitespace inside a token is normalized to one
// space. Voice tokens compare case-insensitively (after Unicode NFC), DTMF input is one key per character.

const WHITESPACE = /\s+/;

/** Collapses runs of whitespace to one space and trims. */
export function normalizeSpace(text: string): string {
  return isNormalAscii(text)
    ? text
    : text
        .split(WHITESPACE)
        .filter((w) => w.length > 0)
        .join(' ');
}

/** Printable ASCII with single inner spaces: already normalized (the usual case, checked without allocating). */
function isNormalAscii(text: string): boolean {
  const n = text.length;
  if (n === 0 || text.charCodeAt(0) === 0x20 || text.charCodeAt(n - 1) === 0x20) return n === 0;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x20 ? text.charCodeAt(i + 1) === 0x20 : c < 0x21 || c > 0x7e) return false;
  }
  return true;
}

/** Receives the tokens of a text (an object rather than a closure: the parser reuses one for every text node). */
export interface TokenSink {
  /**
   * `start`, `end`: offsets into the text (including the quotes of a quoted token). `quoted`: the token's
   * whitespace-normalized text, for a double-quoted run; undefined for a plain word, which is `text.slice(start,
   * end)` (not sliced here: the parser keeps most words as offsets into the document).
   */
  token(quoted: string | undefined, start: number, end: number): void;
}

/** Splits character data into tokens, giving each to `sink` (a sink rather than an array, as grammars hold many). */
export function tokenizeText(text: string, sink: TokenSink): void {
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (isSpace(c)) {
      i++;
      continue;
    }
    if (c === 0x22) {
      // '"': a quoted token runs to the next quote (or the end of the text)
      const close = text.indexOf('"', i + 1);
      const end = close === -1 ? n : close + 1;
      const inner = normalizeSpace(text.slice(i + 1, close === -1 ? n : close));
      if (inner.length > 0) sink.token(inner, i, end);
      i = end;
      continue;
    }
    let j = i + 1;
    while (j < n && !isSpace(text.charCodeAt(j)) && text.charCodeAt(j) !== 0x22) j++;
    sink.token(undefined, i, j);
    i = j;
  }
}

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x09 || c === 0x0d || c === 0xa0 || c === 0x3000;
}

/** Words of a voice input (or of a multi-word grammar token). */
export function splitWords(text: string): string[] {
  return text.split(WHITESPACE).filter((w) => w.length > 0);
}

/** The comparison key of a voice word: NFC, lower case (recognizers return words in any case). */
export function voiceKey(word: string): string {
  return word.normalize('NFC').toLowerCase();
}

const DTMF_KEY = /^[0-9*#A-D]$/;

export function isDtmfKey(ch: string): boolean {
  return DTMF_KEY.test(ch);
}

/** DTMF keys of a grammar token or an input ("1 2 3", "123", "*#"): whitespace ignored, a-d upper-cased. */
export function dtmfKeys(text: string): string[] {
  const keys: string[] = [];
  for (const ch of text) {
    if (/\s/.test(ch)) continue;
    keys.push(/[a-d]/.test(ch) ? ch.toUpperCase() : ch);
  }
  return keys;
}
