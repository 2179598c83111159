// The Model Evaluation page: the confusion matrix as a heatmap whose cells link to their utterances (and those to
// their file lines and to the training samples that pulled them), the per-intent table (sortable), and the
// confidence histogram with a threshold slider showing precision and recall at each cut-off. Theme colours only
// (media/nluEvaluation.css); one script file under a nonce (media/nluEvaluation.js) sorts and moves the slider.
// Kept free of `vscode` so it is tested in plain Node.
import { thresholdCurve } from '../../core/nlu/evaluation/confidence';
import type { EvaluationReport } from '../../core/nlu/evaluation/evaluationReport';
import { fromRasaIntentReport } from '../../core/nlu/evaluation/intentReport';
import { isCorrect, type Prediction } from '../../core/nlu/evaluation/prediction';
import { CommandIds } from '../../host/commandIds';
import { escapeHtml, webviewPage } from '../../host/webviewPage';

/** The commands the page's links may run (the webview allows command URIs for these only). */
export const EVALUATION_PAGE_COMMANDS: readonly string[] = [
  CommandIds.nluTestsOpenLine,
  CommandIds.nluTestsShowPulling,
];

export interface EvaluationPageAssets {
  readonly cspSource: string;
  readonly stylesheet: string;
  readonly script: string;
  readonly nonce: string;
}

/** Where an utterance's line is: the test file (absolute path) by its set name. */
export type SetFiles = Readonly<Record<string, string>>;

const commandUri = (command: string, args: unknown): string =>
  `command:${command}?${encodeURIComponent(JSON.stringify([args]))}`;
const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;

export function cellId(i: number, j: number): string {
  return `cell-${i}-${j}`;
}

export function evaluationHtml(report: EvaluationReport, files: SetFiles, assets: EvaluationPageAssets): string {
  const csp = `default-src 'none'; style-src ${assets.cspSource}; script-src 'nonce-${assets.nonce}'`;
  const r = fromRasaIntentReport(report.intent_report, 'the report');
  const body = [
    `<h1>Model Evaluation</h1>`,
    `<p class="facts">${escapeHtml(report.model)} · ${report.predictions.length} utterances · accuracy ${pct(r.accuracy)} · macro F1 ${pct(r.macro['f1-score'])} · weighted F1 ${pct(r.weighted['f1-score'])}</p>`,
    heatmap(report, files),
    intentTable(r.intents),
    thresholdSection(report.predictions),
  ].join('\n');
  return webviewPage({
    csp,
    stylesheet: assets.stylesheet,
    title: 'Model Evaluation',
    body,
    script: { src: assets.script, nonce: assets.nonce },
  });
}

function heatmap(report: EvaluationReport, files: SetFiles): string {
  const { labels, matrix } = report.confusion_matrix;
  const expectedRows = labels.map((_, i) => i).filter((i) => (matrix[i] ?? []).some((n) => n > 0));
  const most = matrix.reduce((m, row, i) => row.reduce((r, count, j) => (j === i ? r : Math.max(r, count)), m), 1);
  const head = `<tr><th class="corner">expected ↓ / predicted →</th>${labels.map((l) => `<th class="col"><span>${escapeHtml(l)}</span></th>`).join('')}</tr>`;
  const rows = expectedRows
    .map((i) => {
      const row = matrix[i] ?? [];
      const total = row.reduce((a, b) => a + b, 0);
      const cells = row
        .map((n, j) => {
          if (n === 0) return '<td class="cell"></td>';
          // Shade by share: the diagonal by the row's share right, the rest by the largest confusion.
          const level = i === j ? Math.ceil((n / Math.max(1, total)) * 10) : Math.ceil((n / most) * 10);
          const title = `${labels[i]} → ${labels[j]}: ${n}`;
          return `<td class="cell ${i === j ? 'right' : 'wrong'} l${level}"><a href="#${cellId(i, j)}" title="${escapeHtml(title)}">${n}</a></td>`;
        })
        .join('');
      return `<tr><th class="row">${escapeHtml(labels[i] ?? '')}</th>${cells}</tr>`;
    })
    .join('\n');
  const lists = expectedRows
    .flatMap((i) =>
      (matrix[i] ?? []).flatMap((n, j) =>
        n === 0 || i === j ? [] : [cellList(report, files, labels[i] ?? '', labels[j] ?? '', cellId(i, j))],
      ),
    )
    .join('\n');
  return `<h2>Confusion matrix</h2>\n<div class="heatmap"><table>${head}\n${rows}</table></div>\n<div class="cells">${lists}</div>`;
}

