// `cstudio test nlu --compare A B`: each side is a report of an earlier run (its predictions), a training (folder,
// .trsx, .csv: trained here) or a context tag (asked through the runtime API); both are run on the same sets and
// the utterances whose answer changed are printed by intent.
import { readFile, stat } from 'node:fs/promises';
import { behaviourDiff, formatBehaviourDiff } from '../core/nlu/evaluation/behaviourDiff';
import { isEvaluationReport } from '../core/nlu/evaluation/evaluationReport';
import type { Prediction } from '../core/nlu/evaluation/prediction';
import type { TestSet } from '../core/nlu/evaluation/testSet';
import type { CliIO } from './command';
import { UsageError } from './command';
// `test nlu` passes its evaluateSets in: importing it here made testNlu.ts ↔ nluCompare.ts a runtime cycle.
import type { evaluateSets, TestNluFlags } from './commands/testNlu';
import { printJson } from './output';
import { resolveInput } from './sourceFiles';

export async function compareModels(
  io: CliIO,
  values: TestNluFlags,
  a: string,
  b: string,
  sets: TestSet[],
  evaluate: typeof evaluateSets,
): Promise<number> {
  const before = await predictionsOf(io, values, a, sets, evaluate);
  const after = await predictionsOf(io, values, b, sets, evaluate);
  const diff = behaviourDiff(before, after);
  if (values.json) printJson(io, { before: a, after: b, ...diff });
  else io.stdout(formatBehaviourDiff(diff, { before: a, after: b }));
  return 0;
}

async function predictionsOf(
  io: CliIO,
  values: TestNluFlags,
  side: string,
  sets: TestSet[],
  evaluate: typeof evaluateSets,
): Promise<Prediction[]> {
  const path = resolveInput(io, side);
  const info = await stat(path).catch(() => undefined);
  if (info?.isFile() && path.toLowerCase().endsWith('.json')) {
    let json: unknown;
    try {
      json = JSON.parse(await readFile(path, 'utf8'));
    } catch (e) {
      throw new UsageError(`Cannot read the report ${side}: ${(e as Error).message}.`);
    }
    if (!isEvaluationReport(json))
      throw new UsageError(
        `${side} is not a report.json of cstudio test nlu (it has no predictions); write one with --out DIR.`,
      );
    const names = new Set(sets.map((s) => s.name));
    const kept = json.predictions.filter((p) => names.has(p.set));
    if (kept.length === 0)
      throw new UsageError(
        `${side} has no answers for ${[...names].join(', ')}; it was run on ${json.sets.map((s) => s.name).join(', ')}.`,
      );
    return kept;
  }
  if (info) return (await evaluate(io, side, sets, values, false)).predictions;
  return (await evaluate(io, undefined, sets, { ...values, tag: side, model: undefined, out: undefined }, true))
    .predictions;
}
