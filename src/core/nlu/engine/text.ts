// How the engine cuts text into words: each word keeps its character range in the original text (entity matches
// answer ranges), and its key (case folded, curly apostrophe straightened) is what features and lists compare.

import stem from 'wink-porter2-stemmer';

export interface Token {
  /** Case-folded word. */
  key: string;
  start: number;
  end: number;
}

/** Letters, digits and marks; an apostrophe or hyphen joins two of them ("don't", "e-mail"). */
const WORD = /[\p{L}\p{N}\p{M}]+(?:['’\-][\p{L}\p{N}\p{M}]+)*/gu;

export function tokenize(text: string): Token[] {
  const out: Token[] = [];
  for (const m of text.matchAll(WORD)) {
    const start = m.index;
    out.push({ key: m[0].toLowerCase().replace(/’/g, "'"), start, end: start + m[0].length });
  }
  return out;
}

/** Whether the Porter2 stemmer applies (it is English only; other locales keep whole words). */
export function stemsLocale(locale: string): boolean {
  return /^en(g)?([-_]|$)/i.test(locale);
}

/** The word's stem ("booking" → "book"), the word itself outside English. */
export function stemOf(word: string, english: boolean): string {
  if (!english) return word;
  // Contractions stem as their head ("what's" → "what"): the clitic rarely tells intents apart.
  const apostrophe = word.indexOf("'");
  return stem(apostrophe > 0 ? word.slice(0, apostrophe) : word);
}