function cellList(report: EvaluationReport, files: SetFiles, expected: string, predicted: string, id: string): string {
  const items = report.predictions
    .filter((p) => p.expected === expected && p.predicted === predicted)
    .map((p) => {
      const file = files[p.set];
      const open = file
        ? `<a href="${commandUri(CommandIds.nluTestsOpenLine, { file, line: p.line })}">${escapeHtml(`${p.set}:${p.line}`)}</a>`
        : escapeHtml(`${p.set}:${p.line}`);
      const pulling = `<a href="${commandUri(CommandIds.nluTestsShowPulling, { text: p.text, intent: p.predicted })}">training samples that pulled it to ${escapeHtml(p.predicted)}</a>`;
      return `<li>${escapeHtml(JSON.stringify(p.text))} <span class="facts">${p.confidence.toFixed(2)}</span> · ${open} · ${pulling}</li>`;
    });
  return `<section id="${id}" class="cell-list"><h3>${escapeHtml(expected)} answered as ${escapeHtml(predicted)} (${items.length})</h3><ul>${items.join('')}</ul></section>`;
}

function intentTable(intents: ReturnType<typeof fromRasaIntentReport>['intents']): string {
  const head = ['intent', 'precision', 'recall', 'f1-score', 'support', 'confused with']
    .map(
      (h, k) =>
        `<th><button class="sort" data-column="${k}" data-numeric="${k >= 1 && k <= 4 ? 'true' : 'false'}">${escapeHtml(h)}</button></th>`,
    )
    .join('');
  const rows = intents
    .map(
      (i) =>
        `<tr><td>${escapeHtml(i.intent)}</td><td data-value="${i.precision}">${pct(i.precision)}</td><td data-value="${i.recall}">${pct(i.recall)}</td>` +
        `<td data-value="${i['f1-score']}">${pct(i['f1-score'])}</td><td data-value="${i.support}">${i.support}</td>` +
        `<td>${escapeHtml(
          Object.entries(i.confused_with)
            .map(([l, n]) => `${l} ×${n}`)
            .join(', '),
        )}</td></tr>`,
    )
    .join('\n');
  return `<h2>Intents</h2>\n<table class="intents" id="intents"><thead><tr>${head}</tr></thead><tbody>\n${rows}\n</tbody></table>`;
}

function thresholdSection(predictions: readonly Prediction[]): string {
  const curve = thresholdCurve(predictions);
  const right = predictions.filter(isCorrect).map((p) => p.confidence);
  const wrong = predictions.filter((p) => !isCorrect(p)).map((p) => p.confidence);
  const bins = Array.from({ length: 20 }, (_, k) => ({
    right: right.filter((c) => Math.min(19, Math.floor(c * 20)) === k).length,
    wrong: wrong.filter((c) => Math.min(19, Math.floor(c * 20)) === k).length,
  }));
  const most = bins.reduce((m, b) => Math.max(m, b.right, b.wrong), 1);
  const bars = bins
    .map(
      (b, k) =>
        `<div class="bin" title="${(k / 20).toFixed(2)}–${((k + 1) / 20).toFixed(2)}: ${b.right} right, ${b.wrong} wrong">` +
        `<span class="bar right h${Math.ceil((b.right / most) * 20)}"></span><span class="bar wrong h${Math.ceil((b.wrong / most) * 20)}"></span></div>`,
    )
    .join('');
  const data = escapeHtml(JSON.stringify(curve.map((c) => [c.threshold, c.accepted, c.precision, c.recall])));
  const start = curve[0];
  return `<h2>Confidence</h2>
<div class="histogram" aria-label="Confidence of right and wrong answers">${bars}</div>
<p class="legend"><span class="swatch right"></span> right <span class="swatch wrong"></span> wrong</p>
<label for="threshold">Threshold <output id="threshold-value">0.00</output></label>
<input type="range" id="threshold" min="0" max="1" step="0.01" value="0" data-curve="${data}">
<p id="threshold-figures">accepted ${start?.accepted ?? 0} of ${predictions.length} · precision ${pct(start?.precision ?? 0)} · recall ${pct(start?.recall ?? 0)}</p>`;
}
