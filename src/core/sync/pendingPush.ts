// A push whose outcome is not known yet, recorded in `.cstudio/pending-push.json` before the first request
// goes out and kept until the base has been refreshed from a remote on which every job it started has
// ended. While the record exists the base is not moved: a Ctrl-C, a kill or a lost reply leaves the next
// push or status to settle it first (wait for the project's running jobs, then refresh the base from the
// remote and merge), so a re-run sends only what is really missing — an append sent twice would count twice.
// A request that went out without its job being seen may still arrive late: each attempt's time and settle
// window are recorded here, with the project's jobs before the push, and lateRequests.ts waits for it first.
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { PlatformClient } from '../platform/client';
import type { Job } from '../platform/types';
import { isTerminalJobStatus } from '../platform/jobPoller';
import { noProgress, type Progress } from '../progress';
import { writeFileAtomic } from '../fs/atomicFile';
import type { WorkspacePaths } from '../workspace/workspacePaths';

const VERSION = 1;
/** Jobs that change no content: a push never has to wait for them. */
export const CONTENT_NEUTRAL_JOBS: ReadonlySet<string> = new Set(['BUILD_MODELS']);

export type PendingState = 'queued' | 'sending' | 'sent' | 'applied' | 'failed' | 'unknown';

export interface PendingOperation {
  readonly title: string;
  readonly method: string;
  readonly endpoint: string;
  /** What the operation adds, changes or deletes (labels, as in the plan). */
  readonly items: readonly string[];
  state: PendingState;
  jobId?: string;
  /** The latest time its request went out, and how long it may take to reach the platform (lateRequests.ts). */
  attempt?: SendAttempt;
}

export interface SendAttempt {
  /** ISO time the request was started. */
  readonly at: string;
  /** The settle window: the request's own timeout. */
  readonly settleMs: number;
}

export interface PendingPush {
  readonly version: number;
  readonly projectId: string;
  readonly startedAt: string;
  readonly operations: PendingOperation[];
  /** The project's jobs before the first request (undefined: not known); a job not among them nor ours is a late arrival. */
  readonly jobsBefore?: readonly string[];
}

export function pendingPushFile(paths: WorkspacePaths): string {
  return join(paths.stateDir, 'pending-push.json');
}

export async function readPendingPush(paths: WorkspacePaths): Promise<PendingPush | undefined> {
  let text: string;
  try {
    text = await readFile(pendingPushFile(paths), 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  try {
    const value = JSON.parse(text) as PendingPush;
    if (value.version === VERSION && Array.isArray(value.operations)) return value;
  } catch {
    // A damaged record still means a push may have reached the platform: settle as if it had.
  }
  return { version: VERSION, projectId: '', startedAt: '', operations: [] };
}

export async function clearPendingPush(paths: WorkspacePaths): Promise<void> {
  await rm(pendingPushFile(paths), { force: true });
}

/** The record of one running push; every change is on disk before the request it describes is sent. */
export class PushJournal {
  private constructor(
    private readonly paths: WorkspacePaths,
    private readonly record: PendingPush,
  ) {}

  private settleMs = 0;

  static async begin(
    paths: WorkspacePaths,
    projectId: string,
    operations: readonly {
      title: string;
      method: string;
      endpoint: string;
      adds: readonly string[];
      changes: readonly string[];
      deletes: readonly string[];
    }[],
    attempts: { readonly jobsBefore?: ReadonlySet<string>; readonly settleMs: number },
  ): Promise<PushJournal> {
    const journal = new PushJournal(paths, {
      version: VERSION,
      projectId,
      startedAt: new Date().toISOString(),
      jobsBefore: attempts.jobsBefore ? [...attempts.jobsBefore] : undefined,
      operations: operations.map((o) => ({
        title: o.title,
        method: o.method,
        endpoint: o.endpoint,
        items: [...o.adds, ...o.changes, ...o.deletes].slice(0, 50),
        state: 'queued' as PendingState,
      })),
    });
    journal.settleMs = attempts.settleMs;
    await journal.save();
    return journal;
  }

  async sending(index: number): Promise<void> {
    await this.update(index, { state: 'sending', attempt: { at: new Date().toISOString(), settleMs: this.settleMs } });
  }
  async sent(index: number, jobId: string): Promise<void> {
    await this.update(index, { state: 'sent', jobId });
  }
  async ended(index: number, state: 'applied' | 'failed' | 'unknown', jobId?: string): Promise<void> {
    await this.update(index, { state, jobId });
  }

  private async update(index: number, change: Partial<PendingOperation>): Promise<void> {
    const op = this.record.operations[index];
    if (!op) return;
    if (change.state !== undefined) op.state = change.state;
    if (change.jobId !== undefined) op.jobId = change.jobId;
    if (change.attempt !== undefined) op.attempt = change.attempt;
    await this.save();
  }

  private async save(): Promise<void> {
    await writeFileAtomic(pendingPushFile(this.paths), `${JSON.stringify(this.record, null, 2)}\n`);
  }
}

/** The project's jobs that are changing its content now. */
export async function runningContentJobs(
  client: PlatformClient,
  projectId: string,
  signal?: AbortSignal,
): Promise<Job[]> {
  const running: Job[] = [];
  for await (const job of client.jobs.list(projectId, { signal })) {
    if (!isTerminalJobStatus(job.status) && !CONTENT_NEUTRAL_JOBS.has(job.type ?? '')) running.push(job);
  }
  return running;
}

/**
 * Waits until no content-changing job of the project is running, so the remote shows everything an
 * earlier push started. Returns how many jobs it waited for.
 */
export async function waitForProjectJobs(
  client: PlatformClient,
  projectId: string,
  options: { signal?: AbortSignal; progress?: Progress } = {},
): Promise<number> {
  const progress = options.progress ?? noProgress;
  let waited = 0;
  // A job that ends may have been queued behind another: list again until none runs.
  for (;;) {
    const running = await runningContentJobs(client, projectId, options.signal);
    if (running.length === 0) return waited;
    for (const job of running) {
      progress.report({
        message: `Waiting for job ${job.id} (${job.type ?? 'job'}) of project ${projectId} to end before comparing with the remote…`,
      });
      await client.jobPoller.waitFor(projectId, job, {
        signal: options.signal,
        progress: options.progress,
        label: `job ${job.id} of an earlier push`,
      });
      waited++;
    }
  }
}
