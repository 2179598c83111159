// The NLU engine's contract: what a model is trained from, what it answers, and the functions that make, save and
// load one. Types only; the engine's modules implement them:
//   fromTrsx.ts   trainingInputFromTrsx(text, locale, options?) / trainingInputFromDocument(document, locale, options?)
//   train.ts      trainNluModel(input, options?) → Promise<NluModel>
//   serialize.ts  serializeNluModel(model) → Uint8Array, loadNluModel(bytes) → NluModel
// The runtime (sandbox `runtime/interpret`, `cstudio try`) and the evaluation (`test nlu`) build on these shapes;
// field names follow the platform's runtime API (proto3 JSON) where one exists, so mapping to the wire is 1:1.

import type { Progress } from '../../progress';

/** The intent answered when nothing fits well (the platform's name). */
export const NO_INTENT = 'NO_INTENT';

/** Where an interpretation or an entity came from: the statistical model, or a rule (grammar, regex, list match). */
export type NluOrigin = 'STATISTICAL' | 'GRAMMAR';

// ---------------------------------------------------------------------------------------------------------------
// Training input (one locale)

/** Where a training sample was read from, when known (a TRSX line for "why A and not B" links). */
export interface SampleSource {
  /** The file the caller named (e.g. a workspace-relative TRSX path); absent when the input came from text only. */
  file?: string;
  /** 1-based line of the `<sample>` element's start. */
  line: number;
  /** 0-based character offset of the `<sample>` element's start in the text. */
  offset: number;
}

/** An annotated span of a sample: `[start, end)` character offsets into the sample's text; annotations nest. */
export interface TrainingAnnotation {
  entity: string;
  start: number;
  end: number;
  literal: string;
  children: TrainingAnnotation[];
}

export interface TrainingSample {
  /** The plain text as typed (annotations flattened). */
  text: string;
  intent: string;
  /** The sample's `count` (≥ 1): how strongly it weighs in training. Excluded samples are never in the input. */
  weight: number;
  annotations: TrainingAnnotation[];
  source?: SampleSource;
}

/** One literal of a list entity and the canonical value it stands for (the literal itself when no value is set). */
export interface ListEntry {
  literal: string;
  value: string;
}

interface EntityBase {
  name: string;
  /** `isA` parent entity (a list, regex, predefined… entity whose matches this entity also takes), if any. */
  isA?: string;
  /** `hasA` children: the entity is relational, its matches hold the children's matches nested. */
  hasA: string[];
}

/** A list entity: literals matched in the text (case- and whitespace-insensitive), answering their value. */
export interface ListEntityDefinition extends EntityBase {
  kind: 'list';
  entries: ListEntry[];
  /** Dynamic: its entries come (also) from wordsets given at interpretation time. */
  dynamic: boolean;
}

/** A regex entity: matches of the pattern (Mix's Java/ICU-like dialect, turned into JavaScript), value = the match. */
export interface RegexEntityDefinition extends EntityBase {
  kind: 'regex';
  pattern: string;
}

/** A rule-based entity: a GrXML grammar matched with our own matcher; origin GRAMMAR, value from its semantics. */
export interface GrammarEntityDefinition extends EntityBase {
  kind: 'grammar';
  /** The grammar's file name as the TRSX names it (`ruleGrammarFileName`). */
  fileName: string;
  /** The GrXML text; absent when the caller could not supply the file (the entity then never matches). */
  grammar?: string;
}

/** A freetext entity: learned from the annotated spans of samples (the words between its usual neighbours). */
export interface FreetextEntityDefinition extends EntityBase {
  kind: 'freetext';
}

/**
 * An entity with no matcher of its own: relational (only `hasA`), `isA` another entity (including predefined ones such
 * as `nuance_CARDINAL_NUMBER`, of which the engine knows a few), or declared with nothing yet.
 */
export interface OtherEntityDefinition extends EntityBase {
  kind: 'other';
}

