// `cstudio test nlu`: evaluates an NLU model on labelled test sets (or by cross-validation of its training data),
// prints the report, writes its files, and gates a CI pipeline on a baseline. Locally it trains the engine in this
// process (core/nlu/engine, the same model a sandbox NLU build makes); with --tag/--model it asks a deployed model
// through the runtime API. `--compare A B` shows what changed between two models on the same utterances.
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { DEFAULT_GATE, formatGate, gate, type GateVerdict } from '../../core/nlu/evaluation/baselineGate';
import {
  evaluationReport,
  isEvaluationReport,
  type EvaluatedSet,
  type EvaluationReport,
} from '../../core/nlu/evaluation/evaluationReport';
import { fromRasaIntentReport, type IntentReport } from '../../core/nlu/evaluation/intentReport';
import { crossValidate, predictSets } from '../../core/nlu/evaluation/localEvaluation';
import type { Prediction } from '../../core/nlu/evaluation/prediction';
import { readTestSet } from '../../core/nlu/evaluation/readTestSet';
import { DEFAULT_SEED } from '../../core/nlu/evaluation/stratifiedFolds';
import { textSummary } from '../../core/nlu/evaluation/summary';
import type { TestSet } from '../../core/nlu/evaluation/testSet';
import { loadTrainingSource } from '../../core/nlu/evaluation/trainingSource';
import { parseFlags, parseIntFlag } from '../args';
import { UsageError, type CliCommand, type CliIO } from '../command';
import { connectionFlags } from '../connection';
import { localNluEngine } from '../nluEngine';
import { printJson } from '../output';
import { CONNECTION_USAGE } from '../platformCommand';
import { resolveInput } from '../sourceFiles';
import { compareModels } from '../nluCompare';
import { progressLine, writeReportFiles, writeJunit } from '../nluReportOutput';
import { predictDeployed, DEFAULT_CONCURRENCY } from '../nluRemote';

const USAGE = `Usage: cstudio test nlu TRAINING [--set FILE]... [--folds K] [--locale L] [--baseline REPORT]
                        [--max-drop PP] [--max-intent-drop PP] [--junit FILE] [--out DIR] [--json]
       cstudio test nlu [TRAINING] --tag TAG | --model URN --set FILE... [--concurrency N] [...]
       cstudio test nlu --compare A B --set FILE... [--json]

Evaluates an NLU model on labelled test sets and prints per-intent precision, recall and F1, the worst intents, the
top confusions and how confident right and wrong answers were.
  TRAINING           a pulled project folder, a .trsx file or a CSV of intent,text: the local engine is trained
                     on it in this process (the same model a sandbox NLU build makes)
  --set FILE         a test set: .trsx (<samples>; annotations are the expected entities), .csv (intent,text or
                     intent,exampleSentence,text) or .tsv (the platform Test Tool's truth file); repeat to add sets
  --folds K          stratified K-fold cross-validation of TRAINING instead of test sets (--seed N, default ${DEFAULT_SEED})
  --locale L         the locale of a project folder with several (and of --tag's model URN)
  --tag TAG          interpret through the runtime API with the model of the application configuration TAG
  --model URN        ... or with this model URN (urn:nuance-mix:tag:model/TAG/mix.nlu?=language=eng-USA)
  --concurrency N    requests in flight through the runtime API (default ${DEFAULT_CONCURRENCY}); 429 and Retry-After honoured
  --out DIR          write report.json, intent_report.json (Rasa's shape), entity_report.json, intent_errors.json,
                     confusion_matrix.json, predictions.json and summary.txt; a run through the runtime API keeps
                     its answers there as it goes and resumes from them when run again
  --junit FILE       JUnit XML: one testcase per utterance, failures naming expected and predicted intents
  --baseline REPORT  a report.json or intent_report.json of an earlier run: exit 1 when macro F1 fell by more than
                     --max-drop points (default ${DEFAULT_GATE.maxDrop}) or an intent with ${DEFAULT_GATE.minSupport}+ test utterances fell by more
                     than --max-intent-drop points (default ${DEFAULT_GATE.maxIntentDrop}); names what got worse and what got better
  --compare A B      what changed between two models on the same sets (fixed, broken, changed, by intent); A and B
                     are reports (.json), trainings (folder, .trsx, .csv) or context tags
  --json             print the report (and the gate's verdict) as JSON
Exit codes: 0 evaluated (and the gate passed), 1 the gate failed, 2 usage problem or unreadable input.

${CONNECTION_USAGE}`;

