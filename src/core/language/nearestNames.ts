// "Did you mean …?": the declared names closest to an unknown one, by edit distance (Levenshtein, ignoring
// case), so a typo in a reference is fixed by picking the intended name instead of declaring a new one.

/** At most `limit` names within a distance that still reads as a typo (a third of the name, at least 2), nearest first. */
export function nearestNames(unknown: string, candidates: Iterable<string>, limit = 3): string[] {
  const target = unknown.toLowerCase();
  const allowed = Math.max(2, Math.floor(unknown.length / 3));
  const scored: Array<{ name: string; distance: number }> = [];
  for (const name of new Set(candidates)) {
    if (name === unknown || name === '') continue;
    const distance = editDistance(target, name.toLowerCase(), allowed);
    if (distance <= allowed) scored.push({ name, distance });
  }
  return scored
    .sort((a, b) => a.distance - b.distance || a.name.localeCompare(b.name))
    .slice(0, limit)
    .map((s) => s.name);
}

/** Levenshtein distance; stops early (returning more than `cap`) once every path exceeds `cap`. */
export function editDistance(a: string, b: string, cap = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > cap) return cap + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      );
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > cap) return cap + 1;
    previous = current;
  }
  return previous[b.length] as number;
}
