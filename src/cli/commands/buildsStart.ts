// `cstudio builds start`: starts a build, waits for its job with progress on stderr, and prints the report
// per service and locale. Exits 0 when the job COMPLETED, 1 otherwise (FAILED or PARTIALLY_COMPLETED).
import { buildReport } from '../../core/platform/builds';
import type { BuildProjectModelBody, BuildReportLine } from '../../core/platform/buildTypes';
import type { Job } from '../../core/platform/types';
import { listFlag, servicesFlag } from '../appFlags';
import { jobExitCode, printStarted, waitWithProgress } from '../jobOutput';
import { formatTable, printJson } from '../output';
import { platformCommand, stringFlag, type FlagValues } from '../platformCommand';

function buildBody(values: FlagValues): BuildProjectModelBody {
  const services = servicesFlag(values) ?? ['NLU', 'ASR', 'DIALOG'];
  const locales = listFlag(values, 'locales');
  const notes = stringFlag(values, 'notes');
  const modelType = stringFlag(values, 'model-type')?.toUpperCase();
  const sourceNames = listFlag(values, 'data-sources');
  const dataSources = sourceNames && locales ? locales.map((locale) => ({ locale, names: sourceNames })) : undefined;
  return {
    ...(locales ? { locales } : {}),
    ...(services.includes('ASR')
      ? { asr: { ...(notes ? { notes } : {}), ...(dataSources ? { dataSources } : {}) } }
      : {}),
    ...(services.includes('NLU')
      ? {
          nlu: {
            ...(notes ? { notes } : {}),
            ...(modelType ? { settings: { modelType } } : {}),
            ...(dataSources ? { dataSources } : {}),
          },
        }
      : {}),
    ...(services.includes('DIALOG') ? { dialog: { ...(notes ? { notes } : {}) } } : {}),
  };
}

export function formatBuildReport(job: Job): string {
  const lines = buildReport(job);
  if (lines.length === 0) return `Job ${job.id}: ${job.status} (no build report).\n`;
  const table = formatTable<BuildReportLine>(lines, [
    { header: 'SERVICE', value: (l) => l.service },
    { header: 'LOCALE', value: (l) => l.locale ?? '-' },
    { header: 'STATUS', value: (l) => l.status },
    { header: 'BUILD', value: (l) => l.buildLabel ?? '' },
    { header: 'ERRORS', value: (l) => l.errors.map((e) => e.message).join('; ') },
  ]);
  return `Build job ${job.id}: ${job.status}${job.duration ? ` in ${job.duration}` : ''}\n${table}`;
}

export const buildsStart = platformCommand({
  path: ['builds', 'start'],
  summary:
    'Build a project (NLU, ASR, dialog), wait for the job and print the report per locale; exits 1 unless every build COMPLETED.',
  synopsis:
    '<projectId> [--services NLU,ASR,DIALOG] [--locales en-US,fr-CA] [--notes TEXT] [--model-type FAST|ACCURATE] [--data-sources NAME,…] [--no-wait]',
  flags: {
    services: { type: 'string' },
    locales: { type: 'string' },
    notes: { type: 'string' },
    'model-type': { type: 'string' },
    'data-sources': { type: 'string' },
    'no-wait': { type: 'boolean' },
  },
  args: ['projectId'],
  input: ({ flags }) => buildBody(flags),
  async run({ session, io, args, flags, input: body, json }) {
    const projectId = args.projectId;
    const job = await session.client.builds.start(projectId, body, { signal: io.signal });
    if (flags['no-wait'] === true) return printStarted(io, projectId, job, 'build', json);
    const final = await waitWithProgress(session.client, projectId, job, io, `Build of project ${projectId}`);
    if (json) printJson(io, { job: final, report: buildReport(final) });
    else io.stdout(formatBuildReport(final));
    return jobExitCode(final);
  },
});
