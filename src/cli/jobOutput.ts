// Waiting for a platform job from the CLI: progress lines on stderr, the final state on stdout, and an
// exit code that says whether the job succeeded.
import type { PlatformClient } from '../core/platform/client';
import type { Job } from '../core/platform/types';
import type { CliIO } from './command';
import { formatDetails, printJson } from './output';

export function describeJob(job: Job): string {
  return formatDetails([
    ['id', job.id],
    ['project', job.projectId],
    ['type', job.type],
    ['status', job.status],
    ['created', job.createTime],
    ['updated', job.updateTime],
    ['duration', job.duration],
    ['report', Object.keys(job.report).length > 0 ? job.report : undefined],
  ]);
}

/** 0 when the job COMPLETED, 1 otherwise (FAILED, PARTIALLY_COMPLETED). */
export function jobExitCode(job: Job): number {
  return job.status === 'COMPLETED' ? 0 : 1;
}

export async function waitAndReport(
  client: PlatformClient,
  projectId: string,
  job: Job,
  io: CliIO,
  json: boolean,
): Promise<number> {
  let last = '';
  const final = await client.jobPoller.waitFor(projectId, job, {
    signal: io.signal,
    progress: {
      report: ({ message }) => {
        // One line per status change keeps CI logs readable.
        const status = message?.replace(/ \(\d+ s\)$/, '') ?? '';
        if (status !== last) {
          io.stderr(`${message ?? ''}\n`);
          last = status;
        }
      },
    },
  });
  if (json) printJson(io, final);
  else io.stdout(describeJob(final));
  return jobExitCode(final);
}
