// What every benchmark shares: alternating rounds, medians of per-round ratios, and goals that fail the run.
// A goal is judged on the median of per-round ratios (each round's two runs are back to back, so they share
// the machine's load at that moment). A missed goal prints "GOAL MISSED" with its name and sets the exit
// code, so `npm run bench` fails and names it.

export function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? (s[mid] ?? NaN) : ((s[mid - 1] ?? NaN) + (s[mid] ?? NaN)) / 2;
}

export interface RoundPair { readonly ours: number[]; readonly base: number[]; readonly ratios: number[] }

/**
 * Runs `rounds` rounds of ours and the baseline, alternating which goes first, and returns each side's
 * figures and the per-round ratios (ours / baseline). `measure` returns the figure (usually milliseconds).
 */
export async function alternate(rounds: number, ours: () => Promise<number> | number, base: () => Promise<number> | number): Promise<RoundPair> {
  const pair: RoundPair = { ours: [], base: [], ratios: [] };
  for (let i = 0; i < rounds; i++) {
    let o: number;
    let b: number;
    if (i % 2 === 0) { o = await ours(); b = await base(); } else { b = await base(); o = await ours(); }
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

/**
 * Judges `value` against `goal` (at most, unless `atLeast`); prints the verdict and records a miss.
 * Returns whether the goal holds.
 */
export function judge(name: string, value: number, goal: number, options: { atLeast?: boolean; unit?: string; digits?: number } = {}): boolean {
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
 * A goal that could not be judged (its input is absent): it fails the run like a miss, so it can never pass
 * unnoticed as met.
 */
export function notJudged(name: string, reason: string): void {
  console.log(`  goal ${name}: NOT JUDGED (${reason})`);
  missed.push(`${name}: not judged (${reason})`);
  process.exitCode = 1;
}

/** Prints the missed goals (if any) at the end of a benchmark; the exit code is already set. */
export function reportGoals(): void {
  if (missed.length === 0) console.log('all goals met');
  else for (const m of missed) console.log(`GOAL MISSED: ${m}`);
}
