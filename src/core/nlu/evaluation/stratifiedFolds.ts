// Stratified, seeded k-fold: each label's items are shuffled with the seed and dealt to the folds in turn, the
// deal carrying on from label to label, so every fold gets each intent's share (±1) and fold sizes differ by at
// most one. Labels are taken in sorted order, so the folds do not depend on the order of the samples' intents.
import { compareLabels } from './confusionMatrix';
import { prng } from '../../prng';
import { shuffleInPlace } from './seededShuffle';

export const DEFAULT_SEED = 42;

/** The fold (0 … k-1) of each item, by its label. */
export function stratifiedFolds(labels: readonly string[], k: number, seed = DEFAULT_SEED): Int32Array {
  if (!Number.isInteger(k) || k < 2) throw new RangeError(`k-fold needs k ≥ 2, got ${k}.`);
  const byLabel = new Map<string, number[]>();
  labels.forEach((label, i) => {
    const list = byLabel.get(label);
    if (list) list.push(i);
    else byLabel.set(label, [i]);
  });
  const random = prng(seed);
  const folds = new Int32Array(labels.length);
  let next = 0;
  for (const label of [...byLabel.keys()].sort(compareLabels)) {
    for (const i of shuffleInPlace(byLabel.get(label) as number[], random)) {
      folds[i] = next;
      next = (next + 1) % k;
    }
  }
  return folds;
}
