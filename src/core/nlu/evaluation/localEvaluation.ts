// Evaluation against a model in this process: interpret every utterance of the test sets, or cross-validate a
// training input (train on k-1 folds, interpret the held-out one, k times). One model at a time is alive, and the
// last fold's is collected before the next trains (collectGarbage.ts), so memory does not grow with the folds.
// Interpretation yields to the event loop between batches: a caller's cancel and progress get through during long
// sets.
import { collectGarbage } from '../../collectGarbage';
import { throwIfAborted, type Progress } from '../../progress';
import type { NluModel, TrainingInput, TrainingSample, TrainNluModel } from '../engine/types';
import { interpretedPrediction } from './interpretedPrediction';
import type { Prediction } from './prediction';
import { DEFAULT_SEED, stratifiedFolds } from './stratifiedFolds';
import { literalKey } from './entityValues';
import type { ExpectedEntity, TestSet, TestUtterance } from './testSet';

export interface RunOptions {
  signal?: AbortSignal;
  /** Told the utterances done so far and the total. */
  onProgress?: (done: number, total: number) => void;
}

const BATCH = 256;

export async function predictSets(
  model: NluModel,
  sets: readonly TestSet[],
  options: RunOptions = {},
): Promise<Prediction[]> {
  const total = sets.reduce((n, s) => n + s.utterances.length, 0);
  const out: Prediction[] = [];
  for (const set of sets) {
    for (const u of set.utterances) {
      if (out.length % BATCH === 0) await breathe(options, out.length, total);
      out.push(interpretedPrediction(set.name, u, model.interpret(u.text)));
    }
  }
  options.onProgress?.(out.length, total);
  return out;
}

export interface CrossValidationOptions extends RunOptions {
  train: TrainNluModel;
  seed?: number;
  /** The name predictions carry as their set (the training file's name). */
  setName: string;
  progress?: Progress;
}

/** Predictions for every training sample, each made by the model that did not see it; in the samples' order. */
export async function crossValidate(
  input: TrainingInput,
  folds: number,
  options: CrossValidationOptions,
): Promise<Prediction[]> {
  const run: FoldRun = {
    input,
    fold: stratifiedFolds(
      input.samples.map((s) => s.intent),
      folds,
      options.seed ?? DEFAULT_SEED,
    ),
    values: listValues(input),
    predictions: new Array<Prediction | undefined>(input.samples.length),
    done: 0,
    options,
  };
  for (let f = 0; f < folds; f++) {
    throwIfAborted(options.signal);
    // The last fold's model and training garbage are unreachable now that its call returned; collected before
    // this fold allocates its own (a model kept in this frame would stay alive until the next one replaced it).
    if (f > 0) collectGarbage();
    await predictFold(run, f);
  }
  options.onProgress?.(run.done, input.samples.length);
  return run.predictions.filter((p): p is Prediction => p !== undefined);
}

interface FoldRun {
  readonly input: TrainingInput;
  /** Each sample's fold. */
  readonly fold: Int32Array;
  readonly values: Map<string, Map<string, string>>;
  readonly predictions: (Prediction | undefined)[];
  done: number;
  readonly options: CrossValidationOptions;
}

/** Trains on every fold but `f` and predicts fold `f`'s samples. */
async function predictFold(run: FoldRun, f: number): Promise<void> {
  const { input, options } = run;
  const training: TrainingSample[] = [];
  const held: number[] = [];
  input.samples.forEach((s, i) => (run.fold[i] === f ? held.push(i) : training.push(s)));
  const model = await options.train({ ...input, samples: training }, { signal: options.signal });
  for (const i of held) {
    if (run.done % BATCH === 0) await breathe(options, run.done, input.samples.length);
    const s = input.samples[i] as TrainingSample;
    const u: TestUtterance = {
      text: s.text,
      intent: s.intent,
      entities: expectedOf(s, run.values),
      line: s.source?.line ?? i + 1,
    };
    run.predictions[i] = interpretedPrediction(options.setName, u, model.interpret(s.text));
    run.done++;
  }
}

/** entity → literal key → value, from the list entities of the input. */
function listValues(input: TrainingInput): Map<string, Map<string, string>> {
  const out = new Map<string, Map<string, string>>();
  for (const e of input.entities) {
    if (e.kind !== 'list') continue;
    const m = new Map<string, string>();
    for (const entry of e.entries) if (!m.has(literalKey(entry.literal))) m.set(literalKey(entry.literal), entry.value);
    out.set(e.name, m);
  }
  return out;
}

function expectedOf(s: TrainingSample, values: Map<string, Map<string, string>>): ExpectedEntity[] {
  return s.annotations.map((a) => {
    const value = values.get(a.entity)?.get(literalKey(a.literal));
    return { entity: a.entity, literal: a.literal, ...(value !== undefined ? { value } : {}) };
  });
}

async function breathe(options: RunOptions, done: number, total: number): Promise<void> {
  options.onProgress?.(done, total);
  await new Promise<void>((resolve) => setImmediate(resolve));
  throwIfAborted(options.signal);
}
