// The evaluation as a terminal reads it: the headline figures, the worst intents, the top confusions and a
// histogram of the confidence of right and wrong answers (a model that is confidently wrong needs other fixes
// than one that hesitates).
import type { HistogramBin } from './confidence';
import { confusions } from './confusionMatrix';
import type { EvaluationReport } from './evaluationReport';
import { fromRasaIntentReport } from './intentReport';

const WORST = 10;
const TOP_CONFUSIONS = 10;
const BAR = 40;

export function textSummary(report: EvaluationReport): string {
  const r = fromRasaIntentReport(report.intent_report, 'the report');
  const lines: string[] = [];
  const total = report.predictions.length;
  const sets = report.sets.map((s) => `${s.name} (${s.utterances})`).join(', ');
  lines.push(`${report.model}${report.folds !== undefined ? `, ${report.folds}-fold cross-validation` : ''}`);
  lines.push(`${total} utterances from ${sets}`);
  lines.push(
    `accuracy ${pct(r.accuracy)}  macro F1 ${pct(r.macro['f1-score'])}  weighted F1 ${pct(r.weighted['f1-score'])}  (${report.errors.length} wrong)`,
  );
  const worst = [...r.intents]
    .sort((a, b) => a['f1-score'] - b['f1-score'] || b.support - a.support)
    .slice(0, WORST)
    .filter((i) => i['f1-score'] < 1);
  if (worst.length > 0) {
    lines.push('', 'Worst intents (F1, precision, recall, support, most confused with):');
    const width = worst.reduce((w, i) => Math.max(w, i.intent.length), -Infinity);
    for (const i of worst) {
      const cw = Object.entries(i.confused_with)
        .map(([l, n]) => `${l} ×${n}`)
        .join(', ');
      lines.push(
        `  ${i.intent.padEnd(width)}  ${pct(i['f1-score'])}  P ${pct(i.precision)}  R ${pct(i.recall)}  n=${i.support}${cw ? `  → ${cw}` : ''}`,
      );
    }
  }
  const top = confusions(report.confusion_matrix).slice(0, TOP_CONFUSIONS);
  if (top.length > 0) {
    lines.push('', 'Top confusions (expected → predicted):');
    for (const c of top) lines.push(`  ${String(c.count).padStart(4)}  ${c.expected} → ${c.predicted}`);
  }
  lines.push('', `Confidence of answers: ${'right'.padStart(5)} █${' '.repeat(BAR - 1)}  ${'wrong'.padStart(5)} ░`);
  for (const line of histogramLines(report.histogram)) lines.push(line);
  const entities = Object.entries(report.entity_report);
  if (entities.length > 0) {
    lines.push('', 'Entities (F1 on literal / value, support):');
    for (const [name, e] of entities)
      lines.push(
        `  ${name}: ${pct(e.literal['f1-score'])} / ${e.value ? pct(e.value['f1-score']) : '-'}  n=${e.literal.support}`,
      );
  }
  return `${lines.join('\n')}\n`;
}

export function histogramLines(bins: readonly HistogramBin[]): string[] {
  const most = bins.reduce((m, b) => Math.max(m, b.right, b.wrong), 1);
  const bar = (n: number, c: string): string => c.repeat(Math.round((n / most) * BAR));
  return bins.map((b) =>
    `  ${b.from.toFixed(1)}-${b.to.toFixed(1)}  ${String(b.right).padStart(5)} ${bar(b.right, '█').padEnd(BAR)}  ${String(b.wrong).padStart(5)} ${bar(b.wrong, '░')}`.trimEnd(),
  );
}

function pct(x: number): string {
  return `${(x * 100).toFixed(1)}%`;
}
