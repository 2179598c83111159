// A trained model: its state (plain data, what serialize.ts writes) and the NluModel answering from it.
// Interpretation: the text's features → the linear model's scores → softmax at the calibrated temperature → n-best;
// NO_INTENT leads when the text shares no word with the training data or the best intent's confidence is below the
// floor calibrated at training; each interpretation carries the entities linked to its intent.

import { scoresOf, softmaxInPlace } from './classifier';
import { EntityMatcher, type FreetextContext } from './entities';
import { featureKeys, isWordFeature, sparseDot, vectorizeKeys, type FeatureSpace, type SparseVector } from './features';
import { tokenize } from './text';
import type { WordVectorTable } from './wordVectors';
import type {
  EntityDefinition,
  InterpretOptions,
  InterpretResult,
  Interpretation,
  NearestSample,
  NluModel,
  NluModelInfo,
  SampleSource,
} from './types';
import { NO_INTENT } from './types';

/** Bumped whenever the state or its serialized form changes meaning. */
export const NLU_FORMAT_VERSION = 2;

export const DEFAULT_MAX_INTERPRETATIONS = 5;

export interface StoredSample {
  text: string;
  intent: string;
  source?: SampleSource;
}

export interface ModelState {
  locale: string;
  english: boolean;
  /** Whether features include character n-grams (not for large locales). */
  charGrams: boolean;
  /** Feature strings, sorted; `idf[i]` and weight row `i` belong to `features[i]`. */
  features: string[];
  idf: Float32Array;
  /** Word vectors (absent when the vectors package was not installed at training, or the locale is not English). */
  vectors?: WordVectorTable;
  denseScale: number;
  /** The classes, sorted (NO_INTENT among them when samples trained it). */
  intents: string[];
  /** (features + vector dimensions) × intents, row-major. */
  weights: Float32Array;
  bias: Float32Array;
  /** Softmax temperature fitted on held-out samples. */
  temperature: number;
  /** Below this best confidence the text is out of domain. */
  confidenceFloor: number;
  samples: StoredSample[];
  totalWeight: number;
  entities: EntityDefinition[];
  /** Entities each intent reports (its links, and those annotated in its samples), by intent. */
  intentEntities: Record<string, string[]>;
  freetext: Record<string, FreetextContext>;
}

export class EngineModel implements NluModel {
  readonly info: NluModelInfo;
  private readonly space: FeatureSpace;
  private readonly matcher: EntityMatcher;
  private readonly scores: Float64Array;
  private readonly sampleVectors = new Map<string, SparseVector[]>();

  constructor(readonly state: ModelState) {
    const index = new Map<string, number>();
    state.features.forEach((f, i) => index.set(f, i));
    this.space = {
      english: state.english,
      charGrams: state.charGrams,
      index,
      idf: state.idf,
      ...(state.vectors ? { vectors: state.vectors } : {}),
      denseScale: state.denseScale,
    };
    this.matcher = new EntityMatcher(state.entities, new Map(Object.entries(state.freetext)));
    this.scores = new Float64Array(state.intents.length);
    this.info = {
      locale: state.locale,
      intents: state.intents.filter((i) => i !== NO_INTENT),
      samples: state.samples.length,
      totalWeight: state.totalWeight,
      features: state.features.length,
      formatVersion: NLU_FORMAT_VERSION,
    };
  }

  interpret(text: string, options: InterpretOptions = {}): InterpretResult {
    const max =
      options.maxInterpretations && options.maxInterpretations > 0
        ? options.maxInterpretations
        : DEFAULT_MAX_INTERPRETATIONS;
    const tokens = tokenize(text);
    const keys = featureKeys(tokens, this.state.english, this.state.charGrams);
    const known = keys.some((k) => isWordFeature(k) && this.space.index.has(k));
    const ranked = known ? this.rank(vectorizeKeys(this.space, keys, tokens)) : [];
    const top = ranked[0];
    const out: { intent: string; confidence: number }[] = [];
    if (!top || (top.intent !== NO_INTENT && top.confidence < this.state.confidenceFloor)) {
      // Out of domain: NO_INTENT first, with what the intents did not claim; the intents keep their order.
      const doubt = top ? 1 - top.confidence : 1;
      out.push({ intent: NO_INTENT, confidence: round(doubt) });
      for (const r of ranked)
        if (r.intent !== NO_INTENT) out.push({ intent: r.intent, confidence: round(r.confidence * (1 - doubt)) });
    } else {
      for (const r of ranked) out.push({ intent: r.intent, confidence: round(r.confidence) });
    }
    const interpretations: Interpretation[] = out.slice(0, max).map((r) => ({
      intent: r.intent,
      confidence: r.confidence,
      origin: 'STATISTICAL',
      entities: this.matcher.match(text, this.state.intentEntities[r.intent] ?? [], options.wordsets),
    }));
    return { literal: text, interpretations };
  }

  nearestSamples(text: string, intent: string, k: number): NearestSample[] {
    const query = this.vector(text);
    const samples = this.state.samples.filter((s) => s.intent === intent);
    let vectors = this.sampleVectors.get(intent);
    if (!vectors) {
      vectors = samples.map((s) => this.vector(s.text));
      this.sampleVectors.set(intent, vectors);
    }
    const scored = samples.map((s, i) => ({ s, similarity: cosine(query, vectors[i] as SparseVector), i }));
    scored.sort((a, b) => b.similarity - a.similarity || a.i - b.i);
    return scored.slice(0, Math.max(0, k)).map(({ s, similarity }) => ({
      text: s.text,
      intent: s.intent,
      similarity: round(Math.max(0, Math.min(1, similarity))),
      ...(s.source ? { source: s.source } : {}),
    }));
  }

  private vector(text: string): SparseVector {
    const tokens = tokenize(text);
    return vectorizeKeys(this.space, featureKeys(tokens, this.state.english, this.state.charGrams), tokens);
  }

  /** Intents by calibrated probability, best first (ties by name order). */
  private rank(x: SparseVector): { intent: string; confidence: number }[] {
    const { weights, bias, intents, temperature } = this.state;
    scoresOf(weights, bias, intents.length, x, this.scores);
    softmaxInPlace(this.scores, temperature);
    const ranked = intents.map((intent, i) => ({ intent, confidence: this.scores[i] as number, i }));
    ranked.sort((a, b) => b.confidence - a.confidence || a.i - b.i);
    return ranked;
  }
}

function cosine(a: SparseVector, b: SparseVector): number {
  const norms = Math.sqrt(sparseDot(a, a) * sparseDot(b, b));
  return norms > 0 ? sparseDot(a, b) / norms : 0;
}

/** Confidences to 4 decimals, as the platform shows them (and so that printing never shows float noise). */
function round(x: number): number {
  return Math.round(Math.max(0, Math.min(1, x)) * 10000) / 10000;
}
