// The per-locale report of a build job in words: a one-line summary for progress and notifications, and a
// Markdown document (the errors of each failed locale) for reading after a failed or partial build. Shared by
// the extension; vscode-free so the CLI can use it too.
import { buildReport } from '../platform/builds';
import type { BuildReportLine, BuildService } from '../platform/buildTypes';
import type { Job } from '../platform/types';
import { escapeMarkdownLine as md } from '../markdown';

const SERVICE_NAMES: Readonly<Record<BuildService, string>> = { ASR: 'ASR', NLU: 'NLU', DIALOG: 'Dialog' };

function lineName(line: BuildReportLine): string {
  return `${SERVICE_NAMES[line.service]}${line.locale ? ` ${line.locale}` : ''}`;
}

function failed(line: BuildReportLine): boolean {
  return line.status !== 'COMPLETED';
}

/** `NLU en-US v2 ✓, NLU fr-CA failed, Dialog v1 ✓` — what each service and locale became. */
export function buildReportSummary(lines: readonly BuildReportLine[]): string {
  return lines
    .map((l) =>
      failed(l)
        ? `${lineName(l)} ${l.status.toLowerCase() || 'failed'}`
        : `${lineName(l)}${l.version ? ` v${l.version}` : ''} ✓`,
    )
    .join(', ');
}

/** `3 builds ✓` or `1 of 3 failed: NLU en-US` — short, so a notification shows it on one line. */
export function buildReportHeadline(lines: readonly BuildReportLine[]): string {
  const failures = lines.filter(failed);
  if (failures.length === 0)
    return lines.length === 0 ? 'no build reported' : `${lines.length} build${lines.length === 1 ? '' : 's'} ✓`;
  const named = failures.slice(0, 2).map(lineName).join(', ');
  return `${failures.length} of ${lines.length} failed: ${named}${failures.length > 2 ? ', …' : ''}`;
}

/** True when some service or locale did not build (the report is then worth reading). */
export function buildHasFailures(job: Job): boolean {
  return job.status !== 'COMPLETED' || buildReport(job).some(failed);
}

/** The report as a Markdown document: a table of every service and locale, then the errors of each failure. */
export function buildReportMarkdown(job: Job, projectName: string, projectId: string): string {
  const lines = buildReport(job);
  const out = [
    `# Build report of "${md(projectName)}" (project ${projectId})`,
    '',
    `- Job: \`${job.id}\``,
    `- Status: **${job.status}**${job.duration ? ` in ${job.duration}` : ''}`,
    ...(job.createTime ? [`- Started: ${job.createTime}`] : []),
    '',
  ];
  if (lines.length === 0) return [...out, 'The job reported no build (no service was built).', ''].join('\n');
  out.push('| Service | Locale | Status | Build | Errors |', '| --- | --- | --- | --- | --- |');
  for (const l of lines) {
    out.push(
      `| ${SERVICE_NAMES[l.service]} | ${l.locale ?? '—'} | ${l.status} | ${l.buildLabel ? `\`${l.buildLabel}\`` : '—'} | ${l.errors.length} |`,
    );
  }
  const failures = lines.filter((l) => l.errors.length > 0 || failed(l));
  if (failures.length > 0) out.push('', '## Errors');
  for (const l of failures) {
    out.push('', `### ${lineName(l)}`, '');
    if (l.errors.length === 0) out.push(`- ${l.status} (the platform gave no message)`);
    for (const e of l.errors) out.push(`- ${md(e.message)}${e.code !== undefined ? ` (code ${e.code})` : ''}`);
  }
  return [...out, ''].join('\n');
}