export type EntityDefinition =
  | ListEntityDefinition
  | RegexEntityDefinition
  | GrammarEntityDefinition
  | FreetextEntityDefinition
  | OtherEntityDefinition;

export interface TrainingIntent {
  name: string;
  /** Entities linked to the intent: only these are reported in its interpretations. */
  entities: string[];
}

export interface TrainingInput {
  /** e.g. `en-US` (the TRSX `xml:lang` or the caller's locale). */
  locale: string;
  /** Every declared intent, in document order (an intent without samples is never predicted). */
  intents: TrainingIntent[];
  /** Included samples only (excluded ones left out), in document order. `NO_INTENT` samples train out-of-domain. */
  samples: TrainingSample[];
  /** Entities in document order. */
  entities: EntityDefinition[];
}

export interface TrainingInputOptions {
  /** Recorded in every sample's `source.file`. */
  file?: string;
  /** GrXML texts by `ruleGrammarFileName` (the project package's grammar files). */
  grammars?: Record<string, string>;
}

export interface TrainOptions {
  signal?: AbortSignal;
  progress?: Progress;
}

// ---------------------------------------------------------------------------------------------------------------
// Interpretation

/** A JSON value (an entity's `structValue` is an object of these). */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** Character offsets into the interpreted text, `[startIndex, endIndex)`. */
export interface TextRange {
  startIndex: number;
  endIndex: number;
}

export interface EntityMatch {
  textRange: TextRange;
  /** The words as said (the text's slice). */
  literal: string;
  /** Canonical value of a list entity, the match of a regex; absent when `structValue` is set. */
  value?: string;
  /** Structured value (grammar semantics that are objects, predefined entities such as numbers). */
  structValue?: { [key: string]: JsonValue };
  origin: NluOrigin;
  /** In [0, 1]. */
  confidence: number;
  /** Nested matches of a relational entity's `hasA` children, by entity name. */
  entities?: Record<string, EntityMatch[]>;
}

export interface Interpretation {
  intent: string;
  /** Calibrated, in [0, 1] (4 decimals); an n-best list's confidences sum to at most 1 (to rounding). */
  confidence: number;
  origin: NluOrigin;
  entities: Record<string, EntityMatch[]>;
}

export interface InterpretResult {
  literal: string;
  /** Best first; never empty (`NO_INTENT` when nothing fits well). */
  interpretations: Interpretation[];
}

/** A dynamic list entity's entries given at interpretation time (the platform's inline wordset). */
export interface WordsetEntry {
  canonical: string;
  literal: string;
}

export interface InterpretOptions {
  /** n-best size; absent or 0: the engine's default (5). */
  maxInterpretations?: number;
  /** Entries of dynamic list entities, by entity name. */
  wordsets?: Record<string, WordsetEntry[]>;
}

export interface NearestSample {
  text: string;
  intent: string;
  /** Similarity in [0, 1] between the interpreted text and the sample, as the model sees them. */
  similarity: number;
  source?: SampleSource;
}

export interface NluModelInfo {
  locale: string;
  /** Intents the model can answer (those with samples), sorted. */
  intents: string[];
  /** Samples trained on (after excluding), and their total weight. */
  samples: number;
  totalWeight: number;
  /** Size of the model's feature vocabulary. */
  features: number;
  /** Engine format version stamped in the serialized model. */
  formatVersion: number;
}

export interface NluModel {
  readonly info: NluModelInfo;
  interpret(text: string, options?: InterpretOptions): InterpretResult;
  /**
   * The training samples of `intent` closest to `text` as the model sees them (its features), most similar first:
   * what pulled the model toward `intent`.
   */
  nearestSamples(text: string, intent: string, k: number): NearestSample[];
}

/** The signatures implemented in train.ts and fromTrsx.ts (for callers that inject them). */
export type TrainNluModel = (input: TrainingInput, options?: TrainOptions) => Promise<NluModel>;
export type TrainingInputFromTrsx = (text: string, locale: string, options?: TrainingInputOptions) => TrainingInput;
