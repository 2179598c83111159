// Running push operations one after the other: each is sent, its job polled to the end, and the first
// failure stops the run, so the outcome says exactly what was applied, what failed and what was never
// tried. The optional project lock is taken first and always released.
import type { Blob } from 'node:buffer';
import type { PlatformClient } from '../platform/client';
import { BadRequestError, ProjectLockedError, isCancellation, PlatformError } from '../platform/errors';
import type { Job } from '../platform/types';
import { noProgress, throwIfAborted, type Progress } from '../progress';
import { PushRefusedError } from './pushErrors';
import type { PushOperation } from './pushPlan';

export type OperationStatus = 'applied' | 'failed' | 'unknown';

export interface OperationResult {
  readonly operation: PushOperation;
  readonly status: OperationStatus;
  readonly job?: Job;
  /** Why it failed, or why its effect is unknown. */
  readonly error?: string;
}

export interface RunOutcome {
  readonly results: OperationResult[];
  readonly notAttempted: PushOperation[];
}

export interface RunOptions {
  readonly signal?: AbortSignal;
  readonly progress?: Progress;
  /** The whole-package upload, built by the caller when the plan has a package replace. */
  readonly packageBlob?: () => Promise<{ blob: Blob; fileName: string }>;
}

export async function runOperations(client: PlatformClient, projectId: string, operations: readonly PushOperation[], options: RunOptions = {}): Promise<RunOutcome> {
  const progress = options.progress ?? noProgress;
  const results: OperationResult[] = [];
  for (const [i, op] of operations.entries()) {
    if (options.signal?.aborted) return { results, notAttempted: operations.slice(i) };
    progress.report({ message: `${i + 1}/${operations.length}: ${op.title}` });
    const result = await runOne(client, projectId, op, options);
    results.push(result);
    progress.report({ increment: 100 / operations.length });
    if (result.status !== 'applied') return { results, notAttempted: operations.slice(i + 1) };
  }
  return { results, notAttempted: [] };
}

async function runOne(client: PlatformClient, projectId: string, op: PushOperation, options: RunOptions): Promise<OperationResult> {
  let started: Job;
  try {
    throwIfAborted(options.signal);
    started = await send(client, projectId, op, options);
  } catch (err) {
    // The platform answered with a refusal: nothing of this operation was applied.
    if (err instanceof PlatformError && ['BadRequest', 'Forbidden', 'NotFound', 'ProjectLocked', 'Unauthorized', 'TooLarge', 'FeatureNotEnabled'].includes(err.kind)) {
      return { operation: op, status: 'failed', error: err.message };
    }
    return { operation: op, status: 'unknown', error: `${message(err)} — the request may or may not have reached the platform` };
  }
  try {
    const job = await client.jobPoller.waitFor(projectId, started, { signal: options.signal, progress: options.progress, label: op.title });
    if (job.status === 'COMPLETED') return { operation: op, status: 'applied', job };
    return { operation: op, status: 'failed', job, error: `job ${job.id} ended ${job.status}${jobErrors(job)}` };
  } catch (err) {
    const why = isCancellation(err) ? 'stopped waiting' : message(err);
    return { operation: op, status: 'unknown', job: started, error: `${why}; job ${started.id} keeps running on the platform` };
  }
}

async function send(client: PlatformClient, projectId: string, op: PushOperation, options: RunOptions): Promise<Job> {
  const call = { signal: options.signal };
  const file = op.upload ? { data: op.upload.data, fileName: op.upload.fileName } : undefined;
  const need = (): { data: Uint8Array; fileName: string } => {
    if (!file) throw new Error(`Operation "${op.title}" has no file to send.`);
    return file;
  };
  switch (op.kind) {
    case 'ontologyAppend': return client.ontology.append(projectId, need(), call);
    case 'samplesAppend': return client.samples.append(projectId, op.target ?? '', op.locale ?? '', need(), call);
    case 'samplesReplace': return client.samples.replace(projectId, op.target ?? '', op.locale ?? '', need(), call);
    case 'literalsAppend': return client.entities.appendLiterals(projectId, op.target ?? '', op.locale ?? '', need(), call);
    case 'literalsReplace': return client.entities.replaceLiterals(projectId, op.target ?? '', op.locale ?? '', need(), call);
    case 'packageReplace': {
      if (!options.packageBlob) throw new Error('The whole-package replace has no package to send.');
      const { blob, fileName } = await options.packageBlob();
      return client.projects.replacePackage(projectId, blob, { ...call, fileName });
    }
  }
}

function jobErrors(job: Job): string {
  const messages: string[] = [];
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) { v.forEach(walk); return; }
    if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      if (typeof o.message === 'string') messages.push(o.message);
      Object.values(o).forEach(walk);
    }
  };
  walk(job.report);
  return messages.length > 0 ? `: ${[...new Set(messages)].join('; ')}` : '';
}

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

export interface HeldLock {
  /** Whether this push took the lock (and so releases it). */
  readonly acquired: boolean;
}

/** Locks the project for the push; a lock the caller already holds is used as is (and left in place). */
export async function acquireLock(client: PlatformClient, projectId: string, notes: string, signal?: AbortSignal): Promise<HeldLock> {
  try {
    await client.projects.lock(projectId, notes, { signal });
    return { acquired: true };
  } catch (err) {
    if (err instanceof BadRequestError && /already locked by you/i.test(err.message)) return { acquired: false };
    if (err instanceof ProjectLockedError) {
      throw new PushRefusedError('locked', `${err.serverMessage ?? err.message} Nothing was sent; wait for the lock to be released, or ask its owner.`);
    }
    throw err;
  }
}

/** Releases a lock this push took; returns a problem to report instead of throwing (the push already ran). */
export async function releaseLock(client: PlatformClient, projectId: string, lock: HeldLock): Promise<string | undefined> {
  if (!lock.acquired) return undefined;
  try {
    await client.projects.unlock(projectId);
    return undefined;
  } catch (err) {
    return `The project is still locked (${message(err)}); unlock it with: cstudio projects unlock ${projectId}`;
  }
}
