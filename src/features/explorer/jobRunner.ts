// Waiting for the job a command started, under a cancellable progress notification: the Jobs folder shows
// it at once and follows its state; the end is reported (a failure throws, so the error wrapper shows it with
// "Show Log"). Cancelling stops the waiting only; the task keeps running on the platform.
import { isCancellation } from '../../core/platform/errors';
import type { Progress } from '../../core/progress';
import type { Job } from '../../core/platform/types';
import type { ExplorerCommandDeps } from './commandDeps';
import { reportMessages } from './nodes/jobNodes';
import { refreshProject, type ProjectPart } from './refreshAfter';
import type { ProjectTarget } from './targets';

export interface JobOutcome {
  readonly job: Job;
  /** False when the user stopped waiting. */
  readonly finished: boolean;
}

/** Polls `job` to its end, reporting through `progress`; returns its final state, or throws when it FAILED. */
export async function waitForJob(
  deps: ExplorerCommandDeps,
  target: ProjectTarget,
  job: Job,
  label: string,
  progress: Progress,
  signal: AbortSignal,
): Promise<Job> {
  refreshProject(deps.model, target.connectionId, target.projectId, 'jobs');
  const final = await target.client.jobPoller.waitFor(target.projectId, job, { signal, progress, label });
  refreshProject(deps.model, target.connectionId, target.projectId, 'jobs');
  const messages = reportMessages(final.report);
  if (final.status === 'FAILED') {
    throw new Error(
      `${label} failed (job ${final.id} of project "${target.projectName}")${messages.length ? `: ${messages.join('; ')}` : '.'}`,
    );
  }
  return final;
}

/** Starts a job with `start` and waits for it, all under one progress notification. */
export async function runJob(
  deps: ExplorerCommandDeps,
  target: ProjectTarget,
  label: string,
  start: (signal: AbortSignal) => Promise<Job>,
  afterwards: ProjectPart[] = [],
): Promise<JobOutcome> {
  let started: Job | undefined;
  try {
    const job = await deps.prompter.withProgress({ title: label }, async (progress, signal) => {
      progress.report({ message: 'starting…' });
      started = await start(signal);
      return waitForJob(deps, target, started, label, progress, signal);
    });
    reportSuccess(deps, target, label, job);
    return { job, finished: true };
  } catch (err) {
    if (started && isCancellation(err)) {
      void deps.prompter.info(
        `Stopped waiting for "${label}" (job ${started.id}); it keeps running on the platform. Its state shows under Jobs.`,
      );
      return { job: started, finished: false };
    }
    throw err;
  } finally {
    if (afterwards.length > 0) refreshProject(deps.model, target.connectionId, target.projectId, ...afterwards);
  }
}

function reportSuccess(deps: ExplorerCommandDeps, target: ProjectTarget, label: string, job: Job): void {
  const messages = reportMessages(job.report);
  if (job.status === 'PARTIALLY_COMPLETED') {
    void deps.prompter.warn(`${label}: partially completed${messages.length ? ` — ${messages.join('; ')}` : ''}.`);
  } else {
    void deps.prompter.info(`${label}: completed${job.duration ? ` in ${job.duration}` : ''}.`);
  }
  deps.logger.info(`${label} (project ${target.projectId}, job ${job.id}): ${job.status}`);
}
