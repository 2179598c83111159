// The one owner of "is this utterance already a sample": callers' literals and TRSX sample text are compared
// after folding case, collapsing whitespace and dropping the punctuation the platform's tokenizer ignores
// (sentence marks and quotes; apostrophes and hyphens inside words are kept, "don't" is not "dont").
// Used by discover (not-in-training), the model-health report (normalized-identical conflicts) and, through
// trsx/sample-text.ts's sampleKey, the TRSX validator's "same sample under two intents" (TRSX033). It lives in
// formats because that validator, which the sandbox runs too, must not load the client's core/nlu.

/** Punctuation the tokenizer drops: it never splits or joins words, so it cannot make two samples differ. */
const IGNORED_PUNCTUATION = /[.,!?;:"“”„«»¿¡()[\]{}…]/g;
/** An apostrophe or hyphen not between two word characters (a quote mark or a dash), dropped too. */
const LOOSE_JOINERS = /(^|[^\p{L}\p{N}])['’\-–—]+|['’\-–—]+(?=[^\p{L}\p{N}]|$)/gu;
const WHITESPACE_RUN = /\s+/g;

/** The comparison key of an utterance or a sample's text: equal keys mean the same words. */
export function normalize(text: string): string {
  if (isOwnKey(text)) return text;
  return text
    .normalize('NFC')
    .toLowerCase()
    .replace(/’/g, "'")
    .replace(IGNORED_PUNCTUATION, ' ')
    .replace(LOOSE_JOINERS, '$1 ')
    .replace(WHITESPACE_RUN, ' ')
    .trim();
}

/**
 * Whether `text` is already its own key: lowercase a-z, digits and the lowercase letters of Latin-1 (ß-ÿ but ÷;
 * precomposed, so NFC leaves them), single spaces between words. Most sample texts are, and the six passes above
 * made six strings each: on a 100k-sample report that was an eighth of its time and much of its garbage.
 */
function isOwnKey(text: string): boolean {
  let afterSpace = true; // no leading space
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x20) {
      if (afterSpace) return false;
      afterSpace = true;
    } else if ((c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39) || (c >= 0xdf && c <= 0xff && c !== 0xf7))
      afterSpace = false;
    else return false;
  }
  return !afterSpace || text.length === 0; // no trailing space
}

/** The words of a normalized text (empty text: none). */
export function sampleTokens(normalized: string): string[] {
  return normalized === '' ? [] : normalized.split(' ');
}
