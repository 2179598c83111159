// Asynchronous jobs: a job is RUNNING for `durationMs`, then its task runs and it ends COMPLETED,
// PARTIALLY_COMPLETED or FAILED with a report. Jobs are persisted with their due time, so a restart
// resumes them. Deleting a job through the API only hides the record: the task still runs to completion,
// after which the record is dropped (platform-api.md, "Job").
import { randomUUID } from 'node:crypto';
import type { Logger } from '../core/logger';
import type { Store } from './store';
import type { JobRecord, JobStatus, JobTask } from './state';

export interface TaskOutcome {
  status: Exclude<JobStatus, 'RUNNING'>;
  report: Record<string, unknown>;
}

/** Runs one kind of task; may throw, which fails the job with the error's message. */
export type TaskExecutor = (job: JobRecord, task: JobTask) => Promise<TaskOutcome> | TaskOutcome;

export interface NewJob {
  projectId: string;
  type: string;
  task: JobTask;
  createdBy: string;
}

export class JobRunner {
  private readonly executors = new Map<string, TaskExecutor>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly running = new Set<Promise<void>>();
  private closed = false;

  constructor(
    private readonly store: Store,
    private readonly durationMs: number,
    private readonly now: () => number,
    private readonly logger: Logger,
  ) {}

  /** Route families register the executor of each task kind they create. */
  registerExecutor(kind: JobTask['kind'], executor: TaskExecutor): void {
    this.executors.set(kind, executor);
  }

  /** Adds a RUNNING job to the state and schedules it; the caller commits the store. */
  create(spec: NewJob): JobRecord {
    const now = this.now();
    const iso = new Date(now).toISOString();
    const job: JobRecord = {
      id: randomUUID(),
      projectId: spec.projectId,
      type: spec.type,
      status: 'RUNNING',
      createTime: iso,
      updateTime: iso,
      dueTime: now + this.durationMs,
      report: {},
      task: spec.task,
      createdBy: spec.createdBy,
    };
    this.store.state.jobs.push(job);
    this.schedule(job);
    return job;
  }

  /** Schedules every job still RUNNING in the loaded state (after a restart). */
  resumeAll(): void {
    for (const job of this.store.state.jobs) if (job.status === 'RUNNING') this.schedule(job);
  }

  /** Hides a job record; a RUNNING task keeps going and drops the record when it ends. */
  delete(job: JobRecord): void {
    if (job.status === 'RUNNING') job.deleted = true;
    else this.store.state.jobs = this.store.state.jobs.filter((j) => j !== job);
  }

  /** Stops scheduling and waits for tasks in flight; RUNNING jobs resume at the next start. */
  async close(): Promise<void> {
    this.closed = true;
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
    await Promise.all([...this.running]);
  }

  private schedule(job: JobRecord): void {
    const delay = Math.max(0, job.dueTime - this.now());
    const timer = setTimeout(
      () => {
        this.timers.delete(job.id);
        const p = this.finish(job).finally(() => this.running.delete(p));
        this.running.add(p);
      },
      Math.min(delay, this.durationMs),
    );
    this.timers.set(job.id, timer);
  }

  private async finish(job: JobRecord): Promise<void> {
    if (this.closed) return;
    let outcome: TaskOutcome;
    const task = job.task;
    try {
      const executor = task && this.executors.get(task.kind);
      if (!task || !executor)
        throw new Error(`No executor for task "${task?.kind ?? 'none'}" of job type ${job.type}.`);
      outcome = await executor(job, task);
    } catch (err) {
      this.logger.warn(`job ${job.id} (${job.type}) failed: ${(err as Error).message}`);
      outcome = { status: 'FAILED', report: { errors: { errors: [{ code: '-1', message: (err as Error).message }] } } };
    }
    // The job ends once its result is persisted: the project's JSON (tens of MB for 100k samples, made synchronously)
    // is made before the end is stamped, so a job's duration includes it, as a platform's job ends after its write.
    // Stamped before it, the duration left out a wait every client polling the job pays.
    this.store.serializeContent();
    job.status = outcome.status;
    job.report = outcome.report;
    job.updateTime = new Date(Math.max(this.now(), Date.parse(job.createTime))).toISOString();
    delete job.task;
    if (job.deleted) this.store.state.jobs = this.store.state.jobs.filter((j) => j !== job);
    try {
      await this.store.commit();
    } catch (err) {
      this.logger.error(`could not persist the end of job ${job.id}: ${(err as Error).message}`);
    }
  }
}

/** `"52s"`: whole seconds from creation to the end (or to now while RUNNING). */
export function jobDuration(job: JobRecord, now: number): string {
  const end = job.status === 'RUNNING' ? now : Date.parse(job.updateTime);
  return `${Math.max(0, Math.round((end - Date.parse(job.createTime)) / 1000))}s`;
}
