// The CI gate: a change fails when macro F1 falls by more than `maxDrop` points from the baseline's, or when an
// intent with enough test utterances (support ≥ minSupport in the baseline or now) falls by more than
// `maxIntentDrop` points. The verdict names every intent that got worse (and what it is now confused with) and
// every one that got better, so the author sees the trade a change made, not only a number.
import type { IntentReport } from './intentReport';

export interface GateOptions {
  /** Points (0–100) of macro F1 the change may lose (default 1). */
  maxDrop: number;
  /** Points of F1 an intent with support ≥ minSupport may lose (default 5). */
  maxIntentDrop: number;
  /** Test utterances an intent needs for its own drop to fail the gate (default 10). */
  minSupport: number;
}

export const DEFAULT_GATE: Readonly<GateOptions> = { maxDrop: 1, maxIntentDrop: 5, minSupport: 10 };

export interface IntentChange {
  intent: string;
  /** F1 in points (0–100), before and now; undefined when the intent is not in that report. */
  before?: number;
  after?: number;
  /** after − before, in points. */
  delta: number;
  support: number;
  /** Its utterances' most frequent wrong answer now, when there is one. */
  confusedWith?: string;
  /** This change alone fails the gate. */
  failing: boolean;
}

export interface GateVerdict {
  passed: boolean;
  macroBefore: number;
  macroAfter: number;
  macroDelta: number;
  /** One line per reason the gate failed. */
  failures: string[];
  worse: IntentChange[];
  better: IntentChange[];
}

const points = (x: number): number => x * 100;
/** Differences below this are float noise, not a change (a point is 0.01 of F1). */
const EPSILON = 1e-9;

export function gate(baseline: IntentReport, current: IntentReport, options: Partial<GateOptions> = {}): GateVerdict {
  // An option given as undefined (a flag not set) keeps its default.
  const o: GateOptions = {
    maxDrop: options.maxDrop ?? DEFAULT_GATE.maxDrop,
    maxIntentDrop: options.maxIntentDrop ?? DEFAULT_GATE.maxIntentDrop,
    minSupport: options.minSupport ?? DEFAULT_GATE.minSupport,
  };
  const macroBefore = points(baseline.macro['f1-score']);
  const macroAfter = points(current.macro['f1-score']);
  const macroDelta = macroAfter - macroBefore;
  const failures: string[] = [];
  if (-macroDelta > o.maxDrop + EPSILON) {
    failures.push(
      `macro F1 fell ${fmt(-macroDelta)} points (${fmt(macroBefore)} → ${fmt(macroAfter)}), more than --max-drop ${o.maxDrop}`,
    );
  }
  const before = new Map(baseline.intents.map((r) => [r.intent, r]));
  const after = new Map(current.intents.map((r) => [r.intent, r]));
  const worse: IntentChange[] = [];
  const better: IntentChange[] = [];
  for (const intent of [...new Set([...before.keys(), ...after.keys()])].sort()) {
    const b = before.get(intent);
    const a = after.get(intent);
    if (!b || !a) continue; // an intent tested in only one run has no drop to judge
    const delta = points(a['f1-score']) - points(b['f1-score']);
    if (Math.abs(delta) < EPSILON) continue;
    const support = Math.max(a.support, b.support);
    const confusedWith = Object.keys(a.confused_with)[0];
    const failing = -delta > o.maxIntentDrop + EPSILON && support >= o.minSupport;
    const change: IntentChange = {
      intent,
      before: points(b['f1-score']),
      after: points(a['f1-score']),
      delta,
      support,
      ...(confusedWith ? { confusedWith } : {}),
      failing,
    };
    (delta < 0 ? worse : better).push(change);
    if (failing) {
      failures.push(
        `${intent}: F1 fell ${fmt(-delta)} points (${fmt(points(b['f1-score']))} → ${fmt(points(a['f1-score']))}, support ${support}), more than --max-intent-drop ${o.maxIntentDrop}${confusedWith ? `; now confused with ${confusedWith}` : ''}`,
      );
    }
  }
  worse.sort((x, y) => x.delta - y.delta);
  better.sort((x, y) => y.delta - x.delta);
  return { passed: failures.length === 0, macroBefore, macroAfter, macroDelta, failures, worse, better };
}

export function fmt(pointsValue: number): string {
  return pointsValue.toFixed(1);
}

/** The verdict as lines for a terminal or a CI log. */
export function formatGate(v: GateVerdict): string {
  const lines: string[] = [];
  lines.push(
    `Baseline gate: ${v.passed ? 'PASSED' : 'FAILED'}; macro F1 ${fmt(v.macroBefore)} → ${fmt(v.macroAfter)} (${v.macroDelta >= 0 ? '+' : ''}${fmt(v.macroDelta)} points)`,
  );
  for (const f of v.failures) lines.push(`  ✗ ${f}`);
  if (v.worse.length > 0) {
    lines.push('  Worse:');
    for (const c of v.worse)
      lines.push(
        `    ${c.intent}: ${fmt(c.before ?? 0)} → ${fmt(c.after ?? 0)} (${fmt(c.delta)}, support ${c.support})${c.confusedWith ? `, confused with ${c.confusedWith}` : ''}${c.failing ? ' ✗' : ''}`,
      );
  }
  if (v.better.length > 0) {
    lines.push('  Better:');
    for (const c of v.better)
      lines.push(
        `    ${c.intent}: ${fmt(c.before ?? 0)} → ${fmt(c.after ?? 0)} (+${fmt(c.delta)}, support ${c.support})`,
      );
  }
  return `${lines.join('\n')}\n`;
}
