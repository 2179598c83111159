// The one owner of "is this utterance already a sample": callers' literals and TRSX sample text are compared
// after folding case, collapsing whitespace and dropping the punctuation the platform's tokenizer ignores
// (sentence marks and quotes; apostrophes and hyphens inside words are kept, "don't" is not "dont").
// Used by discover (not-in-training) and by the model-health report (normalized-identical conflicts).

/** Punctuation the tokenizer drops: it never splits or joins words, so it cannot make two samples differ. */
const IGNORED_PUNCTUATION = /[.,!?;:"“”„«»¿¡()[\]{}…]/g;
/** An apostrophe or hyphen not between two word characters (a quote mark or a dash), dropped too. */
const LOOSE_JOINERS = /(^|[^\p{L}\p{N}])['’\-–—]+|['’\-–—]+(?=[^\p{L}\p{N}]|$)/gu;
const WHITESPACE_RUN = /\s+/g;

/** The comparison key of an utterance or a sample's text: equal keys mean the same words. */
export function normalize(text: string): string {
  return text
    .normalize('NFC')
    .toLowerCase()
    .replace(/’/g, "'")
    .replace(IGNORED_PUNCTUATION, ' ')
    .replace(LOOSE_JOINERS, '$1 ')
    .replace(WHITESPACE_RUN, ' ')
    .trim();
}

/** The words of a normalized text (empty text: none). */
export function sampleTokens(normalized: string): string[] {
  return normalized === '' ? [] : normalized.split(' ');
}
