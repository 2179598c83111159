// Exactly once without an idempotency key. The platform cannot tell a request sent twice from two requests, so a
// push whose request may still be on its way (a slow gateway; an upload still leaving the socket after the CLI
// was killed) must not be sent again until that attempt has settled: its job appears in the project's job list
// (a job that is neither one the project had before the push nor one the push saw), or the settle window — the
// request's own timeout, the longest a live client would have waited for an answer before calling the outcome
// unknown — has passed since it was sent. What remains is a request the network holds longer than that window:
// no client can rule it out without the platform's help (README, "Sync safety").
import type { PlatformClient } from '../platform/client';
import { noProgress, sleep, throwIfAborted, type Progress } from '../progress';
import { CONTENT_NEUTRAL_JOBS, type PendingOperation, type PendingPush } from './pendingPush';

export interface LateRequestOptions {
  readonly signal?: AbortSignal;
  readonly progress?: Progress;
  /** Send again without waiting (the user accepted that the earlier attempt may be applied too). */
  readonly force?: boolean;
  /** How often the job list is asked, ms (default 500). */
  readonly pollMs?: number;
}

export type LateRequestOutcome =
  | { readonly kind: 'none' }
  | { readonly kind: 'arrived'; readonly jobId: string; readonly waitedMs: number }
  | { readonly kind: 'windowPassed'; readonly waitedMs: number }
  | { readonly kind: 'forced'; readonly operations: readonly string[] };

/** Operations whose request went out but whose job was never seen: they may still reach the platform. */
export function inDoubt(pending: PendingPush): PendingOperation[] {
  return pending.operations.filter((o) => o.jobId === undefined && (o.state === 'sending' || o.state === 'unknown'));
}

/**
 * Waits until every request of `pending` that may still arrive has settled (see the header). A job list that
 * cannot be read (too many jobs, no list recorded before the push) leaves the window alone to decide.
 */
export async function awaitLateRequests(
  client: PlatformClient,
  pending: PendingPush,
  options: LateRequestOptions = {},
): Promise<LateRequestOutcome> {
  const doubtful = inDoubt(pending);
  if (doubtful.length === 0) return { kind: 'none' };
  const progress = options.progress ?? noProgress;
  if (options.force) {
    progress.report({
      message: `Warning: not waiting for an earlier attempt of ${doubtful.map((o) => `"${o.title}"`).join(', ')}, which may still reach the platform (--force); if it does, it is applied twice.`,
    });
    return { kind: 'forced', operations: doubtful.map((o) => o.title) };
  }
  // An attempt without a recorded time (a journal of an earlier version) has no window left to wait.
  const deadline = doubtful.reduce((latest, o) => {
    const end = o.attempt ? Date.parse(o.attempt.at) + o.attempt.settleMs : NaN;
    return Number.isFinite(end) ? Math.max(latest, end) : latest;
  }, -Infinity);
  const known =
    pending.jobsBefore === undefined
      ? undefined
      : new Set([...pending.jobsBefore, ...pending.operations.flatMap((o) => (o.jobId ? [o.jobId] : []))]);
  const started = Date.now();
  let told = 0;
  for (;;) {
    throwIfAborted(options.signal);
    if (known) {
      for await (const job of client.jobs.list(pending.projectId, { signal: options.signal })) {
        // A build changes no content: it is nobody's late push.
        if (!known.has(job.id) && !CONTENT_NEUTRAL_JOBS.has(job.type ?? ''))
          return { kind: 'arrived', jobId: job.id, waitedMs: Date.now() - started };
      }
    }
    const left = deadline - Date.now();
    if (!(left > 0)) return { kind: 'windowPassed', waitedMs: Date.now() - started };
    // Said once, then every 5 s: the wait can last the request's whole timeout.
    if (Date.now() - told >= 5000) {
      told = Date.now();
      progress.report({
        message: `An earlier attempt of ${doubtful.map((o) => `"${o.title}"`).join(', ')} may still reach the platform; waiting up to ${Math.ceil(left / 1000)} s for its job to appear before comparing (sending it again now could apply it twice; --force does so anyway).`,
      });
    }
    await sleep(Math.min(options.pollMs ?? 500, left), options.signal);
  }
}
