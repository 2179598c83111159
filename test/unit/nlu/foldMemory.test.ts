// Cross-validation keeps one fold's model at a time: the last fold's model is collected before the next fold
// trains (core/collectGarbage.ts), so the peak does not grow with the folds (bench/nlueval.ts measures the peak:
// 5-fold / one training 0.52-0.76x with the collection, 1.20-2.39x without). The unit tests run without
// --expose-gc, so this also checks the run-time way of getting `gc`.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { collectGarbage } from '../../../src/core/collectGarbage';
import type { NluModel, TrainingInput } from '../../../src/core/nlu/engine/types';
import { crossValidate } from '../../../src/core/nlu/evaluation/localEvaluation';

/** Lets the current job end: a WeakRef's target is kept alive until then (ECMA-262 ClearKeptObjects). */
const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** A model that holds 8 MB, like a real one's weights, and answers every text with `intent`. */
function heavyModel(intent: string): NluModel {
  const weights = new Float64Array(1_000_000).fill(1);
  return {
    info: {
      locale: 'en-US',
      intents: [intent],
      samples: 0,
      totalWeight: 0,
      features: weights.length,
      formatVersion: 1,
    },
    interpret: (text) => ({
      literal: text,
      interpretations: [{ intent, confidence: weights[0] as number, origin: 'STATISTICAL', entities: {} }],
    }),
    nearestSamples: () => [],
  };
}

function input(perIntent: number): TrainingInput {
  const intents = ['BOOK', 'CANCEL', 'CHECK'];
  return {
    locale: 'en-US',
    entities: [],
    intents: intents.map((name) => ({ name, entities: [] })),
    samples: intents.flatMap((intent) =>
      Array.from({ length: perIntent }, (_, i) => ({ text: `${intent} ${i}`, intent, weight: 1, annotations: [] })),
    ),
  };
}

describe('memory of a cross-validation', () => {
  test('collectGarbage collects an object nothing references any more, without --expose-gc', async () => {
    assert.equal(typeof (globalThis as { gc?: unknown }).gc, 'undefined', 'this test runs without --expose-gc');
    let big: Float64Array | undefined = new Float64Array(1_000_000);
    const ref = new WeakRef(big);
    big = undefined;
    await nextTurn();
    collectGarbage();
    assert.equal(ref.deref(), undefined);
  });

  test('each fold trains after the last fold’s model was collected', async () => {
    const models: WeakRef<NluModel>[] = [];
    const aliveAtTraining: number[] = [];
    const predictions = await crossValidate(input(300), 3, {
      setName: 'cv',
      train: async (training) => {
        aliveAtTraining.push(models.filter((m) => m.deref() !== undefined).length);
        const model = heavyModel(training.samples[0]?.intent ?? 'BOOK');
        models.push(new WeakRef(model));
        return model;
      },
    });
    assert.equal(predictions.length, 900, 'every sample predicted once');
    assert.deepEqual(aliveAtTraining, [0, 0, 0], 'no earlier fold’s model alive when a fold trains');
  });
});
