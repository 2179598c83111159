// The baseline gate's verdicts and the behaviour diff between two runs, on hand-made predictions.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { gate, formatGate } from '../../../src/core/nlu/evaluation/baselineGate';
import { behaviourDiff, formatBehaviourDiff } from '../../../src/core/nlu/evaluation/behaviourDiff';
import { confusionMatrix } from '../../../src/core/nlu/evaluation/confusionMatrix';
import { intentReport } from '../../../src/core/nlu/evaluation/intentReport';
import type { Prediction } from '../../../src/core/nlu/evaluation/prediction';
import { stratifiedFolds } from '../../../src/core/nlu/evaluation/stratifiedFolds';

function p(line: number, expected: string, predicted: string, confidence = 0.8): Prediction {
  return {
    set: 's.csv',
    line,
    text: `utterance ${line}`,
    expected,
    predicted,
    confidence,
    expectedEntities: [],
    entities: [],
  };
}

/** `n` utterances of each intent, the first `wrong[intent]` of them answered as `as`. */
function run(intents: string[], n: number, wrong: Record<string, { count: number; as: string }> = {}): Prediction[] {
  const out: Prediction[] = [];
  let line = 1;
  for (const intent of intents) {
    for (let i = 0; i < n; i++) {
      const w = wrong[intent];
      out.push(p(line++, intent, w && i < w.count ? w.as : intent));
    }
  }
  return out;
}

const report = (preds: Prediction[]) => intentReport(confusionMatrix(preds));

describe('baseline gate', () => {
  test('the same run passes; nothing is worse or better', () => {
    const r = report(run(['a', 'b', 'c'], 10));
    const v = gate(r, r);
    assert.equal(v.passed, true);
    assert.deepEqual([v.worse.length, v.better.length, v.failures.length], [0, 0, 0]);
  });

  test('an intent that loses more than --max-intent-drop fails and names the intent and its new confusion', () => {
    const before = report(run(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'], 10));
    const after = report(run(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'], 10, { a: { count: 2, as: 'b' } }));
    const v = gate(before, after, { maxDrop: 100 });
    assert.equal(v.passed, false);
    assert.deepEqual(
      v.worse.map((c) => c.intent),
      ['a', 'b'],
    );
    assert.ok(
      v.failures.some((f) => f.startsWith('a: F1 fell') && f.includes('now confused with b')),
      v.failures.join('\n'),
    );
    assert.ok(
      v.failures.some((f) => f.startsWith('b: F1 fell')),
      'b lost precision: named too',
    );
    assert.match(formatGate(v), /FAILED[\s\S]*Worse:[\s\S]*a: 100\.0 → 88\.9/);
  });

  test('small intents (support < 10) and drops within the limits pass; gains are listed as better', () => {
    const before = report([...run(['a'], 4), ...run(['b', 'c'], 10, { b: { count: 2, as: 'c' } })]);
    const after = report([...run(['a'], 4, { a: { count: 2, as: 'c' } }), ...run(['b', 'c'], 10)]);
    const v = gate(before, after, { maxDrop: 50 });
    assert.equal(v.passed, true, v.failures.join('\n'));
    assert.deepEqual(
      v.worse.map((c) => [c.intent, c.failing]),
      [['a', false]],
    );
    assert.deepEqual(
      v.better.map((c) => c.intent),
      ['b', 'c'].filter((i) => v.better.some((c) => c.intent === i)),
    );
    assert.ok(v.better.some((c) => c.intent === 'b'));
  });

  test('macro F1 falling by more than --max-drop fails on its own', () => {
    const before = report(run(['a', 'b', 'c', 'd'], 5));
    const after = report(run(['a', 'b', 'c', 'd'], 5, { a: { count: 1, as: 'b' } }));
    const v = gate(before, after, { maxDrop: 1, maxIntentDrop: 100 });
    assert.equal(v.passed, false);
    assert.match(v.failures[0] ?? '', /^macro F1 fell \d+\.\d points \(100\.0 → \d+\.\d\), more than --max-drop 1$/);
    assert.equal(gate(before, after, { maxDrop: 20, maxIntentDrop: 100 }).passed, true);
  });
});

describe('behaviour diff', () => {
  test('fixed, broken and changed utterances grouped by expected intent', () => {
    const before = [p(1, 'a', 'a'), p(2, 'a', 'b'), p(3, 'b', 'b'), p(4, 'b', 'c'), p(5, 'c', 'c'), p(6, 'c', 'a')];
    const after = [p(1, 'a', 'a'), p(2, 'a', 'a'), p(3, 'b', 'a'), p(4, 'b', 'a'), p(5, 'c', 'c'), p(7, 'c', 'c')];
    const d = behaviourDiff(before, after);
    assert.deepEqual([d.compared, d.fixed, d.broken, d.changed, d.onlyBefore, d.onlyAfter], [5, 1, 1, 1, 1, 1]);
    assert.deepEqual(
      d.intents.map((g) => [g.intent, g.fixed.length, g.broken.length, g.changed.length]),
      [
        ['a', 1, 0, 0],
        ['b', 0, 1, 1],
      ],
    );
    const changed = d.intents[1]!.changed[0]!;
    assert.deepEqual([changed.line, changed.before.predicted, changed.after.predicted], [4, 'c', 'a']);
    assert.match(
      formatBehaviourDiff(d, { before: 'A', after: 'B' }),
      /A → B: 5 utterances compared; 1 fixed, 1 broken, 1 changed[\s\S]*b:\n  broken  "utterance 3"/,
    );
  });
});

describe('stratified folds', () => {
  test('each intent spread evenly over the folds, sizes within one, the same folds for the same seed', () => {
    const labels = [
      ...Array.from({ length: 23 }, () => 'a'),
      ...Array.from({ length: 7 }, () => 'b'),
      ...Array.from({ length: 12 }, () => 'c'),
    ];
    const folds = stratifiedFolds(labels, 5, 7);
    for (const intent of ['a', 'b', 'c']) {
      const per = [0, 0, 0, 0, 0];
      labels.forEach((l, i) => {
        if (l === intent) per[folds[i]!]!++;
      });
      assert.ok(Math.max(...per) - Math.min(...per) <= 1, `${intent}: ${per}`);
    }
    const sizes = [0, 0, 0, 0, 0];
    for (const f of folds) sizes[f]!++;
    assert.ok(Math.max(...sizes) - Math.min(...sizes) <= 1, `sizes ${sizes}`);
    assert.deepEqual(stratifiedFolds(labels, 5, 7), folds);
    assert.notDeepEqual(stratifiedFolds(labels, 5, 8), folds, 'another seed deals other folds');
    assert.throws(() => stratifiedFolds(labels, 1), /k ≥ 2/);
  });
});

describe('baseline gate options', () => {
  test('an option given as undefined (a flag not set) keeps its default', () => {
    const before = report(run(['a', 'b', 'c', 'd'], 5));
    const after = report(run(['a', 'b', 'c', 'd'], 5, { a: { count: 1, as: 'b' } }));
    assert.equal(gate(before, after, { maxDrop: undefined, maxIntentDrop: undefined }).passed, false);
  });
});
