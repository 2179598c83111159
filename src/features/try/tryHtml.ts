// The Try panel's page: the sentence with the best interpretation's entities highlighted, the n-best with
// confidences, each candidate's entities (literal → value, range, origin), and for the top candidates the nearest
// training samples that pulled the model there, each a link to its TRSX line. No script runs in the page: actions
// are command URIs limited to the panel's own commands, and the CSP allows only our stylesheet. Kept free of
// `vscode` so it is tested in plain Node.
import type { CandidateWhy } from '../../core/nlu/tryExplain';
import type { TriedEntity, TriedUtterance } from '../../core/nlu/tryResult';
import { CommandIds } from '../../host/commandIds';
import { escapeHtml, webviewPage } from '../../host/webviewPage';

/** The commands the page's links may run (the webview allows command URIs for these only). */
export const TRY_PAGE_COMMANDS: readonly string[] = [
  CommandIds.tryAgain,
  CommandIds.tryAddSample,
  CommandIds.tryOpenSample,
  CommandIds.tryTestGrammar,
];

export interface TryPage {
  /** What was asked: context tag and locale. */
  readonly tag: string;
  readonly locale: string;
  readonly uri: string;
  readonly tried: TriedUtterance;
  /** The nearest samples of the top candidates; empty when the folder's model could not be made. */
  readonly why: readonly CandidateWhy[];
  /** Why there is no explanation, when there is none. */
  readonly whyProblem?: string;
  /** The grammar file (relative to the folder) of each rule-based entity. */
  readonly grammarFiles: Readonly<Record<string, string>>;
  /** The TRSX the samples go into (`en-US/en-US.trsx`). */
  readonly trsx: string;
}

const commandUri = (command: string, args: unknown): string =>
  `command:${command}?${encodeURIComponent(JSON.stringify([args]))}`;
const link = (command: string, args: unknown, text: string, cls = ''): string =>
  `<a${cls ? ` class="${cls}"` : ''} href="${escapeHtml(commandUri(command, args))}">${escapeHtml(text)}</a>`;
const pct = (n: number): string => `${(n * 100).toFixed(1)}%`;

/** A confidence bar: SVG attributes, since the CSP allows no inline style. */
function bar(confidence: number): string {
  const width = Math.round(Math.max(0, Math.min(1, confidence)) * 100);
  return `<svg class="bar" width="100" height="8" aria-hidden="true"><rect class="track" width="100" height="8"></rect><rect width="${width}" height="8"></rect></svg>`;
}

/** The text with the top-level entities of the best candidate marked (nested ones are in the table). */
function highlighted(text: string, entities: readonly TriedEntity[]): string {
  let out = '';
  let at = 0;
  for (const e of entities.filter((x) => x.depth === 0 && x.start >= 0 && x.end <= text.length && x.end > x.start)) {
    if (e.start < at) continue;
    out += escapeHtml(text.slice(at, e.start));
    out += `<mark class="entity" title="${escapeHtml(`${e.name} → ${e.value}`)}">${escapeHtml(text.slice(e.start, e.end))}<span class="tag">${escapeHtml(e.name)}</span></mark>`;
    at = e.end;
  }
  return out + escapeHtml(text.slice(at));
}

function entityRows(page: TryPage, entities: readonly TriedEntity[]): string {
  if (entities.length === 0) return '';
  const rows = entities.map((e) => {
    const grammar =
      e.origin === 'GRAMMAR' && page.grammarFiles[e.name]
        ? ` ${link(CommandIds.tryTestGrammar, { file: page.grammarFiles[e.name], literal: e.literal }, 'Test in the grammar tester')}`
        : '';
    const value = e.value === e.literal ? '' : ` → <code>${escapeHtml(e.value)}</code>`;
    return (
      `<li class="depth-${Math.min(e.depth, 3)}"><span class="name">${escapeHtml(e.name)}</span> “${escapeHtml(e.literal)}”${value} ` +
      `<span class="facts">[${e.start}, ${e.end}) ${escapeHtml(e.origin)} ${pct(e.confidence)}</span>${grammar}</li>`
    );
  });
  return `<ul class="entities">${rows.join('')}</ul>`;
}

function whySection(page: TryPage): string {
  if (page.whyProblem !== undefined) return `<h2>Why</h2>\n<p class="none">${escapeHtml(page.whyProblem)}</p>`;
  if (page.why.length === 0) return '';
  const blocks = page.why.map((w) => {
    const items =
      w.nearest.length === 0
        ? '<li class="none">No training sample of this intent is near.</li>'
        : w.nearest
            .map((s) => {
              const where = s.source
                ? link(
                    CommandIds.tryOpenSample,
                    { file: s.source.file ?? page.trsx, line: s.source.line },
                    `${s.source.file ?? page.trsx}:${s.source.line}`,
                  )
                : '';
              return `<li>“${escapeHtml(s.text)}” <span class="facts">similarity ${s.similarity.toFixed(2)}</span> ${where}</li>`;
            })
            .join('');
    return `<h3>${escapeHtml(w.intent)}</h3><ul class="nearest">${items}</ul>`;
  });
  const [a, b] = page.why;
  const title = a && b ? `Why ${a.intent} and not ${b.intent}` : 'Why';
  return `<h2>${escapeHtml(title)} <span class="facts">nearest training samples in ${escapeHtml(page.trsx)}</span></h2>\n${blocks.join('\n')}`;
}

export function tryHtml(cspSource: string, stylesheet: string, page: TryPage): string {
  const csp = `default-src 'none'; style-src ${cspSource}`;
  const { tried } = page;
  const best = tried.candidates[0];
  const candidates = tried.candidates
    .map(
      (c, i) => `<li class="candidate">
<div class="head"><span class="rank">${i + 1}</span> <span class="intent">${escapeHtml(c.intent)}</span>
${bar(c.confidence)} <span class="confidence">${c.confidence.toFixed(3)}</span>
<span class="facts">${escapeHtml(c.origin)}</span>
${link(CommandIds.tryAddSample, { intent: c.intent }, `Add as a sample of ${c.intent}…`, 'action')}</div>
${entityRows(page, c.entities)}</li>`,
    )
    .join('\n');
  return webviewPage({
    csp,
    stylesheet,
    title: 'Try an Utterance',
    body: `<h1>Try: ${escapeHtml(page.tag)} <span class="facts">${escapeHtml(page.locale)} · ${escapeHtml(page.uri)}</span></h1>
<p class="utterance">${highlighted(tried.text, best?.entities ?? [])}</p>
<p>${link(CommandIds.tryAgain, {}, 'Try another sentence…', 'action')}</p>
<h2>Interpretations <span class="facts">${tried.candidates.length}</span></h2>
${candidates.length > 0 ? `<ol class="candidates">\n${candidates}\n</ol>` : '<p class="none">No interpretation.</p>'}
${whySection(page)}`,
  });
}
