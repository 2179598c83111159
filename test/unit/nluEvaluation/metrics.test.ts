// The evaluation's figures on small sets computed by hand: the intent report (Rasa's intent_report.json shape),
// the confusion matrix, the entity report, the confidence histogram and the threshold curve.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { confidenceHistogram, thresholdCurve } from '../../../src/core/nlu/evaluation/confidence';
import { confusionMatrix, confusions } from '../../../src/core/nlu/evaluation/confusionMatrix';
import { entityReport } from '../../../src/core/nlu/evaluation/entityReport';
import { evaluationReport } from '../../../src/core/nlu/evaluation/evaluationReport';
import {
  fromRasaIntentReport,
  intentReport,
  toRasaIntentReport,
  type IntentScores,
  type Scores,
} from '../../../src/core/nlu/evaluation/intentReport';
import type { Prediction } from '../../../src/core/nlu/evaluation/prediction';

function p(expected: string, predicted: string, confidence = 0.9, extra: Partial<Prediction> = {}): Prediction {
  return {
    set: 't.csv',
    line: 1,
    text: `${expected}->${predicted}`,
    expected,
    predicted,
    confidence,
    expectedEntities: [],
    entities: [],
    ...extra,
  };
}

/** A→A, A→A, A→B, B→B, B→A, C→C, C→NO_INTENT. */
const SEVEN = [p('A', 'A'), p('A', 'A'), p('A', 'B'), p('B', 'B'), p('B', 'A'), p('C', 'C'), p('C', 'NO_INTENT')];

function close(actual: number, expected: number, what: string): void {
  assert.ok(Math.abs(actual - expected) < 1e-12, `${what}: ${actual} ≠ ${expected}`);
}

describe('intent report', () => {
  test('confusion matrix: rows expected, columns predicted, labels the sorted union', () => {
    const cm = confusionMatrix(SEVEN);
    assert.deepEqual(cm.labels, ['A', 'B', 'C', 'NO_INTENT']);
    assert.deepEqual(cm.matrix, [
      [2, 1, 0, 0],
      [1, 1, 0, 0],
      [0, 0, 1, 1],
      [0, 0, 0, 0],
    ]);
    assert.deepEqual(
      confusions(cm).map((c) => `${c.expected}>${c.predicted}:${c.count}`),
      ['A>B:1', 'B>A:1', 'C>NO_INTENT:1'],
    );
  });

  test('per intent, accuracy, macro and weighted averages as computed by hand', () => {
    const rasa = toRasaIntentReport(intentReport(confusionMatrix(SEVEN)));
    assert.deepEqual(
      Object.keys(rasa),
      ['A', 'B', 'C', 'accuracy', 'macro avg', 'weighted avg'],
      'no row for a label only predicted',
    );
    const a = rasa.A as IntentScores;
    close(a.precision, 2 / 3, 'A precision');
    close(a.recall, 2 / 3, 'A recall');
    close(a['f1-score'], 2 / 3, 'A f1');
    assert.equal(a.support, 3);
    assert.deepEqual(a.confused_with, { B: 1 });
    const c = rasa.C as IntentScores;
    close(c.precision, 1, 'C precision');
    close(c.recall, 1 / 2, 'C recall');
    close(c['f1-score'], 2 / 3, 'C f1');
    assert.deepEqual(c.confused_with, { NO_INTENT: 1 });
    close(rasa.accuracy as number, 4 / 7, 'accuracy');
    const macro = rasa['macro avg'] as Scores;
    close(macro.precision, 13 / 18, 'macro P');
    close(macro.recall, 5 / 9, 'macro R');
    close(macro['f1-score'], 11 / 18, 'macro F1');
    assert.equal(macro.support, 7);
    const weighted = rasa['weighted avg'] as Scores;
    close(weighted.precision, 5 / 7, 'weighted P');
    close(weighted.recall, 4 / 7, 'weighted R');
    close(weighted['f1-score'], 13 / 21, 'weighted F1');
  });

  test('confused_with keeps the top two, largest first, ties in label order', () => {
    const preds = [p('A', 'A'), p('A', 'D'), p('A', 'C'), p('A', 'C'), p('A', 'B'), p('A', 'D'), p('A', 'E')];
    const a = toRasaIntentReport(intentReport(confusionMatrix(preds))).A as IntentScores;
    assert.deepEqual(Object.entries(a.confused_with), [
      ['C', 2],
      ['D', 2],
    ]);
  });

  test('a label never predicted has precision 0 (zero_division), and an empty run gives zeros', () => {
    const r = intentReport(confusionMatrix([p('A', 'B'), p('B', 'B')]));
    assert.equal(r.intents.find((i) => i.intent === 'A')?.precision, 0);
    assert.equal(r.intents.find((i) => i.intent === 'A')?.['f1-score'], 0);
    const empty = intentReport(confusionMatrix([]));
    assert.deepEqual([empty.accuracy, empty.macro['f1-score'], empty.intents.length], [0, 0, 0]);
  });

  test('reads its own JSON back, and Rasa\'s report with "micro avg" instead of "accuracy"', () => {
    const r = intentReport(confusionMatrix(SEVEN));
    assert.deepEqual(fromRasaIntentReport(JSON.parse(JSON.stringify(toRasaIntentReport(r))), 'x'), r);
    const rasa = {
      greet: { precision: 1, recall: 0.5, 'f1-score': 2 / 3, support: 2 },
      'micro avg': { precision: 0.5, recall: 0.5, 'f1-score': 0.5, support: 2 },
      'macro avg': { precision: 1, recall: 0.5, 'f1-score': 2 / 3, support: 2 },
      'weighted avg': { precision: 1, recall: 0.5, 'f1-score': 2 / 3, support: 2 },
    };
    const read = fromRasaIntentReport(rasa, 'rasa');
    assert.equal(read.accuracy, 0.5);
    assert.deepEqual(
      read.intents.map((i) => [i.intent, i.confused_with]),
      [['greet', {}]],
    );
    assert.throws(
      () => fromRasaIntentReport({ A: {} }, 'bad.json'),
      /bad\.json: "macro avg" has no numeric "precision"/,
    );
  });
});

