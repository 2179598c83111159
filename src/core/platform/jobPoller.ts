// Waits for a job (build, import, replace, data pack) to finish: polls with a growing interval, reports
// status and elapsed time, and stops when cancelled or out of time. Stopping never deletes the job: the
// task runs on in the platform, and deleting its record is a separate, explicit action.
import { noProgress, sleep, type Progress } from '../progress';
import { CancelledError, TimeoutError } from './errors';
import type { JobsClient } from './jobs';
import type { Job, JobStatus } from './types';

export const TERMINAL_JOB_STATUSES: readonly JobStatus[] = ['COMPLETED', 'PARTIALLY_COMPLETED', 'FAILED'];

export function isTerminalJobStatus(status: JobStatus): boolean {
  return TERMINAL_JOB_STATUSES.includes(status);
}

export interface PollOptions {
  readonly signal?: AbortSignal;
  readonly progress?: Progress;
  /** Called with every job state seen, terminal ones included. */
  readonly onUpdate?: (job: Job) => void;
  /** Give up (TimeoutError) after this long; default: wait as long as the job runs. */
  readonly timeoutMs?: number;
  /**
   * First interval between polls (default 250 ms), growing by `factor` (1.6) up to `maxDelayMs` (5 s), but never
   * past a tenth of the time waited so far: a job is seen ending at most ~10% after it does (a 1.5 s import is not
   * waited on for 2.3 s), while a long build is still polled seldom.
   */
  readonly initialDelayMs?: number;
  readonly maxDelayMs?: number;
  readonly factor?: number;
  /**
   * How long the job is expected to take (e.g. the last job of its kind in the project took that long): a poll is
   * placed at that moment, then the job is polled every twentieth of it until it is half as long overdue, so its
   * end is seen within ~5% instead of up to a whole interval later. Then the usual schedule goes on.
   */
  readonly expectedMs?: number;
  /** What the job does, for progress messages (default: the job type). */
  readonly label?: string;
}

/** Shortest wait between the polls around an expected end (a very short expected job is not polled in a loop). */
const MIN_EXPECTED_POLL_MS = 25;

/** The wait before the next poll: `delay`, but not past the expected end, and short while the job is overdue. */
export function expectedDelay(delay: number, elapsed: number, expectedMs: number | undefined): number {
  if (expectedMs === undefined || !(expectedMs > 0)) return delay;
  const untilExpected = expectedMs - elapsed;
  if (untilExpected > 0) return Math.min(delay, untilExpected);
  if (elapsed < expectedMs * 1.5) return Math.min(delay, Math.max(MIN_EXPECTED_POLL_MS, expectedMs / 20));
  return delay;
}

export class JobPoller {
  constructor(
    private readonly jobs: JobsClient,
    private readonly now: () => number = Date.now,
  ) {}

  /** Polls until the job is COMPLETED, PARTIALLY_COMPLETED or FAILED and returns that final state. */
  async waitFor(projectId: string, job: string | Job, options: PollOptions = {}): Promise<Job> {
    const jobId = typeof job === 'string' ? job : job.id;
    const progress = options.progress ?? noProgress;
    const started = this.now();
    const deadline = options.timeoutMs === undefined ? Infinity : started + options.timeoutMs;
    const maxDelay = options.maxDelayMs ?? 5_000;
    const factor = options.factor ?? 1.6;
    const initialDelay = options.initialDelayMs ?? 250;
    let delay = initialDelay;
    let current = typeof job === 'string' ? undefined : job;

    for (;;) {
      if (current === undefined || !isTerminalJobStatus(current.status)) {
        current = await this.fetch(projectId, jobId, options.signal);
      }
      options.onUpdate?.(current);
      const elapsed = Math.round((this.now() - started) / 1000);
      progress.report({ message: `${options.label ?? current.type ?? 'Job'}: ${current.status} (${elapsed} s)` });
      if (isTerminalJobStatus(current.status)) return current;

      const remaining = deadline - this.now();
      if (remaining <= 0) {
        throw new TimeoutError(
          `Job ${jobId} of project ${projectId} is still ${current.status} after ${elapsed} s; it keeps running on the platform. ` +
            'Check it again later, or wait longer.',
          { resource: `job ${jobId} of project ${projectId}` },
        );
      }
      try {
        await sleep(
          Math.min(expectedDelay(delay, this.now() - started, options.expectedMs), remaining),
          options.signal,
        );
      } catch (cause) {
        throw this.cancelled(projectId, jobId, cause);
      }
      delay = Math.min(maxDelay, delay * factor, Math.max(initialDelay, (this.now() - started) / 10));
      current = undefined;
    }
  }

  private async fetch(projectId: string, jobId: string, signal: AbortSignal | undefined): Promise<Job> {
    try {
      return await this.jobs.get(projectId, jobId, { signal });
    } catch (err) {
      if (signal?.aborted) throw this.cancelled(projectId, jobId, err);
      throw err;
    }
  }

  private cancelled(projectId: string, jobId: string, cause: unknown): CancelledError {
    return new CancelledError(
      `Stopped waiting for job ${jobId} of project ${projectId}; the job keeps running on the platform.`,
      { resource: `job ${jobId} of project ${projectId}`, cause },
    );
  }
}
