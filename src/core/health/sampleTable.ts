// The trained samples of one locale as the report keeps them: per sample only its intent, count and element
// range, and per distinct normalized text one group (its first sample, whether its samples have more than one
// intent, and its set of words as numbers), all in typed arrays (flatArrays.ts, given back when the locale is
// done): no string or object per sample or text outlives the scan (textKeys.ts), so reading a large file grows
// the heap little. A 50k-sample locale costs a
// few MB here instead of its model, and the rules that compare samples (counts, conflicts, near-duplicates)
// need nothing more; the few texts a finding quotes are read again from the file text (sampleAt).
import type { TextRange } from '../formats/diagnostic';
import { parseXml } from '../formats/xml/scanner';
import { flatCopy } from '../formats/xml/string-pool';
import type { TrsxSample } from '../formats/trsx/model';
import { readSampleElements } from '../formats/trsx/read';
import { sampleKey } from '../formats/trsx/sample-text';
import { emptyTrsxIndex } from '../formats/trsx/source-index';
import type { DocumentText } from '../formats/xml/textWindows';
import { ensureIndex, flatFloat64, flatInt32, release } from './flatArrays';
import { TextKeys } from './textKeys';

export function isTrained(sample: TrsxSample): boolean {
  return sample.excluded !== true;
}

/** The words a user would type, normalized; annotation boundaries are word breaks (the sample's identity). */
export function normalizedWords(sample: TrsxSample): string {
  return sampleKey(sample.content);
}

/** A copy of `a` twice as long (the one small per-text scratch array, kept plain: sorted in place per text). */
function widened(a: Int32Array): Int32Array {
  const wider = new Int32Array(a.length * 2);
  wider.set(a);
  return wider;
}

export class SampleTable {
  /** Intent id → name, in order of first sample. */
  readonly intents: string[] = [];
  /** Per intent id: samples and the sum of their `count`. */
  readonly samplesOf: number[] = [];
  readonly weightOf: number[] = [];
  private readonly intentIds = new Map<string, number>();
  size = 0;
  private intent = flatInt32(1024);
  private weight = flatFloat64(1024);
  private starts = flatInt32(1024);
  private ends = flatInt32(1024);
  /** Sample → group (-1: no words). */
  private group = flatInt32(1024);
  /** Group id → first sample (a flat array: a JS array growing to 50k numbers is garbage V8 copies young). */
  private firsts = flatInt32(1024);
  /** Groups whose samples have several intents. */
  readonly mixed = new Set<number>();
  private readonly keys = new TextKeys();
  /** Words numbered as first seen, and each group's distinct word numbers (ascending) as a slice of `tokens`. */
  readonly words: string[] = [];
  private readonly wordIds = new Map<string, number>();
  private tokens = flatInt32(4096);
  private tokenEnds = flatInt32(1024);
  private scratch: Int32Array = new Int32Array(64);

  /** `source`: the file text the ranges point into. */
  constructor(readonly source: DocumentText) {}

  add(sample: TrsxSample, start: number, end: number): void {
    const k = this.size++;
    this.intent = ensureIndex(this.intent, k);
    this.weight = ensureIndex(this.weight, k);
    this.starts = ensureIndex(this.starts, k);
    this.ends = ensureIndex(this.ends, k);
    this.group = ensureIndex(this.group, k);
    let id = this.intentIds.get(sample.intentref);
    if (id === undefined) {
      this.intentIds.set(sample.intentref, (id = this.intents.length));
      this.intents.push(sample.intentref);
      this.samplesOf.push(0);
      this.weightOf.push(0);
    }
    const weight = sample.count ?? 1;
    this.intent[k] = id;
    this.weight[k] = weight;
    this.starts[k] = start;
    this.ends[k] = end;
    (this.samplesOf[id] as number)++;
    (this.weightOf[id] as number) += weight;
    const words = normalizedWords(sample);
    this.group[k] = words === '' ? -1 : this.groupOf(words, k, id);
  }

