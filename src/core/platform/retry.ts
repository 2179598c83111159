// When and how long to wait before another attempt. Capped exponential backoff with full jitter spreads
// clients apart after an outage; a server's Retry-After wins over our own guess (within the cap).

export interface RetryPolicy {
  /** Total attempts including the first (default 4). 1 disables retries. */
  readonly maxAttempts: number;
  /** Backoff base: attempt n waits up to base × 2^(n-1) (default 200 ms). */
  readonly baseDelayMs: number;
  /** Upper bound of one computed backoff (default 5 s). */
  readonly maxDelayMs: number;
  /** Upper bound of a wait requested by Retry-After (default 30 s). */
  readonly maxRetryAfterMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = {
  maxAttempts: 4,
  baseDelayMs: 200,
  maxDelayMs: 5_000,
  maxRetryAfterMs: 30_000,
};

export function retryPolicy(overrides: Partial<RetryPolicy> | undefined): RetryPolicy {
  const merged = { ...DEFAULT_RETRY, ...overrides };
  return { ...merged, maxAttempts: Math.max(1, Math.floor(merged.maxAttempts)) };
}

export type HttpMethod = 'GET' | 'HEAD' | 'PUT' | 'DELETE' | 'POST' | 'PATCH';

/** GET, HEAD, PUT and DELETE are idempotent; POST and PATCH only when the caller says so. */
export function isIdempotent(method: HttpMethod, marked: boolean | undefined): boolean {
  if (marked !== undefined) return marked;
  return method === 'GET' || method === 'HEAD' || method === 'PUT' || method === 'DELETE';
}

/** Statuses worth another attempt: 429 and 5xx, except 501 (a feature that is off stays off). */
export function isRetryableStatus(status: number): boolean {
  return status === 429 || (status >= 500 && status <= 599 && status !== 501);
}

/** Full-jitter backoff for the wait after attempt `attempt` (1-based). */
export function backoffDelay(attempt: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempt - 1));
  return Math.floor(random() * ceiling);
}

/** Parses Retry-After (delta seconds or an HTTP date) into milliseconds from `now`; undefined when absent or invalid. */
export function parseRetryAfter(header: string | undefined, now: number = Date.now()): number | undefined {
  if (header === undefined) return undefined;
  const text = header.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

/**
 * The one reading of a server's Retry-After wait: what it asked for, capped (30 s by default: a server asking for
 * hours must not freeze a command or a log stream), or `otherwise` when it asked for nothing. The transport, the
 * log stream, push and the runtime evaluation all wait through here.
 */
export function retryAfterWait(
  retryAfterMs: number | undefined,
  otherwise: number,
  policy: Pick<RetryPolicy, 'maxRetryAfterMs'> = DEFAULT_RETRY,
): number {
  return retryAfterMs === undefined ? otherwise : Math.min(retryAfterMs, policy.maxRetryAfterMs);
}

/** The wait before the next attempt: Retry-After when the server sent one (capped), otherwise backoff. */
export function nextDelay(attempt: number, policy: RetryPolicy, retryAfterMs: number | undefined): number {
  return retryAfterMs === undefined ? backoffDelay(attempt, policy) : retryAfterWait(retryAfterMs, 0, policy);
}
