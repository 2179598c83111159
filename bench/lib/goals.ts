// What every benchmark shares: alternating rounds, medians of per-round ratios, and goals that fail the run.
// A goal is judged on the median of per-round ratios (each round's two runs are back to back, so they share
// the machine's load at that moment). A missed goal prints "GOAL MISSED" with its name and sets the exit
// code, so `npm run bench` fails and names it. A goal that could not be judged (its comparator, e.g. xmllint,
// or its input is missing) is no more met than a missed one: it prints "GOAL NOT JUDGED" and fails the run too.

export function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? (s[mid] ?? NaN) : ((s[mid - 1] ?? NaN) + (s[mid] ?? NaN)) / 2;
}

export interface RoundPair {
  readonly ours: number[];
  readonly base: number[];
  readonly ratios: number[];
}

/**
 * Runs `rounds` rounds of ours and the baseline, alternating which goes first, and returns each side's
 * figures and the per-round ratios (ours / baseline). `measure` returns the figure (usually milliseconds).
 */
export async function alternate(
  rounds: number,
  ours: () => Promise<number> | number,
  base: () => Promise<number> | number,
): Promise<RoundPair> {
  const pair: RoundPair = { ours: [], base: [], ratios: [] };
  for (let i = 0; i < rounds; i++) {
    let o: number;
    let b: number;
    if (i % 2 === 0) {
      o = await ours();
      b = await base();
    } else {
      b = await base();
      o = await ours();
    }
    pair.ours.push(o);
    pair.base.push(b);
    pair.ratios.push(o / b);
  }
  return pair;
}

/** Times one call in milliseconds. */
export async function timed(fn: () => unknown): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

const missed: string[] = [];
const unjudged: string[] = [];

/** Records a goal that this run could not judge, and why (with the fix); the run fails, and says so. */
export function notJudged(name: string, why: string): void {
  console.log(`  goal ${name}: NOT JUDGED (${why})`);
  unjudged.push(`${name}: ${why}`);
  process.exitCode = 1;
}

/**
 * Judges `value` against `goal` (at most, unless `atLeast`); prints the verdict and records a miss.
 * Returns whether the goal holds.
 */
export function judge(
  name: string,
  value: number,
  goal: number,
  options: { atLeast?: boolean; unit?: string; digits?: number } = {},
): boolean {
  const unit = options.unit ?? '×';
  const digits = options.digits ?? 2;
  const ok = options.atLeast ? value >= goal : value <= goal;
  const rule = `${options.atLeast ? '≥' : '≤'} ${goal}${unit}`;
  console.log(`  goal ${name}: ${value.toFixed(digits)}${unit} (goal ${rule}) ${ok ? 'OK' : 'GOAL MISSED'}`);
  if (!ok) {
    missed.push(`${name}: ${value.toFixed(digits)}${unit}, goal ${rule}`);
    process.exitCode = 1;
  }
  return ok;
}

/**
 * Prints the verdict at the end of a benchmark: "all goals met" only when every goal was judged and held;
 * otherwise each missed and each unjudged goal on a line of its own (the exit code is already set).
 */
export function reportGoals(): void {
  console.log(goalsVerdict(missed, unjudged));
}

/** The closing lines for these missed and unjudged goals. */
export function goalsVerdict(missedGoals: readonly string[], unjudgedGoals: readonly string[]): string {
  if (missedGoals.length === 0 && unjudgedGoals.length === 0) return 'all goals met';
  return [
    ...missedGoals.map((m) => `GOAL MISSED: ${m}`),
    ...unjudgedGoals.map((m) => `GOAL NOT JUDGED: ${m}`),
    ...(unjudgedGoals.length > 0
      ? [
          `${unjudgedGoals.length} goal${unjudgedGoals.length === 1 ? '' : 's'} not judged: the run does not count as met`,
        ]
      : []),
  ].join('\n');
}
