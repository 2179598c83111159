// Multinomial logistic regression over sparse features, trained by stochastic gradient descent in a fixed,
// seed-free order (a hash of sample index and epoch), so the same input gives the same weights on every machine.
// Samples weigh by their count, and each class's total weight is balanced so that a large intent does not swamp
// a small one. Plain arrays and loops: a 100k-sample locale trains in seconds.

import type { SparseVector } from './features';

export interface LinearModel {
  classes: number;
  features: number;
  /** Row-major: feature × class. */
  weights: Float32Array;
  bias: Float32Array;
}

export interface SoftmaxOptions {
  epochs: number;
  /** L2 penalty per sample step (weight decay on the features a step touches). */
  l2: number;
  learningRate: number;
  /** Called between epochs (cancellation, progress). */
  onEpoch?: (epoch: number) => void;
}

export function trainSoftmax(
  xs: readonly SparseVector[],
  ys: Int32Array,
  sampleWeights: Float32Array,
  classes: number,
  features: number,
  options: SoftmaxOptions,
): LinearModel {
  // The weights are kept as `scale × v`: the L2 decay of every step is one multiplication of `scale` rather than a
  // pass over all weights, and a step only touches the rows of the sample's features.
  const v = new Float32Array(features * classes);
  let scale = 1;
  const bias = new Float64Array(classes);
  const balanced = balance(ys, sampleWeights, classes);
  const scores = new Float64Array(classes);
  const gradient = new Float64Array(classes);
  const active = new Int32Array(classes);
  const order = Array.from(xs.keys());
  let step = 0;
  const total = options.epochs * xs.length;
  for (let epoch = 0; epoch < options.epochs; epoch++) {
    order.sort((a, b) => mix(a, epoch) - mix(b, epoch) || a - b);
    for (const s of order) {
      const x = xs[s] as SparseVector;
      const y = ys[s] as number;
      const lr = options.learningRate / (1 + (4 * step++) / total);
      const { indices, values } = x;
      const n = indices.length;
      for (let c = 0; c < classes; c++) scores[c] = bias[c] as number;
      for (let j = 0; j < n; j++) {
        const row = (indices[j] as number) * classes;
        const xv = (values[j] as number) * scale;
        for (let c = 0; c < classes; c++) scores[c] = (scores[c] as number) + (v[row + c] as number) * xv;
      }
      softmaxInPlace(scores);
      const w = balanced[s] as number;
      // Classes the sample barely moves are skipped: after a few passes that is most of them.
      let count = 0;
      for (let c = 0; c < classes; c++) {
        const g = ((scores[c] as number) - (c === y ? 1 : 0)) * w;
        if (g > 1e-4 || g < -1e-4) {
          gradient[count] = g;
          active[count++] = c;
        }
      }
      scale *= 1 - lr * options.l2;
      if (scale < 1e-9) {
        for (let i = 0; i < v.length; i++) v[i] = (v[i] as number) * scale;
        scale = 1;
      }
      const step0 = lr / scale;
      const all = count === classes; // early passes: every class moves, so no indirection
      for (let j = 0; j < n; j++) {
        const row = (indices[j] as number) * classes;
        const xv = (values[j] as number) * step0;
        if (all) {
          for (let c = 0; c < classes; c++) v[row + c] = (v[row + c] as number) - (gradient[c] as number) * xv;
          continue;
        }
        for (let a = 0; a < count; a++) {
          const at = row + (active[a] as number);
          v[at] = (v[at] as number) - (gradient[a] as number) * xv;
        }
      }
      for (let a = 0; a < count; a++) {
        const c = active[a] as number;
        bias[c] = (bias[c] as number) - lr * (gradient[a] as number) * 0.1;
      }
    }
    options.onEpoch?.(epoch);
  }
  const weights = new Float32Array(v.length);
  for (let i = 0; i < v.length; i++) weights[i] = (v[i] as number) * scale;
  return { classes, features, weights, bias: Float32Array.from(bias) };
}

/** Each sample's weight scaled so that every class totals the same (mean sample weight 1). */
function balance(ys: Int32Array, sampleWeights: Float32Array, classes: number): Float32Array {
  const totals = new Float64Array(classes);
  for (let i = 0; i < ys.length; i++)
    totals[ys[i] as number] = (totals[ys[i] as number] as number) + (sampleWeights[i] as number);
  const present = totals.filter((t) => t > 0).length;
  const out = new Float32Array(ys.length);
  for (let i = 0; i < ys.length; i++) {
    const t = totals[ys[i] as number] as number;
    out[i] = ((sampleWeights[i] as number) / t) * (ys.length / Math.max(1, present));
  }
  return out;
}

/** A 32-bit hash of (index, epoch): the shuffle of an epoch, the same everywhere. */
function mix(i: number, epoch: number): number {
  let h = Math.imul(i ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(epoch + 1, 0xc2b2ae35);
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  return h >>> 0;
}

export function scoresOf(
  weights: Float32Array,
  bias: Float32Array,
  classes: number,
  x: SparseVector,
  out: Float64Array,
): void {
  for (let c = 0; c < classes; c++) out[c] = bias[c] as number;
  for (let j = 0; j < x.indices.length; j++) {
    const row = (x.indices[j] as number) * classes;
    const v = x.values[j] as number;
    for (let c = 0; c < classes; c++) out[c] = (out[c] as number) + (weights[row + c] as number) * v;
  }
}

export function softmaxInPlace(scores: Float64Array, temperature = 1): void {
  let max = -Infinity;
  for (const s of scores) if (s > max) max = s;
  let sum = 0;
  for (let c = 0; c < scores.length; c++) {
    const e = Math.exp(((scores[c] as number) - max) / temperature);
    scores[c] = e;
    sum += e;
  }
  for (let c = 0; c < scores.length; c++) scores[c] = (scores[c] as number) / sum;
}
