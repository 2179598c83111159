// The trained samples of one locale as the report keeps them: per sample only its intent, count and element
// range (typed arrays), and per distinct normalized text one group (the text, its first sample, whether its
// samples have more than one intent). A 50k-sample locale costs a few MB here instead of its model, and the
// rules that compare samples (counts, conflicts, near-duplicates) need nothing more; the few samples a
// finding quotes are read again from the file text (sampleAt).
import type { TextRange } from '../formats/diagnostic';
import { parseXml } from '../formats/xml/scanner';
import type { TrsxSample } from '../formats/trsx/model';
import { readSampleElements } from '../formats/trsx/read';
import { normalizedSampleText } from '../formats/trsx/sample-text';
import { emptyTrsxIndex } from '../formats/trsx/source-index';
import { normalize } from '../nlu/sampleText';

export function isTrained(sample: TrsxSample): boolean {
  return sample.excluded !== true;
}

/** The words a user would type, normalized; annotation boundaries are word breaks. */
export function normalizedWords(sample: TrsxSample): string {
  const c = sample.content;
  return normalize(c.length === 1 && typeof c[0] === 'string' ? c[0] : normalizedSampleText(c));
}

function grown<T extends Int32Array | Float64Array>(a: T, size: number): T {
  if (size < a.length) return a;
  const b = new (a.constructor as new (n: number) => T)(a.length * 2);
  b.set(a);
  return b;
}

export class SampleTable {
  /** Intent id → name, in order of first sample. */
  readonly intents: string[] = [];
  /** Per intent id: samples and the sum of their `count`. */
  readonly samplesOf: number[] = [];
  readonly weightOf: number[] = [];
  private readonly intentIds = new Map<string, number>();
  size = 0;
  private intent = new Int32Array(1024);
  private weight = new Float64Array(1024);
  private starts = new Int32Array(1024);
  private ends = new Int32Array(1024);
  /** Sample → group (-1: no words). */
  private group = new Int32Array(1024);
  /** Group id → normalized text, first sample, and whether its samples have several intents. */
  readonly texts: string[] = [];
  readonly firstOf: number[] = [];
  readonly mixed = new Set<number>();
  private readonly groupIds = new Map<string, number>();

  add(sample: TrsxSample, start: number, end: number): void {
    const k = this.size++;
    this.intent = grown(this.intent, k);
    this.weight = grown(this.weight, k);
    this.starts = grown(this.starts, k);
    this.ends = grown(this.ends, k);
    this.group = grown(this.group, k);
    let id = this.intentIds.get(sample.intentref);
    if (id === undefined) {
      this.intentIds.set(sample.intentref, id = this.intents.length);
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
    if (words === '') { this.group[k] = -1; return; }
    let g = this.groupIds.get(words);
    if (g === undefined) {
      this.groupIds.set(words, g = this.texts.length);
      this.texts.push(words);
      this.firstOf.push(k);
    } else if (this.intent[this.firstOf[g] as number] !== id) {
      this.mixed.add(g);
    }
    this.group[k] = g;
  }

  /** Drops the text → group lookup once every sample is in (the groups stay). */
  sealed(): this {
    this.groupIds.clear();
    return this;
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
export function sampleAt(text: string, range: TextRange): TrsxSample | undefined {
  const root = parseXml(text.slice(range.start, range.end)).root;
  return root && root.name === 'sample' ? readSampleElements([root], emptyTrsxIndex())[0] : undefined;
}
