// How confident the model was when right and when wrong: a histogram in tenths, and the precision and recall an
// author would get by rejecting answers below a cut-off (what a confidence threshold, e.g. Discover's review
// threshold, trades). Rejected answers count as not answered: precision is over the accepted ones, recall over all.
import { isCorrect, type Prediction } from './prediction';

export interface HistogramBin {
  /** Lower bound (inclusive); the last bin includes 1. */
  from: number;
  to: number;
  right: number;
  wrong: number;
}

export const HISTOGRAM_BINS = 10;

export function confidenceHistogram(
  predictions: Iterable<Pick<Prediction, 'expected' | 'predicted' | 'confidence'>>,
): HistogramBin[] {
  const bins: HistogramBin[] = Array.from({ length: HISTOGRAM_BINS }, (_, i) => ({
    from: i / HISTOGRAM_BINS,
    to: (i + 1) / HISTOGRAM_BINS,
    right: 0,
    wrong: 0,
  }));
  for (const p of predictions) {
    const bin = bins[binOf(p.confidence)] as HistogramBin;
    if (isCorrect(p)) bin.right++;
    else bin.wrong++;
  }
  return bins;
}

function binOf(confidence: number): number {
  const c = Number.isFinite(confidence) ? Math.min(1, Math.max(0, confidence)) : 0;
  return Math.min(HISTOGRAM_BINS - 1, Math.floor(c * HISTOGRAM_BINS));
}

export interface ThresholdPoint {
  threshold: number;
  /** Answers at or above the threshold. */
  accepted: number;
  precision: number;
  recall: number;
}

/** Precision and recall at each cut-off 0, 0.01, … 1 (answers with confidence ≥ the cut-off are accepted). */
export function thresholdCurve(
  predictions: readonly Pick<Prediction, 'expected' | 'predicted' | 'confidence'>[],
  steps = 100,
): ThresholdPoint[] {
  const sorted = predictions.map((p) => ({ c: p.confidence, ok: isCorrect(p) })).sort((a, b) => b.c - a.c);
  const out: ThresholdPoint[] = [];
  let k = 0;
  let right = 0;
  for (let s = steps; s >= 0; s--) {
    const threshold = s / steps;
    while (k < sorted.length && (sorted[k] as { c: number }).c >= threshold - 1e-12) {
      if ((sorted[k] as { ok: boolean }).ok) right++;
      k++;
    }
    out.push({
      threshold,
      accepted: k,
      precision: k === 0 ? 1 : right / k,
      recall: sorted.length === 0 ? 0 : right / sorted.length,
    });
  }
  return out.reverse();
}
