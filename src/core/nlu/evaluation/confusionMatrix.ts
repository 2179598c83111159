// The confusion matrix: rows are expected intents, columns predicted ones, labels the sorted union of both (so a
// prediction outside the test set's intents, e.g. NO_INTENT, has its column), as scikit-learn's confusion_matrix.
export interface ConfusionMatrix {
  labels: string[];
  /** matrix[i][j]: utterances of labels[i] answered as labels[j]. */
  matrix: number[][];
}

export interface Confusion {
  expected: string;
  predicted: string;
  count: number;
}

export function confusionMatrix(pairs: Iterable<{ expected: string; predicted: string }>): ConfusionMatrix {
  const list = [...pairs];
  const labels = [...new Set(list.flatMap((p) => [p.expected, p.predicted]))].sort(compareLabels);
  const index = new Map(labels.map((l, i) => [l, i]));
  const matrix = labels.map(() => labels.map(() => 0));
  for (const p of list) {
    const row = matrix[index.get(p.expected) as number] as number[];
    const j = index.get(p.predicted) as number;
    row[j] = (row[j] ?? 0) + 1;
  }
  return { labels, matrix };
}

/** Off-diagonal cells with a count, largest first (ties in label order). */
export function confusions(cm: ConfusionMatrix): Confusion[] {
  const out: Confusion[] = [];
  cm.matrix.forEach((row, i) =>
    row.forEach((count, j) => {
      if (i !== j && count > 0)
        out.push({ expected: cm.labels[i] as string, predicted: cm.labels[j] as string, count });
    }),
  );
  return out.sort(
    (a, b) => b.count - a.count || compareLabels(a.expected, b.expected) || compareLabels(a.predicted, b.predicted),
  );
}

/** Code-unit order: Python's sorted() (scikit-learn's unique_labels) for every name without astral characters. */
export function compareLabels(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