  private groupOf(words: string, k: number, intent: number): number {
    const { id: g, isNew } = this.keys.idOf(words);
    if (isNew) {
      this.firsts = ensureIndex(this.firsts, g);
      this.firsts[g] = k;
      this.addTokens(g, words);
      return g;
    }
    const first = this.firsts[g] as number;
    if (this.intent[first] !== intent && !this.mixed.has(g)) {
      // Exact check before calling it a conflict: a text sharing 64 bits of hash with another is left out of the
      // comparisons (with another intent) or joins its group (same intent: at worst a near-duplicate unseen).
      if (this.wordsOf(g) !== words) return -1;
      this.mixed.add(g);
    }
    return g;
  }

  private addTokens(g: number, words: string): void {
    let n = 0;
    for (let i = 0; i < words.length; ) {
      let j = words.indexOf(' ', i);
      if (j < 0) j = words.length;
      const word = words.slice(i, j);
      let id = this.wordIds.get(word);
      if (id === undefined) {
        const own = flatCopy(word); // kept for the whole locale: not a view of the sample's text or the file's window
        this.wordIds.set(own, (id = this.words.length));
        this.words.push(own);
      }
      if (n === this.scratch.length) this.scratch = widened(this.scratch);
      this.scratch[n++] = id;
      i = j + 1;
    }
    const set = this.scratch.subarray(0, n).sort();
    let unique = 0;
    for (let i = 0; i < n; i++) if (i === 0 || set[i] !== set[i - 1]) set[unique++] = set[i] as number;
    const at = g === 0 ? 0 : (this.tokenEnds[g - 1] as number);
    this.tokens = ensureIndex(this.tokens, at + unique);
    this.tokens.set(set.subarray(0, unique), at);
    this.tokenEnds = ensureIndex(this.tokenEnds, g);
    this.tokenEnds[g] = at + unique;
  }

  /** How many groups (distinct normalized texts). */
  get groups(): number {
    return this.keys.size;
  }

  /** Where the group's distinct word numbers (ascending) begin in copyTokens(); they end where the next group's begin. */
  tokenStart(g: number): number {
    return g === 0 ? 0 : (this.tokenEnds[g - 1] as number);
  }

  tokenEnd(g: number): number {
    return this.tokenEnds[g] as number;
  }

  /**
   * Every group's word numbers, one after the other, as a plain Int32Array: the near-duplicate pass runs its hot
   * loops on it, and V8 (11.3) reads arrays on resizable buffers ~20% slower (bench/report).
   */
  copyTokens(): Int32Array {
    return this.tokens.slice(0, this.groups === 0 ? 0 : (this.tokenEnds[this.groups - 1] as number));
  }

  /** The group's normalized text, read again from the file. */
  wordsOf(g: number): string {
    const sample = sampleAt(this.source, this.rangeOf(this.firstOf(g)));
    return sample ? normalizedWords(sample) : '';
  }

  /** Gives the table's arrays back (flatArrays.ts) once its locale's rules have run; the table is empty after. */
  release(): void {
    release(this.intent, this.weight, this.starts, this.ends, this.group, this.firsts, this.tokens, this.tokenEnds);
    this.keys.release();
    this.size = 0;
  }

  /** Drops the word → number lookup once every sample is in (the groups and `words` stay). */
  sealed(): this {
    this.wordIds.clear();
    return this;
  }

  /** The first sample of group `g`. */
  firstOf(g: number): number {
    return this.firsts[g] as number;
  }

  intentOf(k: number): string {
    return this.intents[this.intent[k] as number] as string;
  }

  weightOfSample(k: number): number {
    return this.weight[k] as number;
  }

  rangeOf(k: number): TextRange {
    return { start: this.starts[k] as number, end: this.ends[k] as number };
  }

  /** The samples of each mixed group, in document order (one pass over the table). */
  mixedMembers(): Map<number, number[]> {
    const out = new Map<number, number[]>();
    if (this.mixed.size === 0) return out;
    for (const g of this.mixed) out.set(g, []);
    for (let k = 0; k < this.size; k++) out.get(this.group[k] as number)?.push(k);
    return out;
  }
}

/** Sample `k` read again from the file text (for what a finding quotes; a handful per report). */
export function sampleAt(source: DocumentText, range: TextRange): TrsxSample | undefined {
  const root = parseXml(source.slice(range.start, range.end)).root;
  return root && root.name === 'sample' ? readSampleElements([root], emptyTrsxIndex())[0] : undefined;
}
