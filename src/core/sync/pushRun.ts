// Running push operations one after the other: each is sent, its job polled to the end, and the first
// failure stops the run, so the outcome says exactly what was applied, what failed and what was never
// tried. The optional project lock is taken first and always released.
import type { Blob } from 'node:buffer';
import { randomBytes } from 'node:crypto';
import type { PlatformClient } from '../platform/client';
import {
  BadRequestError,
  ProjectLockedError,
  RateLimitedError,
  isCancellation,
  PlatformError,
} from '../platform/errors';
import type { Job } from '../platform/types';
import { retryAfterWait } from '../platform/retry';
import { noProgress, sleep, throwIfAborted, type Progress } from '../progress';
import type { PushJournal } from './pendingPush';
import { testKillPoint } from './testKillPoints';
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
  /** Where each operation's progress is recorded before its request goes out (see pendingPush.ts). */
  readonly journal?: PushJournal;
  /** How long a job of this type is expected to take (see PollOptions.expectedMs). */
  readonly expectedJobMs?: (type: string) => number | undefined;
  /** How often a request refused with 429 is sent again, after the server's Retry-After (default 5). */
  readonly rateLimitRetries?: number;
}

/** The wait after a 429 without Retry-After. */
const DEFAULT_RETRY_AFTER_MS = 1_000;
/** Refusals: the platform answered, and nothing of the operation was applied. */
const REFUSALS = [
  'BadRequest',
  'Forbidden',
  'NotFound',
  'ProjectLocked',
  'Unauthorized',
  'TooLarge',
  'FeatureNotEnabled',
  'RateLimited',
];

export async function runOperations(
  client: PlatformClient,
  projectId: string,
  operations: readonly PushOperation[],
  options: RunOptions = {},
): Promise<RunOutcome> {
  const progress = options.progress ?? noProgress;
  const results: OperationResult[] = [];
  for (const [i, op] of operations.entries()) {
    if (options.signal?.aborted) return { results, notAttempted: operations.slice(i) };
    progress.report({ message: `${i + 1}/${operations.length}: ${op.title}` });
    const result = await sendAndWait(client, projectId, op, options, i);
    await options.journal?.ended(i, result.status, result.job?.id);
    testKillPoint(`push:ended:${i}`);
    results.push(result);
    progress.report({ increment: 100 / operations.length });
    if (result.status !== 'applied') return { results, notAttempted: operations.slice(i + 1) };
  }
  return { results, notAttempted: [] };
}

async function sendAndWait(
  client: PlatformClient,
  projectId: string,
  op: PushOperation,
  options: RunOptions,
  index: number,
): Promise<OperationResult> {
  let started: Job;
  const attempt = { sent: false };
  try {
    started = await sendRespectingRateLimit(client, projectId, op, options, index, attempt);
  } catch (err) {
    // The platform answered with a refusal: nothing of this operation was applied.
    if (err instanceof PlatformError && REFUSALS.includes(err.kind))
      return { operation: op, status: 'failed', error: err.message };
    if (!attempt.sent) return { operation: op, status: 'failed', error: `not sent: ${message(err)}` };
    return {
      operation: op,
      status: 'unknown',
      error: `${message(err)} — the request may or may not have reached the platform; the next push or status settles it (waits for the project's jobs, then compares with the remote)`,
    };
  }
  await options.journal?.sent(index, started.id);
  testKillPoint(`push:sent:${index}`);
  try {
    const expectedMs = started.type === undefined ? undefined : options.expectedJobMs?.(started.type);
    const job = await client.jobPoller.waitFor(projectId, started, {
      signal: options.signal,
      progress: options.progress,
      label: op.title,
      expectedMs,
    });
    if (job.status === 'COMPLETED') return { operation: op, status: 'applied', job };
    return { operation: op, status: 'failed', job, error: `job ${job.id} ended ${job.status}${jobErrors(job)}` };
  } catch (err) {
    const why = isCancellation(err) ? 'stopped waiting' : message(err);
    return {
      operation: op,
      status: 'unknown',
      job: started,
      error: `${why}; job ${started.id} keeps running on the platform, and the next push or status waits for it`,
    };
  }
}

