// Training: features from the samples, a balanced softmax regression over them, and a calibration on held-out
// samples (every fifth sample of an intent): the softmax temperature that best predicts the held-out intents, and
// the confidence floor below which an utterance is out of domain. Deterministic: no randomness, sorted classes and
// features, a fixed training order.

import { throwIfAborted } from '../../progress';
import { scoresOf, softmaxInPlace, trainSoftmax, type LinearModel } from './classifier';
import { freetextContexts } from './entities';
import { buildFeatureSpace, featureKeys, vectorizeKeys, type FeatureSpace } from './features';
import { EngineModel, type ModelState } from './model';
import { stemsLocale, tokenize } from './text';
import type { NluModel, TrainingAnnotation, TrainingInput, TrainingSample, TrainOptions } from './types';

/** Weights the model may hold (features × intents): ~16 MB of float32, whatever the locale's size. */
const MAX_WEIGHTS = 4_000_000;

export interface Hyperparameters {
  epochs: number;
  l2: number;
  learningRate: number;
}

/** Chosen by cross-validation on HWU64-10's train.csv only (bench/nlu.ts reports the held-out figure). */
export const DEFAULT_HYPERPARAMETERS: Hyperparameters = { epochs: 10, l2: 1e-4, learningRate: 1.5 };

export async function trainNluModel(input: TrainingInput, options: TrainOptions = {}): Promise<NluModel> {
  return new EngineModel(await trainModelState(input, options));
}

export async function trainModelState(input: TrainingInput, options: TrainOptions = {}, hyper: Hyperparameters = DEFAULT_HYPERPARAMETERS): Promise<ModelState> {
  const { signal, progress } = options;
  throwIfAborted(signal);
  const english = stemsLocale(input.locale);
  const samples = input.samples.filter((s) => s.text.trim() !== '');
  const intents = [...new Set(samples.map((s) => s.intent))].sort();
  const keys = samples.map((s) => featureKeys(tokenize(s.text), english));
  progress?.report({ message: `features of ${samples.length} samples`, increment: 10 });
  await yieldTurn(signal);

  // Calibration: a model on four fifths of each intent's samples, judged on the fifth it did not see.
  const held = heldOut(samples);
  const calibration = { temperature: 1, floor: 0 };
  if (held.some((h) => h) && held.some((h) => !h)) {
    const trainIdx = samples.map((_, i) => i).filter((i) => !held[i]);
    const testIdx = samples.map((_, i) => i).filter((i) => held[i]);
    const { space, model } = fit(trainIdx.map((i) => keys[i] as string[]), trainIdx.map((i) => samples[i] as TrainingSample), intents, english, hyper, signal);
    progress?.report({ message: 'calibrating confidences', increment: 30 });
    await yieldTurn(signal);
    Object.assign(calibration, calibrate(space, model, testIdx.map((i) => keys[i] as string[]), testIdx.map((i) => intents.indexOf((samples[i] as TrainingSample).intent))));
  }
  const { space, model } = fit(keys, samples, intents, english, hyper, signal);
  progress?.report({ message: 'model trained', increment: 50 });
  await yieldTurn(signal);

  const features = [...space.index.keys()];
  const linked = new Map(input.intents.map((i) => [i.name, new Set(i.entities)]));
  for (const s of samples) {
    const set = linked.get(s.intent) ?? new Set<string>();
    collectEntities(s.annotations, set);
    linked.set(s.intent, set);
  }
  const intentEntities: Record<string, string[]> = {};
  for (const intent of intents) intentEntities[intent] = [...(linked.get(intent) ?? [])].sort();
  const freetext = Object.fromEntries([...freetextContexts(input.entities, samples)].sort((a, b) => (a[0] < b[0] ? -1 : 1)));
  return {
    locale: input.locale,
    english,
    features,
    idf: space.idf,
    intents,
    weights: model.weights,
    bias: model.bias,
    temperature: calibration.temperature,
    confidenceFloor: calibration.floor,
    samples: samples.map((s) => ({ text: s.text, intent: s.intent, ...(s.source ? { source: s.source } : {}) })),
    totalWeight: samples.reduce((n, s) => n + s.weight, 0),
    entities: input.entities,
    intentEntities,
    freetext,
  };
}

