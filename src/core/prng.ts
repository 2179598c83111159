// The one seeded pseudo-random generator, for everything that must be reproducible from a seed: the sandbox's
// injected faults, synthesized audio and simulated traffic, and the NLU evaluation's cross-validation folds.

/** mulberry32: tiny, fast, and good enough to spread faults evenly and vary synthetic voices. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