const FLAGS = {
  ...connectionFlags,
  set: { type: 'string', multiple: true },
  folds: { type: 'string' },
  seed: { type: 'string' },
  locale: { type: 'string' },
  tag: { type: 'string' },
  model: { type: 'string' },
  concurrency: { type: 'string' },
  baseline: { type: 'string' },
  'max-drop': { type: 'string' },
  'max-intent-drop': { type: 'string' },
  junit: { type: 'string' },
  out: { type: 'string' },
  compare: { type: 'boolean' },
} as const;

export type TestNluFlags = ReturnType<typeof parseFlags<typeof FLAGS>>['values'];

export const testNluCommand: CliCommand = {
  path: ['test', 'nlu'],
  summary: 'Evaluate an NLU model on test sets or by cross-validation, with a CI gate',
  usage: USAGE,
  failureExitCode: 2,
  async run(args: string[], io: CliIO): Promise<number> {
    const { values, positionals } = parseFlags(args, FLAGS);
    const sets = values.set ?? [];
    if (values.compare) {
      if (positionals.length !== 2)
        throw new UsageError('--compare needs two models: A B (reports, trainings or tags).');
      if (sets.length === 0)
        throw new UsageError('--compare needs the test set(s) both models are run on: --set FILE.');
      return compareModels(
        io,
        values,
        positionals[0] as string,
        positionals[1] as string,
        await readSets(io, sets),
        evaluateSets,
      );
    }
    const remote = values.tag !== undefined || values.model !== undefined;
    if (values.tag !== undefined && values.model !== undefined)
      throw new UsageError('Give --tag or --model, not both.');
    if (positionals.length > 1)
      throw new UsageError(`Give one TRAINING (got ${positionals.length}: ${positionals.join(' ')}).`);
    const training = positionals[0];
    if (!remote && training === undefined)
      throw new UsageError(
        'Missing TRAINING (a project folder, .trsx or .csv), or --tag TAG to test a deployed model.',
      );
    const folds = parseIntFlag(values.folds, 'folds', 2);
    if (folds !== undefined && (remote || sets.length > 0))
      throw new UsageError('--folds cross-validates TRAINING in this process; it takes no --set, --tag or --model.');
    if (folds === undefined && sets.length === 0)
      throw new UsageError('Give a test set (--set FILE) or cross-validate with --folds K.');
    const maxDrop = parsePoints(values['max-drop'], 'max-drop');
    const maxIntentDrop = parsePoints(values['max-intent-drop'], 'max-intent-drop');
    if ((maxDrop !== undefined || maxIntentDrop !== undefined) && values.baseline === undefined)
      throw new UsageError('--max-drop and --max-intent-drop set the gate of --baseline REPORT; give it too.');
    const baseline = values.baseline !== undefined ? await readBaseline(io, values.baseline) : undefined;

    const report =
      folds !== undefined
        ? await crossValidation(io, training as string, folds, values)
        : await evaluateSets(io, training, await readSets(io, sets), values, remote);

    let verdict: GateVerdict | undefined;
    if (baseline)
      verdict = gate(baseline, fromRasaIntentReport(report.intent_report, 'this run'), { maxDrop, maxIntentDrop });
    if (values.out !== undefined) await writeReportFiles(io, values.out, report, verdict);
    if (values.junit !== undefined) await writeJunit(io, values.junit, report);
    if (values.json) printJson(io, verdict ? { ...report, gate: verdict } : report);
    else {
      io.stdout(textSummary(report));
      if (verdict) io.stdout(`\n${formatGate(verdict)}`);
    }
    return verdict && !verdict.passed ? 1 : 0;
  },
};