describe('entity report', () => {
  test('literal and value precision/recall per entity, multiset matching within an utterance', () => {
    const preds = [
      // size: expected large (lg), found large with value lg → literal hit, value hit
      p('order', 'order', 0.9, {
        expectedEntities: [{ entity: 'size', literal: 'Large', value: 'lg' }],
        entities: [{ entity: 'size', literal: 'large', value: 'lg' }],
      }),
      // size: expected small (sm), found "small" valued md → literal hit, value miss (1 fp, 1 fn)
      p('order', 'order', 0.9, {
        expectedEntities: [{ entity: 'size', literal: 'small', value: 'sm' }],
        entities: [{ entity: 'size', literal: 'small', value: 'md' }],
      }),
      // type: expected twice, found once, plus a size nobody expected → type 1 tp 1 fn; size literal 1 fp
      p('order', 'order', 0.9, {
        expectedEntities: [
          { entity: 'type', literal: 'latte' },
          { entity: 'type', literal: 'mocha' },
        ],
        entities: [
          { entity: 'type', literal: 'latte' },
          { entity: 'size', literal: 'tall' },
        ],
      }),
    ];
    const r = entityReport(preds);
    assert.deepEqual(Object.keys(r), ['size', 'type']);
    // size literal: tp 2, fp 1, fn 0
    close(r.size!.literal.precision, 2 / 3, 'size literal P');
    close(r.size!.literal.recall, 1, 'size literal R');
    assert.equal(r.size!.literal.support, 2);
    // size value: tp 1, fp 1, fn 1 (the third utterance expects no size value, so its tall is not judged on value)
    close(r.size!.value!.precision, 1 / 2, 'size value P');
    close(r.size!.value!.recall, 1 / 2, 'size value R');
    // type: literal tp 1 fn 1; no values expected → no value scores
    close(r.type!.literal.precision, 1, 'type P');
    close(r.type!.literal.recall, 1 / 2, 'type R');
    close(r.type!.literal['f1-score'], 2 / 3, 'type F1');
    assert.equal(r.type!.value, undefined);
  });

  test('a value-only expectation (truth TSV) is judged on the canonical value, else the struct, else the literal', () => {
    const preds = [
      p('i', 'i', 1, {
        expectedEntities: [{ entity: 'city', value: 'New York City' }],
        entities: [{ entity: 'city', literal: 'new york', value: 'New York City' }],
      }),
      p('i', 'i', 1, {
        expectedEntities: [{ entity: 'city', value: 'Atlanta' }],
        entities: [{ entity: 'city', literal: 'atlanta' }],
      }),
    ];
    const r = entityReport(preds);
    assert.deepEqual([r.city!.value!.precision, r.city!.value!.recall], [1, 1]);
    assert.equal(r.city!.literal.support, 0, 'no literal expected, none judged');
  });
});

describe('confidence', () => {
  test('histogram of right and wrong answers in tenths, 1.0 in the last bin', () => {
    const h = confidenceHistogram([
      p('A', 'A', 0.05),
      p('A', 'B', 0.95),
      p('A', 'A', 1),
      p('A', 'B', 0.5),
      p('A', 'A', 0.5),
    ]);
    assert.equal(h.length, 10);
    assert.deepEqual(
      [h[0]!.right, h[0]!.wrong, h[5]!.right, h[5]!.wrong, h[9]!.right, h[9]!.wrong],
      [1, 0, 1, 1, 1, 1],
    );
  });

  test('threshold curve: precision over accepted answers, recall over all', () => {
    const preds = [p('A', 'A', 0.9), p('A', 'B', 0.8), p('A', 'A', 0.4), p('A', 'B', 0.2)];
    const curve = thresholdCurve(preds, 10);
    const at = (t: number) => curve.find((c) => Math.abs(c.threshold - t) < 1e-9)!;
    assert.deepEqual([at(0).accepted, at(0).precision, at(0).recall], [4, 0.5, 0.5]);
    assert.deepEqual([at(0.5).accepted, at(0.5).precision, at(0.5).recall], [2, 0.5, 0.25]);
    assert.deepEqual([at(0.9).accepted, at(0.9).precision, at(0.9).recall], [1, 1, 0.25]);
    assert.deepEqual([at(1).accepted, at(1).precision, at(1).recall], [0, 1, 0]);
  });
});

describe('evaluation report', () => {
  test('errors name text, expected, predicted and confidence; predictions kept for diffs', () => {
    const r = evaluationReport('test model', [{ name: 't.csv', file: 't.csv', format: 'csv', utterances: 7 }], SEVEN);
    assert.deepEqual(
      r.errors.map((e) => [e.expected, e.predicted]),
      [
        ['A', 'B'],
        ['B', 'A'],
        ['C', 'NO_INTENT'],
      ],
    );
    assert.equal(r.predictions.length, 7);
    assert.equal(
      r.histogram.reduce((n, b) => n + b.right + b.wrong, 0),
      7,
    );
  });
});