/** Sends the operation; a 429 is a refusal (nothing applied), so it is sent again after Retry-After. */
async function sendRespectingRateLimit(
  client: PlatformClient,
  projectId: string,
  op: PushOperation,
  options: RunOptions,
  index: number,
  attempt: { sent: boolean },
): Promise<Job> {
  const retries = options.rateLimitRetries ?? 5;
  for (let n = 0; ; n++) {
    throwIfAborted(options.signal);
    await options.journal?.sending(index);
    testKillPoint(`push:sending:${index}`);
    attempt.sent = true;
    try {
      return await send(client, projectId, op, options);
    } catch (err) {
      // Only a refusal leaves the platform untouched; anything else may have reached it.
      if (err instanceof PlatformError && REFUSALS.includes(err.kind)) attempt.sent = false;
      if (!(err instanceof RateLimitedError) || n >= retries) throw err;
      const wait = retryAfterWait(err.retryAfterMs, DEFAULT_RETRY_AFTER_MS);
      options.progress?.report({
        message: `${op.title}: the platform asked to retry after ${Math.ceil(wait / 1000)} s (429); waiting…`,
      });
      await sleep(wait, options.signal);
    }
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
    case 'ontologyAppend':
      return client.ontology.append(projectId, need(), call);
    case 'samplesAppend':
      return client.samples.append(projectId, op.target ?? '', op.locale ?? '', need(), call);
    case 'samplesReplace':
      return client.samples.replace(projectId, op.target ?? '', op.locale ?? '', need(), call);
    case 'literalsAppend':
      return client.entities.appendLiterals(projectId, op.target ?? '', op.locale ?? '', need(), call);
    case 'literalsReplace':
      return client.entities.replaceLiterals(projectId, op.target ?? '', op.locale ?? '', need(), call);
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
    if (Array.isArray(v)) {
      v.forEach(walk);
      return;
    }
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

/** Notes of a lock taken by a push end with this mark, so another push by the same user can tell it from a lock taken by hand. */
const PUSH_MARK = /\(cstudio push [0-9a-f]{12}\)$/;

/**
 * Locks the project for the push. A lock the caller took by hand is used as is (and left in place); a lock the same
 * user holds for another push (from another folder or terminal: its notes carry a push's mark) refuses, since
 * both pushes would otherwise run under it.
 */
export async function acquireLock(
  client: PlatformClient,
  projectId: string,
  notes: string,
  signal?: AbortSignal,
): Promise<HeldLock> {
  try {
    await client.projects.lock(projectId, `${notes} (cstudio push ${randomBytes(6).toString('hex')})`, { signal });
    return { acquired: true };
  } catch (err) {
    if (err instanceof BadRequestError && /already locked by you/i.test(err.message)) {
      const held = await client.projects.getLock(projectId, { signal });
      if (held?.notes !== undefined && PUSH_MARK.test(held.notes)) {
        throw new PushRefusedError(
          'locked',
          `Project ${projectId} is locked by you for another push in progress ("${held.notes}"${held.createTime ? `, since ${held.createTime}` : ''}); nothing was sent. Wait for that push to end; if it died, unlock with: cstudio projects unlock ${projectId}`,
        );
      }
      return { acquired: false };
    }
    if (err instanceof ProjectLockedError) {
      throw new PushRefusedError(
        'locked',
        `${err.serverMessage ?? err.message} Nothing was sent; wait for the lock to be released, or ask its owner.`,
      );
    }
    throw err;
  }
}

/** Releases a lock this push took; returns a problem to report instead of throwing (the push already ran). */
export async function releaseLock(
  client: PlatformClient,
  projectId: string,
  lock: HeldLock,
): Promise<string | undefined> {
  if (!lock.acquired) return undefined;
  try {
    await client.projects.unlock(projectId);
    return undefined;
  } catch (err) {
    return `The project is still locked (${message(err)}); unlock it with: cstudio projects unlock ${projectId}`;
  }
}
