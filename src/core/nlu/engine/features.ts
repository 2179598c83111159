// What the classifier sees of a text: words, their stems, stem bigrams and character 3-5-grams of each word (these
// carry misspellings and word forms the stemmer misses), weighted by sublinear TF-IDF and L2-normalized. The
// vocabulary is chosen at training time (document frequency, capped so that a large locale's model stays small)
// and stored in the model; unknown features are dropped at interpretation.

import { stemOf, type Token } from './text';
import { addWordVector, wordIndex, type WordVectorTable } from './wordVectors';

export interface SparseVector {
  /** Feature indices, ascending, distinct. */
  indices: Int32Array;
  values: Float32Array;
}

export interface FeatureSpace {
  english: boolean;
  charGrams: boolean;
  /** Feature string → index (indices follow the sorted feature strings: deterministic). */
  index: Map<string, number>;
  idf: Float32Array;
  /** Word vectors: their IDF-weighted mean is appended as `dims` dense features after the sparse ones. */
  vectors?: WordVectorTable;
  /** Length of the dense part (the sparse part has length 1). */
  denseScale: number;
}

/** How many features a space has: its vocabulary, then the dense dimensions. */
export function featureCount(space: FeatureSpace): number {
  return space.idf.length + (space.vectors?.dims ?? 0);
}

const MIN_GRAM = 3;
const MAX_GRAM = 5;

/**
 * The feature strings of a text's tokens, repeats kept (they count as term frequency). `charGrams` off (large
 * locales): their many samples already cover the word forms, and the grams would be most of the training work.
 */
export function featureKeys(tokens: readonly Token[], english: boolean, charGrams = true): string[] {
  const keys: string[] = [];
  let previous = '<s>';
  for (const t of tokens) {
    const s = stemOf(t.key, english);
    keys.push(`w ${t.key}`);
    if (s !== t.key) keys.push(`s ${s}`);
    keys.push(`b ${previous} ${s}`);
    previous = s;
    if (!charGrams) continue;
    const padded = `<${t.key}>`;
    for (let n = MIN_GRAM; n <= MAX_GRAM; n++) {
      for (let i = 0; i + n <= padded.length; i++) keys.push(`c ${padded.slice(i, i + n)}`);
    }
  }
  if (tokens.length > 0) keys.push(`b ${previous} </s>`);
  return keys;
}

/** Word-level keys only (no character n-grams): what "the model knows this word" means for out-of-domain checks. */
export function isWordFeature(key: string): boolean {
  return key.charCodeAt(0) !== 0x63; // 'c'
}

export interface SpaceOptions {
  /** Features seen in fewer samples are dropped (1 keeps all). */
  minDf: number;
  /** At most this many features, the most frequent kept (ties by string order). */
  maxFeatures: number;
}

/** Picks the vocabulary from the training texts' keys and computes smoothed IDF. */
export function buildFeatureSpace(
  keysPerSample: readonly (readonly string[])[],
  english: boolean,
  charGrams: boolean,
  options: SpaceOptions,
  vectors?: WordVectorTable,
  denseScale = 0,
): FeatureSpace {
  const df = new Map<string, number>();
  for (const keys of keysPerSample) {
    for (const k of new Set(keys)) df.set(k, (df.get(k) ?? 0) + 1);
  }
  let kept = [...df].filter(([, n]) => n >= options.minDf);
  if (kept.length > options.maxFeatures) {
    kept.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    kept = kept.slice(0, options.maxFeatures);
  }
  kept.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const n = keysPerSample.length;
  const index = new Map<string, number>();
  const idf = new Float32Array(kept.length);
  kept.forEach(([k, d], i) => {
    index.set(k, i);
    idf[i] = Math.log((1 + n) / (1 + d)) + 1;
  });
  return { english, charGrams, index, idf, ...(vectors ? { vectors } : {}), denseScale };
}

/**
 * Sublinear TF-IDF, L2-normalized (features outside the space are dropped), then the dense part: the mean of the
 * words' vectors weighted by their IDF (a word the samples never had weighs as the rarest one), normalized to
 * `denseScale`.
 */
export function vectorizeKeys(space: FeatureSpace, keys: readonly string[], tokens?: readonly Token[]): SparseVector {
  const tf = new Map<number, number>();
  for (const k of keys) {
    const i = space.index.get(k);
    if (i !== undefined) tf.set(i, (tf.get(i) ?? 0) + 1);
  }
  const indices = Int32Array.from([...tf.keys()].sort((a, b) => a - b));
  const values = new Float32Array(indices.length);
  let norm = 0;
  for (let j = 0; j < indices.length; j++) {
    const i = indices[j] as number;
    const v = (1 + Math.log(tf.get(i) as number)) * (space.idf[i] as number);
    values[j] = v;
    norm += v * v;
  }
  if (norm > 0) {
    const scale = 1 / Math.sqrt(norm);
    for (let j = 0; j < values.length; j++) values[j] = (values[j] as number) * scale;
  }
  const dense = space.vectors && tokens ? denseMean(space, space.vectors, tokens) : undefined;
  if (!dense) return { indices, values };
  const base = space.idf.length;
  const all = new Int32Array(indices.length + dense.length);
  const allValues = new Float32Array(indices.length + dense.length);
  all.set(indices);
  allValues.set(values);
  for (let d = 0; d < dense.length; d++) {
    all[indices.length + d] = base + d;
    allValues[indices.length + d] = dense[d] as number;
  }
  return { indices: all, values: allValues };
}

const maxIdfCache = new WeakMap<Float32Array, number>();

function denseMean(space: FeatureSpace, vectors: WordVectorTable, tokens: readonly Token[]): Float64Array | undefined {
  let rarest = maxIdfCache.get(space.idf);
  if (rarest === undefined) {
    rarest = 1;
    for (const v of space.idf) if (v > rarest) rarest = v;
    maxIdfCache.set(space.idf, rarest);
  }
  const sum = new Float64Array(vectors.dims);
  let any = false;
  for (const t of tokens) {
    const f = space.index.get(`w ${t.key}`);
    const weight = f === undefined ? rarest : (space.idf[f] as number);
    const whole = wordIndex(vectors, t.key);
    for (const part of whole === -1 ? vectorWords(t.key) : [t.key]) {
      const i = part === t.key ? whole : wordIndex(vectors, part);
      if (i === -1) continue;
      addWordVector(vectors, i, weight, sum);
      any = true;
    }
  }
  if (!any) return undefined;
  let norm = 0;
  for (const x of sum) norm += x * x;
  const scale = space.denseScale / Math.sqrt(norm);
  for (let d = 0; d < sum.length; d++) sum[d] = (sum[d] as number) * scale;
  return sum;
}

/**
 * The words a token missing from the table is looked up as: a contraction as the vectors' corpus split it ("don't"
 * → "do" + "n't", "what's" → "what" + "'s").
 */
function vectorWords(key: string): string[] {
  const apostrophe = key.indexOf("'");
  if (apostrophe <= 0) return [key];
  if (key.endsWith("n't") && apostrophe === key.length - 2) return [key.slice(0, -3), "n't"];
  return [key.slice(0, apostrophe), key.slice(apostrophe)];
}

/** Cosine of two L2-normalized sparse vectors (a merge over the ascending indices). */
export function sparseDot(a: SparseVector, b: SparseVector): number {
  let i = 0;
  let j = 0;
  let sum = 0;
  while (i < a.indices.length && j < b.indices.length) {
    const x = a.indices[i] as number;
    const y = b.indices[j] as number;
    if (x === y) {
      sum += (a.values[i] as number) * (b.values[j] as number);
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  return sum;
}