/** Evaluates TRAINING (trained here) or a deployed model on the sets. */
export async function evaluateSets(
  io: CliIO,
  training: string | undefined,
  sets: TestSet[],
  values: TestNluFlags,
  remote: boolean,
): Promise<EvaluationReport> {
  const described: EvaluatedSet[] = sets.map((s) => ({
    name: s.name,
    file: s.file,
    format: s.format,
    utterances: s.utterances.length,
  }));
  if (remote) {
    const { model, predictions } = await predictDeployed(io, values, sets);
    return evaluationReport(model, described, predictions);
  }
  const { model, name } = await trainLocal(io, training as string, values.locale);
  const predictions = await predictSets(model, sets, {
    signal: io.signal,
    onProgress: progressLine(io, 'Interpreting'),
  });
  return evaluationReport(name, described, predictions);
}

export async function trainLocal(
  io: CliIO,
  training: string,
  locale: string | undefined,
): Promise<{ model: Awaited<ReturnType<typeof localNluEngine.train>>; name: string }> {
  const source = await loadTrainingSource(resolveInput(io, training), localNluEngine, locale);
  io.stderr(`Training on ${training} (${source.locale}, ${source.input.samples.length} samples)…\n`);
  const model = await localNluEngine.train(source.input, { signal: io.signal });
  return { model, name: `local engine trained on ${basename(source.file)} (${source.locale})` };
}

async function crossValidation(
  io: CliIO,
  training: string,
  folds: number,
  values: TestNluFlags,
): Promise<EvaluationReport> {
  const source = await loadTrainingSource(resolveInput(io, training), localNluEngine, values.locale);
  const seed = parseIntFlag(values.seed, 'seed', 0) ?? DEFAULT_SEED;
  const name = basename(source.file);
  io.stderr(
    `Cross-validating ${training} (${source.locale}, ${source.input.samples.length} samples, ${folds} folds, seed ${seed})…\n`,
  );
  const predictions: Prediction[] = await crossValidate(source.input, folds, {
    train: localNluEngine.train,
    seed,
    setName: name,
    signal: io.signal,
    onProgress: progressLine(io, 'Cross-validating'),
  });
  return evaluationReport(
    `local engine, ${folds}-fold cross-validation of ${name} (${source.locale}, seed ${seed})`,
    [{ name, file: source.file, format: 'folds', utterances: predictions.length }],
    predictions,
    folds,
  );
}

export async function readSets(io: CliIO, files: readonly string[]): Promise<TestSet[]> {
  const out: TestSet[] = [];
  for (const f of files) {
    const set = await readTestSet(resolveInput(io, f));
    out.push({ ...set, name: uniqueName(out, set.name), file: f });
  }
  return out;
}

/** Two sets of one name (a/test.csv, b/test.csv) keep apart in reports: the second becomes test.csv#2. */
function uniqueName(sets: readonly TestSet[], name: string): string {
  let n = 1;
  let candidate = name;
  while (sets.some((s) => s.name === candidate)) candidate = `${name}#${++n}`;
  return candidate;
}

function parsePoints(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0 || n > 100)
    throw new UsageError(`--${name} is in points of F1, from 0 to 100; got "${value}".`);
  return n;
}

async function readBaseline(io: CliIO, file: string): Promise<IntentReport> {
  let json: unknown;
  try {
    json = JSON.parse(await readFile(resolveInput(io, file), 'utf8'));
  } catch (e) {
    throw new UsageError(
      `Cannot read the baseline ${file}: ${(e as Error).message}. Give a report.json or intent_report.json of an earlier run.`,
    );
  }
  try {
    return fromRasaIntentReport(isEvaluationReport(json) ? json.intent_report : json, file);
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
}
