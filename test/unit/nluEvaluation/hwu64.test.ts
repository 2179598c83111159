// The evaluation on the shared HWU64-10 split with the real engine, through the CLI: the report's figures agree
// with scikit-learn's classification_report on the same predictions (an independent computation; skipped when no
// python3 with scikit-learn is installed, e.g. Debian's python3-sklearn), and a planted regression (10 samples of
// one intent relabelled as another) fails the baseline gate naming both intents.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLValidator } from 'fast-xml-parser';
import type { EvaluationReport } from '../../../src/core/nlu/evaluation/evaluationReport';
import type { IntentScores, Scores } from '../../../src/core/nlu/evaluation/intentReport';
import { cli } from '../helpers/cli';
import { corpusFile } from '../formats/lists/corpus';

/** A python3 that imports scikit-learn, or undefined. */
function sklearnPython(): string | undefined {
  for (const python of ['python3', '/usr/bin/python3']) {
    const r = spawnSync(python, ['-c', 'import sklearn'], { encoding: 'utf8' });
    if (r.status === 0) return python;
  }
  return undefined;
}

const SKLEARN_REPORT = `
import json, sys
from sklearn.metrics import classification_report, confusion_matrix, accuracy_score
from sklearn.utils.multiclass import unique_labels
d = json.load(sys.stdin)
t, p = d["expected"], d["predicted"]
labels = sorted(set(t))
out = classification_report(t, p, labels=labels, output_dict=True, zero_division=0)
out["accuracy"] = accuracy_score(t, p)
all_labels = list(unique_labels(t, p))
print(json.dumps({"report": out, "labels": all_labels, "matrix": confusion_matrix(t, p, labels=all_labels).tolist()}))
`;

describe('NLU evaluation on HWU64-10 (real engine, through the CLI)', () => {
  const train = corpusFile('nlu', 'hwu64-10', 'train.csv');
  const testSet = corpusFile('nlu', 'hwu64-10', 'test.csv');
  let dir = '';

  test('the report agrees with scikit-learn on the same predictions; the JUnit file has one testcase per line', async (t) => {
    if (!train || !testSet) {
      t.skip('corpus nlu/hwu64-10 not found at <repo>/../shared/corpus (or CSTUDIO_CORPUS)');
      return;
    }
    dir = mkdtempSync(join(tmpdir(), 'hwu-eval-'));
    const run = await cli([
      'test',
      'nlu',
      train,
      '--set',
      testSet,
      '--out',
      join(dir, 'base'),
      '--junit',
      join(dir, 'junit.xml'),
    ]);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /^1076 utterances from test\.csv \(1076\)$/m);
    assert.match(run.stdout, /Worst intents[\s\S]*Top confusions[\s\S]*Confidence of answers/);
    const report = JSON.parse(readFileSync(join(dir, 'base', 'report.json'), 'utf8')) as EvaluationReport;
    assert.deepEqual(JSON.parse(readFileSync(join(dir, 'base', 'intent_report.json'), 'utf8')), report.intent_report);
    assert.equal(report.predictions.length, 1076);
    const junit = readFileSync(join(dir, 'junit.xml'), 'utf8');
    assert.equal(XMLValidator.validate(junit), true);
    assert.equal(junit.match(/<testcase /g)?.length, 1076);
    assert.equal(junit.match(/<failure /g)?.length ?? 0, report.errors.length);

    const python = sklearnPython();
    if (!python) {
      t.skip(
        'no python3 with scikit-learn (Debian: apt-get install python3-sklearn): the independent cross-check did not run',
      );
      return;
    }
    const input = JSON.stringify({
      expected: report.predictions.map((p) => p.expected),
      predicted: report.predictions.map((p) => p.predicted),
    });
    const r = spawnSync(python, ['-c', SKLEARN_REPORT], { input, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    const sk = JSON.parse(r.stdout) as {
      report: Record<string, Scores | number>;
      labels: string[];
      matrix: number[][];
    };
    assert.deepEqual(report.confusion_matrix.labels, sk.labels);
    assert.deepEqual(report.confusion_matrix.matrix, sk.matrix);
    const near = (a: number, b: number, what: string): void =>
      assert.ok(Math.abs(a - b) < 1e-9, `${what}: ours ${a}, scikit-learn ${b}`);
    near(report.intent_report.accuracy as number, sk.report.accuracy as number, 'accuracy');
    for (const key of Object.keys(sk.report)) {
      if (key === 'accuracy' || key === 'micro avg') continue;
      const ours = report.intent_report[key] as Scores | undefined;
      assert.ok(ours, `scikit-learn has ${key}, we do not`);
      const theirs = sk.report[key] as Scores;
      for (const m of ['precision', 'recall', 'f1-score', 'support'] as const) near(ours[m], theirs[m], `${key} ${m}`);
    }
    const ourRows = Object.keys(report.intent_report).filter(
      (k) => !['accuracy', 'macro avg', 'weighted avg'].includes(k),
    );
    assert.equal(ourRows.length, 64);
  });

  test('a planted regression (10 samples of one intent relabelled as another) fails the gate and names both', async (t) => {
    if (!train || !testSet || dir === '') {
      t.skip('corpus nlu/hwu64-10 not found (or the first test did not run)');
      return;
    }
    try {
      const planted = join(dir, 'planted.csv');
      const lines = readFileSync(train, 'utf8').split('\n');
      let moved = 0;
      writeFileSync(
        planted,
        lines
          .map((l) => {
            if (!l.startsWith('cooking_recipe,') || moved === 10) return l;
            moved++;
            return `alarm_set,${l.slice('cooking_recipe,'.length)}`;
          })
          .join('\n'),
      );
      assert.equal(moved, 10);
      const run = await cli([
        'test',
        'nlu',
        planted,
        '--set',
        testSet,
        '--baseline',
        join(dir, 'base', 'report.json'),
        '--out',
        join(dir, 'planted'),
      ]);
      assert.equal(run.code, 1, `the gate must fail:\n${run.stdout}\n${run.stderr}`);
      assert.match(run.stdout, /Baseline gate: FAILED/);
      assert.match(run.stdout, /✗ cooking_recipe: F1 fell [\d.]+ points .*now confused with alarm_set/);
      assert.match(run.stdout, /✗ alarm_set: F1 fell [\d.]+ points/);
      const gate = JSON.parse(readFileSync(join(dir, 'planted', 'gate.json'), 'utf8')) as {
        passed: boolean;
        worse: { intent: string }[];
      };
      assert.equal(gate.passed, false);
      assert.ok(
        gate.worse
          .slice(0, 2)
          .map((w) => w.intent)
          .includes('cooking_recipe'),
      );
      const again = await cli([
        'test',
        'nlu',
        train,
        '--set',
        testSet,
        '--baseline',
        join(dir, 'base', 'intent_report.json'),
      ]);
      assert.equal(again.code, 0, `the unchanged training passes its own baseline:\n${again.stdout}`);
      assert.match(again.stdout, /Baseline gate: PASSED; macro F1 ([\d.]+) → \1 \(\+0\.0 points\)/);
      const report = JSON.parse(readFileSync(join(dir, 'planted', 'report.json'), 'utf8')) as EvaluationReport;
      assert.equal(
        (report.intent_report.cooking_recipe as IntentScores).recall,
        0,
        'no sample of cooking_recipe is left',
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
