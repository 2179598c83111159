// The NLU build's artifact: a model's state as bytes. Layout: magic "CSNLU", format version (u8), the length of a
// JSON header (u32 LE), the header (UTF-8; everything but the number arrays, keys in a fixed order), zero padding to
// a multiple of 4, then the float32 arrays (LE) back to back: idf, weights, bias, word-vector scales; then the
// word vectors' int8 components. Loading copies the arrays out of the bytes (no parsing of numbers): fast, and the
// same state gives the same bytes on every machine.

import { EngineModel, NLU_FORMAT_VERSION, type ModelState } from './model';
import type { NluModel } from './types';

const MAGIC = 'CSNLU';

type Header = Omit<ModelState, 'idf' | 'weights' | 'bias' | 'vectors'> & {
  sizes: { idf: number; weights: number; bias: number };
  /** The word-vector table's words and dimensions (its numbers are in the binary part). */
  vectorWords?: string[];
  vectorDims?: number;
};

export function serializeNluModel(model: NluModel): Uint8Array {
  if (!(model instanceof EngineModel))
    throw new Error('serializeNluModel: the model was not made by trainNluModel or loadNluModel');
  const s = model.state;
  const header: Header = {
    locale: s.locale,
    english: s.english,
    charGrams: s.charGrams,
    features: s.features,
    denseScale: s.denseScale,
    intents: s.intents,
    temperature: s.temperature,
    confidenceFloor: s.confidenceFloor,
    samples: s.samples,
    totalWeight: s.totalWeight,
    entities: s.entities,
    intentEntities: s.intentEntities,
    freetext: s.freetext,
    sizes: { idf: s.idf.length, weights: s.weights.length, bias: s.bias.length },
    ...(s.vectors ? { vectorWords: s.vectors.words, vectorDims: s.vectors.dims } : {}),
  };
  const json = new TextEncoder().encode(JSON.stringify(header));
  const headerEnd = MAGIC.length + 1 + 4 + json.length;
  const dataStart = Math.ceil(headerEnd / 4) * 4;
  const scales = s.vectors?.scales ?? new Float32Array(0);
  const int8 = s.vectors?.data ?? new Int8Array(0);
  const floats = s.idf.length + s.weights.length + s.bias.length + scales.length;
  const bytes = new Uint8Array(dataStart + floats * 4 + int8.length);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < MAGIC.length; i++) bytes[i] = MAGIC.charCodeAt(i);
  bytes[MAGIC.length] = NLU_FORMAT_VERSION;
  view.setUint32(MAGIC.length + 1, json.length, true);
  bytes.set(json, MAGIC.length + 5);
  let at = dataStart;
  for (const array of [s.idf, s.weights, s.bias, scales]) {
    for (let i = 0; i < array.length; i++, at += 4) view.setFloat32(at, array[i] as number, true);
  }
  bytes.set(new Uint8Array(int8.buffer, int8.byteOffset, int8.length), at);
  return bytes;
}

export function loadNluModel(bytes: Uint8Array): NluModel {
  const magic = new TextDecoder('latin1').decode(bytes.subarray(0, MAGIC.length));
  if (magic !== MAGIC)
    throw new Error('loadNluModel: not an NLU model (bad magic); rebuild the model with this version');
  const version = bytes[MAGIC.length];
  if (version !== NLU_FORMAT_VERSION) {
    throw new Error(
      `loadNluModel: model format ${String(version)}, this engine reads format ${NLU_FORMAT_VERSION}; rebuild the model`,
    );
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const length = view.getUint32(MAGIC.length + 1, true);
  const header = JSON.parse(
    new TextDecoder().decode(bytes.subarray(MAGIC.length + 5, MAGIC.length + 5 + length)),
  ) as Header;
  let at = Math.ceil((MAGIC.length + 5 + length) / 4) * 4;
  const read = (n: number): Float32Array => {
    if (at + n * 4 > bytes.length) throw new Error('loadNluModel: the model is truncated; rebuild it');
    const out = new Float32Array(n);
    for (let i = 0; i < n; i++, at += 4) out[i] = view.getFloat32(at, true);
    return out;
  };
  const idf = read(header.sizes.idf);
  const weights = read(header.sizes.weights);
  const bias = read(header.sizes.bias);
  const { sizes: _sizes, vectorWords, vectorDims, ...rest } = header;
  if (vectorWords === undefined || vectorDims === undefined) return new EngineModel({ ...rest, idf, weights, bias });
  const scales = read(vectorWords.length);
  const count = vectorWords.length * vectorDims;
  if (at + count > bytes.length) throw new Error('loadNluModel: the model is truncated; rebuild it');
  const data = Int8Array.from(new Int8Array(bytes.buffer, bytes.byteOffset + at, count));
  return new EngineModel({
    ...rest,
    idf,
    weights,
    bias,
    vectors: { dims: vectorDims, words: vectorWords, data, scales },
  });
}
