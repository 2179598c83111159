// Seeded shuffling for cross-validation: the same seed deals the same folds on every machine (no Math.random);
// the generator is core/prng.ts, the sandbox's too.

/** Fisher–Yates in place with the given generator. */
export function shuffleInPlace<T>(items: T[], random: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const t = items[i] as T;
    items[i] = items[j] as T;
    items[j] = t;
  }
  return items;
}
