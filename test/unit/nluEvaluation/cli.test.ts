// `cstudio test nlu` on a small pulled project (the engine's coffee fixture): usage errors, a TRSX test set with
// entities, cross-validation, the behaviour diff, JUnit output, and `cstudio report --evaluation` turning the
// model's confusions into findings at the samples' TRSX lines.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { HealthReport } from '../../../src/core/health/findings';
import type { BehaviourDiff } from '../../../src/core/nlu/evaluation/behaviourDiff';
import type { EvaluationReport } from '../../../src/core/nlu/evaluation/evaluationReport';
import { cli } from '../helpers/cli';

/** test/fixtures/nlu of the repo (tests run compiled under out/, so the root is found by its package.json). */
function fixtures(): string {
  let root = __dirname;
  while (!existsSync(join(root, 'package.json'))) root = dirname(root);
  return join(root, 'test', 'fixtures', 'nlu');
}
const FIXTURES = fixtures();
let dir: string;
let project: string;

const TEST_TRSX = `<?xml version="1.0" encoding="UTF-8"?>
<project xmlns:nuance="https://developer.nuance.com/mix/nlu/trsx" xml:lang="eng-USA" nuance:version="2.6">
  <ontology base="http://localhost:8080/resources/ontology-1.0.xml">
    <intents><intent name="ORDER_COFFEE"/><intent name="GREET"/><intent name="CANCEL"/></intents>
    <concepts><concept name="CITY"/></concepts>
  </ontology>
  <dictionaries><dictionary conceptref="CITY"><entry literal="boston" value="BOS"/></dictionary></dictionaries>
  <samples>
    <sample intentref="ORDER_COFFEE">one latte to pick up in <annotation conceptref="CITY">boston</annotation></sample>
    <sample intentref="GREET">hello there</sample>
    <sample intentref="CANCEL">never mind, cancel my order</sample>
  </samples>
</project>
`;

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'test-nlu-cli-'));
  project = join(dir, 'coffee');
  await mkdir(join(project, 'en-US', 'grammars'), { recursive: true });
  await writeFile(
    join(project, 'metadata.json'),
    JSON.stringify({ project: { name: 'coffee', languages: ['en-US'] } }),
  );
  await copyFile(join(FIXTURES, 'coffee.trsx'), join(project, 'en-US', 'en-US.trsx'));
  await copyFile(join(FIXTURES, 'pin.grxml'), join(project, 'en-US', 'grammars', 'pin.grxml'));
  await writeFile(join(dir, 'set.trsx'), TEST_TRSX);
  // Utterances labelled on purpose with an intent they do not mean: the model's answers are "confusions".
  await writeFile(
    join(dir, 'mislabelled.csv'),
    'intent,text\nGREET,I want a large latte\nGREET,can I get an espresso please\nGREET,order two cappuccinos\nCANCEL,cancel my order\n',
  );
});
after(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('cstudio test nlu', () => {
  test('usage problems exit 2 and say what to give', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['test', 'nlu', project], /Give a test set \(--set FILE\) or cross-validate with --folds K/],
      [['test', 'nlu', '--set', 'x.csv'], /Missing TRAINING/],
      [['test', 'nlu', project, '--folds', '3', '--set', 'x.csv'], /--folds cross-validates TRAINING in this process/],
      [['test', 'nlu', project, '--folds', '1'], /--folds must be an integer ≥ 2/],
      [['test', 'nlu', project, '--set', 'x.csv', '--max-drop', '2'], /give it too/],
      [['test', 'nlu', project, '--set', 'x.csv', '--baseline', 'b.json', '--max-drop', '200'], /from 0 to 100/],
      [['test', 'nlu', '--compare', 'a.json', '--set', 'x.csv'], /--compare needs two models/],
      [['test', 'nlu', '--tag', 't', '--model', 'urn:x', '--set', 'x.csv'], /not both/],
    ];
    for (const [args, message] of cases) {
      const r = await cli(args, { cwd: dir });
      assert.equal(r.code, 2, `${args.join(' ')}: ${r.stderr}`);
      assert.match(r.stderr, message, args.join(' '));
    }
    const missing = await cli(['test', 'nlu', project, '--set', 'nope.csv'], { cwd: dir });
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /Cannot read test set .*nope\.csv: ENOENT/);
    const notProject = await cli(['test', 'nlu', dir, '--set', 'set.trsx'], { cwd: dir });
    assert.equal(notProject.code, 2);
    assert.match(notProject.stderr, /is not a pulled project folder/);
  });

  test('a TRSX test set: intents and expected entities judged, JSON report and JUnit file', async () => {
    const r = await cli(['test', 'nlu', 'coffee', '--set', 'set.trsx', '--json', '--junit', 'junit.xml'], { cwd: dir });
    assert.equal(r.code, 0, r.stderr);
    const report = JSON.parse(r.stdout) as EvaluationReport;
    assert.equal(report.predictions.length, 3);
    assert.deepEqual(report.sets, [{ name: 'set.trsx', file: 'set.trsx', format: 'trsx', utterances: 3 }]);
    assert.equal(report.predictions[0]?.line, 9);
    assert.deepEqual(report.predictions[0]?.expectedEntities, [{ entity: 'CITY', literal: 'boston', value: 'BOS' }]);
    assert.ok(report.entity_report.CITY, JSON.stringify(report.entity_report));
    assert.equal(report.entity_report.CITY?.literal.support, 1);
    assert.match(report.model, /^local engine trained on en-US\.trsx \(en-US\)$/);
    const junit = await readFile(join(dir, 'junit.xml'), 'utf8');
    assert.equal(junit.match(/<testcase /g)?.length, 3);
  });

  test('--folds: every sample predicted once by a model that did not see it; the same seed, the same report', async () => {
    const a = await cli(['test', 'nlu', 'coffee', '--folds', '3', '--json'], { cwd: dir });
    assert.equal(a.code, 0, a.stderr);
    assert.match(
      a.stderr,
      /Cross-validating coffee \(en-US, 24 samples, 3 folds, seed 42\)/,
      'excluded samples are left out',
    );
    const report = JSON.parse(a.stdout) as EvaluationReport;
    assert.equal(report.folds, 3);
    assert.equal(report.predictions.length, 24);
    assert.equal(report.sets[0]?.format, 'folds');
    assert.ok(
      report.predictions.every((p) => p.set === 'en-US.trsx' && p.line >= 70),
      "each prediction points at its sample's TRSX line",
    );
    const b = await cli(['test', 'nlu', 'coffee', '--folds', '3', '--json'], { cwd: dir });
    assert.equal(b.stdout, a.stdout, 'deterministic');
  });

  test('--compare: a report and a training, on the same set; changes grouped by intent', async () => {
    const base = await cli(['test', 'nlu', 'coffee', '--set', 'set.trsx', '--out', 'base'], { cwd: dir });
    assert.equal(base.code, 0, base.stderr);
    const same = await cli(['test', 'nlu', '--compare', 'base/report.json', 'coffee', '--set', 'set.trsx', '--json'], {
      cwd: dir,
    });
    assert.equal(same.code, 0, same.stderr);
    const diff = JSON.parse(same.stdout) as BehaviourDiff;
    assert.deepEqual([diff.compared, diff.fixed, diff.broken, diff.changed], [3, 0, 0, 0]);
    const other = await cli(['test', 'nlu', '--compare', 'base/report.json', 'coffee', '--set', 'mislabelled.csv'], {
      cwd: dir,
    });
    assert.equal(other.code, 2);
    assert.match(other.stderr, /has no answers for mislabelled\.csv; it was run on set\.trsx/);
  });

  test('cstudio report --evaluation: confused intent pairs become findings, --fail-on confusion fails', async () => {
    const evaluation = await cli(['test', 'nlu', 'coffee', '--set', 'mislabelled.csv', '--out', 'mis'], { cwd: dir });
    assert.equal(evaluation.code, 0, evaluation.stderr);
    const r = await cli(
      ['report', 'coffee', '--evaluation', 'mis/report.json', '--json', '--fail-on', 'confusion', '--min-samples', '0'],
      { cwd: dir },
    );
    assert.equal(r.code, 1, r.stderr);
    const health = JSON.parse(r.stdout) as HealthReport;
    const found = health.findings.filter((f) => f.rule === 'confusion');
    assert.equal(found.length, 1, JSON.stringify(found));
    assert.match(
      found[0]?.message ?? '',
      /answered 3 of 3 utterances of intent GREET \(100%\) as ORDER_COFFEE \(mislabelled\.csv:2, mislabelled\.csv:3, mislabelled\.csv:4\)/,
    );
    assert.match(r.stderr, /1 finding of --fail-on rules \(confusion\)/);
    const bad = await cli(['report', 'coffee', '--evaluation', 'set.trsx'], { cwd: dir });
    assert.equal(bad.code, 2);
  });
});
