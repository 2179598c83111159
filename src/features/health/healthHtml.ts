// The Model Health page: a bar chart of samples per intent per locale (inline SVG) and the findings as links
// that open their source line. No script runs in the page: links are command URIs limited to the open-finding
// command, and the CSP allows only our stylesheet. Kept free of `vscode` so it is tested in plain Node.
import type { TrafficCoverage } from '../../core/health/coverage';
import type { HealthFinding, HealthReport, LocaleSummary } from '../../core/health/findings';
import { CommandIds } from '../../host/commandIds';
import { escapeHtml, webviewPage } from '../../host/webviewPage';

/** The command a finding's link runs, with `{ file, startLine, endLine }` (file relative to the project folder). */
export const OPEN_FINDING_COMMAND = CommandIds.healthOpenFinding;
/** The commands the page's links may run (the webview allows command URIs for these only). */
export const PAGE_COMMANDS: readonly string[] = [
  CommandIds.healthOpenFinding,
  CommandIds.healthApplyFix,
  CommandIds.healthFixAll,
];

const commandUri = (command: string, args: unknown): string =>
  `command:${command}?${encodeURIComponent(JSON.stringify([args]))}`;

const BAR_HEIGHT = 18;
const LABEL_WIDTH = 200;
const CHART_WIDTH = 360;

function chart(locale: LocaleSummary): string {
  const most = locale.intents.reduce((m, i) => Math.max(m, i.samples), 1);
  const rows = locale.intents
    .map((i, k) => {
      const y = k * (BAR_HEIGHT + 4);
      const width = Math.max(i.samples > 0 ? 1 : 0, Math.round((i.samples / most) * CHART_WIDTH));
      return (
        `<g class="bar"><text x="0" y="${y + BAR_HEIGHT - 5}">${escapeHtml(i.intent)}</text>` +
        `<rect x="${LABEL_WIDTH}" y="${y}" width="${width}" height="${BAR_HEIGHT}"><title>${escapeHtml(`${i.intent}: ${i.samples} samples (count ${i.weighted})`)}</title></rect>` +
        `<text class="value" x="${LABEL_WIDTH + width + 6}" y="${y + BAR_HEIGHT - 5}">${i.samples}</text></g>`
      );
    })
    .join('\n');
  const height = Math.max(1, locale.intents.length * (BAR_HEIGHT + 4));
  const broken =
    locale.xmlErrors > 0
      ? `<p class="finding error">${escapeHtml(`${locale.file} has ${locale.xmlErrors} XML errors: this covers only what could be read.`)}</p>\n`
      : '';
  return `${broken}<h2>${escapeHtml(locale.locale)} <span class="facts">${locale.samples} samples in ${locale.intents.length} intents · imbalance ${locale.imbalance.toFixed(1)}×</span></h2>
<svg class="chart" role="img" aria-label="${escapeHtml(`Samples per intent in ${locale.locale}`)}" width="${LABEL_WIDTH + CHART_WIDTH + 60}" height="${height}" xmlns="http://www.w3.org/2000/svg">
${rows}
</svg>`;
}

const percent = (share: number): string => `${(share * 100).toFixed(1)}%`;

/** Live traffic: per interpreted intent, how many utterances and the share already a sample (a bar per intent). */
function coverageSection(c: TrafficCoverage | undefined, problem: string | undefined): string {
  if (problem !== undefined) return `<h2>Live traffic</h2>\n<p class="finding warning">${escapeHtml(problem)}</p>`;
  if (!c) return '';
  const window = `${escapeHtml(c.app)}, last ${c.days} day${c.days === 1 ? '' : 's'}`;
  if (c.utterances === 0)
    return `<h2>Live traffic <span class="facts">${window}</span></h2>\n<p class="none">No interpreted utterances.</p>`;
  const rows = c.intents
    .map((i, k) => {
      const y = k * (BAR_HEIGHT + 4);
      const width = Math.round(i.share * CHART_WIDTH);
      return (
        `<g class="bar"><text x="0" y="${y + BAR_HEIGHT - 5}">${escapeHtml(i.intent)}</text>` +
        `<rect class="track" x="${LABEL_WIDTH}" y="${y}" width="${CHART_WIDTH}" height="${BAR_HEIGHT}"></rect>` +
        `<rect x="${LABEL_WIDTH}" y="${y}" width="${width}" height="${BAR_HEIGHT}"><title>${escapeHtml(`${i.intent}: ${i.matched} of ${i.utterances} utterances are samples`)}</title></rect>` +
        `<text class="value" x="${LABEL_WIDTH + CHART_WIDTH + 6}" y="${y + BAR_HEIGHT - 5}">${percent(i.share)}</text></g>`
      );
    })
    .join('\n');
  return `<h2>Live traffic <span class="facts">${window} · ${c.matched} of ${c.utterances} utterances (${percent(c.share)}) are samples</span></h2>
<svg class="chart coverage" role="img" aria-label="${escapeHtml(`Share of ${c.app}'s utterances that are samples, per intent`)}" width="${LABEL_WIDTH + CHART_WIDTH + 60}" height="${c.intents.length * (BAR_HEIGHT + 4)}" xmlns="http://www.w3.org/2000/svg">
${rows}
</svg>`;
}

function findingItem(f: HealthFinding): string {
  const where = f.location ? `${f.location.file}:${f.location.startLine}` : '';
  const link = f.location
    ? `<a href="${escapeHtml(commandUri(OPEN_FINDING_COMMAND, f.location))}">${escapeHtml(where)}</a>`
    : '';
  const fix = f.fix
    ? ` <a class="fix" href="${escapeHtml(commandUri(CommandIds.healthApplyFix, f.fix))}">Annotate</a>`
    : '';
  return `<li class="finding ${f.severity}"><span class="rule">${escapeHtml(f.rule)}</span> ${link}${fix}<p>${escapeHtml(f.message)}</p></li>`;
}

export function healthHtml(cspSource: string, stylesheet: string, folderName: string, report: HealthReport): string {
  const csp = `default-src 'none'; style-src ${cspSource}`;
  const fixes = report.findings.filter((f) => f.fix).length;
  const fixAll =
    fixes > 0
      ? `<p><a class="fix" href="command:${CommandIds.healthFixAll}">Annotate all ${fixes} mentions…</a> (shows a preview before it writes)</p>`
      : '';
  const findings =
    report.findings.length === 0
      ? '<p class="none">No findings.</p>'
      : `<ul class="findings">\n${report.findings.map(findingItem).join('\n')}\n</ul>`;
  return webviewPage({
    csp,
    stylesheet,
    title: 'Model Health',
    body: `<h1>Model Health: ${escapeHtml(folderName)}</h1>
${report.locales.map(chart).join('\n')}
${coverageSection(report.coverage, report.coverageProblem)}
<h2>Findings <span class="facts">${report.findings.length}</span></h2>
${fixAll}
${findings}`,
  });
}
