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

/** For --no-wait: says how to follow the job (or prints it as JSON); exit 0, the job runs on. */
export function printStarted(io: CliIO, projectId: string, job: Job, what: string, json: boolean): number {
  if (json) printJson(io, job);
  else io.stdout(`Started ${what} job ${job.id}; follow it with: cstudio jobs watch ${projectId} ${job.id}\n`);
  return 0;
}

/** Waits for a job to end, with a progress line on stderr per status change (one a change keeps CI logs readable). */
export async function waitWithProgress(
  client: PlatformClient,
  projectId: string,
  job: Job,
  io: CliIO,
  label?: string,
): Promise<Job> {
  let last = '';
  return client.jobPoller.waitFor(projectId, job, {
    signal: io.signal,
    label,
    progress: {
      report: ({ message }) => {
        const status = message?.replace(/ \(\d+ s\)$/, '') ?? '';
        if (status !== last) {
          io.stderr(`${message ?? ''}\n`);
          last = status;
        }
      },
    },
  });
}

export async function waitAndReport(
  client: PlatformClient,
  projectId: string,
  job: Job,
  io: CliIO,
  json: boolean,
): Promise<number> {
  const final = await waitWithProgress(client, projectId, job, io);
  if (json) printJson(io, final);
  else io.stdout(describeJob(final));
  return jobExitCode(final);
}
