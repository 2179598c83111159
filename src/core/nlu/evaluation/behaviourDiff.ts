// What changed between two models on the same utterances: fixed (A wrong, B right), broken (A right, B wrong) and
// changed (wrong in both, with a different answer), grouped by expected intent. Utterances are matched by set,
// line and text, so two runs of one test set compare even when they were made apart (reports read from files).
import { compareLabels } from './confusionMatrix';
import { isCorrect, utteranceKey, type Prediction } from './prediction';

export type ChangeKind = 'fixed' | 'broken' | 'changed';

export interface BehaviourChange {
  kind: ChangeKind;
  text: string;
  set: string;
  line: number;
  expected: string;
  before: { predicted: string; confidence: number };
  after: { predicted: string; confidence: number };
}

export interface IntentBehaviour {
  intent: string;
  fixed: BehaviourChange[];
  broken: BehaviourChange[];
  changed: BehaviourChange[];
}

export interface BehaviourDiff {
  /** Utterances found in both runs. */
  compared: number;
  /** Utterances in only one of the runs (a different set, or the set changed). */
  onlyBefore: number;
  onlyAfter: number;
  fixed: number;
  broken: number;
  changed: number;
  intents: IntentBehaviour[];
}

export function behaviourDiff(before: readonly Prediction[], after: readonly Prediction[]): BehaviourDiff {
  const previous = new Map<string, Prediction>();
  for (const p of before) previous.set(utteranceKey(p), p);
  const byIntent = new Map<string, IntentBehaviour>();
  const totals = { fixed: 0, broken: 0, changed: 0 };
  let compared = 0;
  for (const b of after) {
    const key = utteranceKey(b);
    const a = previous.get(key);
    if (!a) continue;
    previous.delete(key);
    compared++;
    const kind = changeKind(a, b);
    if (!kind) continue;
    totals[kind]++;
    let group = byIntent.get(b.expected);
    if (!group) byIntent.set(b.expected, (group = { intent: b.expected, fixed: [], broken: [], changed: [] }));
    group[kind].push({
      kind,
      text: b.text,
      set: b.set,
      line: b.line,
      expected: b.expected,
      before: { predicted: a.predicted, confidence: a.confidence },
      after: { predicted: b.predicted, confidence: b.confidence },
    });
  }
  return {
    compared,
    onlyBefore: previous.size,
    onlyAfter: after.length - compared,
    ...totals,
    intents: [...byIntent.values()].sort((x, y) => compareLabels(x.intent, y.intent)),
  };
}

function changeKind(a: Prediction, b: Prediction): ChangeKind | undefined {
  const wasRight = isCorrect(a);
  const isRight = isCorrect(b);
  if (!wasRight && isRight) return 'fixed';
  if (wasRight && !isRight) return 'broken';
  if (!wasRight && !isRight && a.predicted !== b.predicted) return 'changed';
  return undefined;
}

export function formatBehaviourDiff(d: BehaviourDiff, names: { before: string; after: string }): string {
  const lines = [
    `${names.before} → ${names.after}: ${d.compared} utterances compared; ${d.fixed} fixed, ${d.broken} broken, ${d.changed} changed`,
  ];
  if (d.onlyBefore + d.onlyAfter > 0)
    lines.push(`  (${d.onlyBefore} only in ${names.before}, ${d.onlyAfter} only in ${names.after}: not compared)`);
  for (const g of d.intents) {
    lines.push(`${g.intent}:`);
    for (const c of [...g.broken, ...g.fixed, ...g.changed]) {
      const conf = (x: number): string => x.toFixed(2);
      lines.push(
        `  ${c.kind.padEnd(7)} ${JSON.stringify(c.text)} (${c.set}:${c.line}): ${c.before.predicted} ${conf(c.before.confidence)} → ${c.after.predicted} ${conf(c.after.confidence)}`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}