function fit(
  keys: readonly string[][], samples: readonly TrainingSample[], intents: readonly string[], english: boolean, hyper: Hyperparameters, signal: AbortSignal | undefined,
): { space: FeatureSpace; model: LinearModel } {
  const maxFeatures = Math.max(1000, Math.floor(MAX_WEIGHTS / Math.max(1, intents.length)));
  const space = buildFeatureSpace(keys, english, { minDf: samples.length > 5000 ? 2 : 1, maxFeatures });
  const xs = keys.map((k) => vectorizeKeys(space, k));
  const ys = Int32Array.from(samples.map((s) => intents.indexOf(s.intent)));
  const weights = Float32Array.from(samples.map((s) => s.weight));
  // Fewer passes over many samples: each pass already sees many examples of every intent.
  const epochs = Math.max(4, Math.min(hyper.epochs, Math.ceil((hyper.epochs * 2000) / Math.max(1, samples.length))));
  const model = trainSoftmax(xs, ys, weights, intents.length, space.idf.length, {
    epochs, l2: hyper.l2, learningRate: hyper.learningRate, onEpoch: () => throwIfAborted(signal),
  });
  return { space, model };
}

/** Every fifth sample of an intent that has at least five (in document order) is held out. */
function heldOut(samples: readonly TrainingSample[]): boolean[] {
  const counts = new Map<string, number>();
  for (const s of samples) counts.set(s.intent, (counts.get(s.intent) ?? 0) + 1);
  const seen = new Map<string, number>();
  return samples.map((s) => {
    const n = (seen.get(s.intent) ?? 0) + 1;
    seen.set(s.intent, n);
    return (counts.get(s.intent) as number) >= 5 && n % 5 === 0;
  });
}

const TEMPERATURES = [0.05, 0.075, 0.1, 0.15, 0.2, 0.3, 0.4, 0.5, 0.7, 1, 1.5, 2];

/** The temperature with the least held-out log loss, and the out-of-domain floor (a fraction of the lowest correct confidences). */
function calibrate(space: FeatureSpace, model: LinearModel, keys: readonly string[][], ys: readonly number[]): { temperature: number; floor: number } {
  const logits = keys.map((k) => {
    const out = new Float64Array(model.classes);
    scoresOf(model.weights, model.bias, model.classes, vectorizeKeys(space, k), out);
    return out;
  });
  let best = { temperature: 1, loss: Infinity };
  for (const t of TEMPERATURES) {
    let loss = 0;
    logits.forEach((l, i) => {
      const p = Float64Array.from(l);
      softmaxInPlace(p, t);
      loss -= Math.log(Math.max(1e-12, p[ys[i] as number] as number));
    });
    if (loss < best.loss) best = { temperature: t, loss };
  }
  const tops = logits.map((l) => {
    const p = Float64Array.from(l);
    softmaxInPlace(p, best.temperature);
    return Math.max(...p);
  }).sort((a, b) => a - b);
  // Half the confidence of the least sure in-domain answers (2nd percentile): in-domain text rarely falls below.
  const floor = tops.length > 0 ? 0.5 * (tops[Math.floor(tops.length * 0.02)] as number) : 0;
  return { temperature: best.temperature, floor };
}

function collectEntities(annotations: readonly TrainingAnnotation[], into: Set<string>): void {
  for (const a of annotations) into.add(a.entity); // top-level only: children come nested in their relational parent
}

/** Lets the event loop run (and an abort land) between the long synchronous steps. */
async function yieldTurn(signal: AbortSignal | undefined): Promise<void> {
  await new Promise<void>((resolve) => setImmediate(resolve));
  throwIfAborted(signal);
}
