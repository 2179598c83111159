// Per-intent precision, recall, F1 and support, with accuracy and the macro and weighted averages, in the shape of
// Rasa's `intent_report.json` (scikit-learn's classification_report as a dict, plus `confused_with`): see
// docs/platform-notes.md ("NLU evaluation report") for the public code it follows. Rows are the intents the test
// set expects; a predicted label no test expects (NO_INTENT) lowers precision nowhere but recall where it took
// utterances, as in scikit-learn with `labels` = the expected intents. A 0/0 is 0 (scikit-learn's zero_division).
import { compareLabels, type ConfusionMatrix } from './confusionMatrix';

export interface Scores {
  precision: number;
  recall: number;
  'f1-score': number;
  support: number;
}

export interface IntentScores extends Scores {
  /** The two labels this intent's utterances were most often answered as, with their counts. */
  confused_with: Record<string, number>;
}

/** The JSON shape: one entry per expected intent, then `accuracy`, `macro avg` and `weighted avg`. */
export type RasaIntentReport = Record<string, IntentScores | Scores | number>;

export interface IntentReport {
  intents: Array<IntentScores & { intent: string }>;
  accuracy: number;
  macro: Scores;
  weighted: Scores;
}

const CONFUSED_WITH = 2;

export function intentReport(cm: ConfusionMatrix): IntentReport {
  const { labels, matrix } = cm;
  const predictedAs = labels.map((_, j) => matrix.reduce((sum, row) => sum + (row[j] ?? 0), 0));
  let total = 0;
  let correct = 0;
  const intents: IntentReport['intents'] = [];
  labels.forEach((intent, i) => {
    const row = matrix[i] as number[];
    const support = row.reduce((a, b) => a + b, 0);
    const tp = row[i] ?? 0;
    total += support;
    correct += tp;
    if (support === 0) return; // only predicted, never expected: no row (scikit-learn's labels = the targets)
    const precision = ratio(tp, predictedAs[i] ?? 0);
    const recall = ratio(tp, support);
    intents.push({
      intent,
      precision,
      recall,
      'f1-score': f1(precision, recall),
      support,
      confused_with: confusedWith(labels, row, i),
    });
  });
  const n = intents.length;
  const mean = (key: 'precision' | 'recall' | 'f1-score'): number =>
    n === 0 ? 0 : intents.reduce((s, r) => s + r[key], 0) / n;
  const weightedMean = (key: 'precision' | 'recall' | 'f1-score'): number =>
    total === 0 ? 0 : intents.reduce((s, r) => s + r[key] * r.support, 0) / total;
  return {
    intents,
    accuracy: ratio(correct, total),
    macro: { precision: mean('precision'), recall: mean('recall'), 'f1-score': mean('f1-score'), support: total },
    weighted: {
      precision: weightedMean('precision'),
      recall: weightedMean('recall'),
      'f1-score': weightedMean('f1-score'),
      support: total,
    },
  };
}

export function ratio(a: number, b: number): number {
  return b === 0 ? 0 : a / b;
}

export function f1(precision: number, recall: number): number {
  return precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
}

function confusedWith(labels: readonly string[], row: readonly number[], self: number): Record<string, number> {
  const off = row
    .map((count, j) => ({ label: labels[j] as string, count, j }))
    .filter((c) => c.j !== self && c.count > 0);
  off.sort((a, b) => b.count - a.count || compareLabels(a.label, b.label));
  return Object.fromEntries(off.slice(0, CONFUSED_WITH).map((c) => [c.label, c.count]));
}

/** The report as Rasa writes `intent_report.json`. */
export function toRasaIntentReport(r: IntentReport): RasaIntentReport {
  const out: RasaIntentReport = {};
  for (const { intent, ...scores } of r.intents) out[intent] = scores;
  out.accuracy = r.accuracy;
  out['macro avg'] = r.macro;
  out['weighted avg'] = r.weighted;
  return out;
}

const SUMMARY_KEYS = new Set(['accuracy', 'macro avg', 'weighted avg', 'micro avg']);

/**
 * Reads an `intent_report.json` (ours, or Rasa's own: a `micro avg` instead of `accuracy` is taken as it), for the
 * baseline gate. Throws with what is missing when the JSON is not such a report.
 */
export function fromRasaIntentReport(json: unknown, what: string): IntentReport {
  if (json === null || typeof json !== 'object' || Array.isArray(json))
    throw new Error(`${what} is not an intent report (a JSON object).`);
  const o = json as Record<string, unknown>;
  const macro = scoresOf(o['macro avg'], `${what}: "macro avg"`);
  const weighted = scoresOf(o['weighted avg'], `${what}: "weighted avg"`);
  const micro = o['micro avg'];
  const accuracy =
    typeof o.accuracy === 'number'
      ? o.accuracy
      : micro !== undefined
        ? scoresOf(micro, `${what}: "micro avg"`)['f1-score']
        : undefined;
  if (accuracy === undefined) throw new Error(`${what} has no "accuracy"; is it an intent_report.json?`);
  const intents: IntentReport['intents'] = [];
  for (const [intent, v] of Object.entries(o)) {
    if (SUMMARY_KEYS.has(intent)) continue;
    const s = scoresOf(v, `${what}: intent ${intent}`);
    const cw = (v as { confused_with?: unknown }).confused_with;
    intents.push({
      intent,
      ...s,
      confused_with: cw !== null && typeof cw === 'object' ? (cw as Record<string, number>) : {},
    });
  }
  return { intents: intents.sort((a, b) => compareLabels(a.intent, b.intent)), accuracy, macro, weighted };
}

function scoresOf(v: unknown, what: string): Scores {
  const o = (v ?? {}) as Record<string, unknown>;
  for (const k of ['precision', 'recall', 'f1-score', 'support']) {
    if (typeof o[k] !== 'number') throw new Error(`${what} has no numeric "${k}".`);
  }
  return {
    precision: o.precision as number,
    recall: o.recall as number,
    'f1-score': o['f1-score'] as number,
    support: o.support as number,
  };
}
