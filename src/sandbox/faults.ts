// Fault injection for testing clients: `latency=50,error5xx=0.1,reset=0.05,rate429=0.05,emptyFetch=0.3,seed=42`
// (`retryAfter=<s>` sets the injected 429s' Retry-After, 1 s by default: a huge one checks a client's cap).
// Every draw comes from a PRNG seeded by `seed`, so the same requests in the same order meet the same
// faults. The token endpoint is spared unless `auth=1`, so a client can always sign in.

import { prng } from '../core/prng';

export interface FaultSpec {
  /** Delay added before every eligible request, in ms. */
  latencyMs: number;
  /** Probability of a 500/503 gateway error. */
  error5xx: number;
  /** Probability that the socket is destroyed without a response. */
  reset: number;
  /** Probability of a 429 with Retry-After. */
  rate429: number;
  /** The injected 429s' Retry-After, in seconds. */
  retryAfterSec: number;
  /** Probability that a consumer-API fetch returns no records although some are available. */
  emptyFetch: number;
  seed: number;
  /** Also inject faults on `/oauth2/token`. */
  auth: boolean;
}

export type FaultDecision =
  | { kind: 'none' }
  | { kind: 'reset' }
  | { kind: 'error'; status: 500 | 503 }
  | { kind: 'rateLimit' };

const RATE_KEYS = ['error5xx', 'reset', 'rate429', 'emptyFetch'] as const;

/** Parses a `--faults` value; throws an Error naming the bad item. */
export function parseFaults(text: string): FaultSpec {
  const spec: FaultSpec = {
    latencyMs: 0,
    error5xx: 0,
    reset: 0,
    rate429: 0,
    retryAfterSec: 1,
    emptyFetch: 0,
    seed: 1,
    auth: false,
  };
  for (const item of text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [key, value, extra] = item.split('=').map((s) => s.trim());
    const n = Number(value);
    if (!key || value === undefined || value === '' || extra !== undefined || !Number.isFinite(n)) {
      throw new Error(`Fault item "${item}" must be key=number (e.g. error5xx=0.1).`);
    }
    if (key === 'latency') {
      if (n < 0 || n > 60_000) throw new Error(`latency must be 0..60000 ms (got ${value}).`);
      spec.latencyMs = n;
    } else if (key === 'seed') {
      if (!Number.isInteger(n)) throw new Error(`seed must be an integer (got ${value}).`);
      spec.seed = n;
    } else if (key === 'retryAfter') {
      if (!Number.isInteger(n) || n < 0 || n > 604_800)
        throw new Error(`retryAfter must be whole seconds, 0..604800 (got ${value}).`);
      spec.retryAfterSec = n;
    } else if (key === 'auth') {
      if (n !== 0 && n !== 1) throw new Error(`auth must be 0 or 1 (got ${value}).`);
      spec.auth = n === 1;
    } else if ((RATE_KEYS as readonly string[]).includes(key)) {
      if (n < 0 || n > 1) throw new Error(`${key} is a probability between 0 and 1 (got ${value}).`);
      spec[key as (typeof RATE_KEYS)[number]] = n;
    } else {
      throw new Error(
        `Unknown fault "${key}"; use latency, error5xx, reset, rate429, retryAfter, emptyFetch, seed or auth.`,
      );
    }
  }
  if (spec.error5xx + spec.reset + spec.rate429 > 1) throw new Error('error5xx + reset + rate429 must not exceed 1.');
  return spec;
}

export class Faults {
  private readonly requestDraw: () => number;
  // A separate stream, so consumer fetches do not shift the faults other requests meet.
  private readonly fetchDraw: () => number;

  constructor(readonly spec: FaultSpec | undefined) {
    this.requestDraw = prng(spec?.seed ?? 1);
    this.fetchDraw = prng((spec?.seed ?? 1) ^ 0x5bd1e995);
  }

  get enabled(): boolean {
    return this.spec !== undefined;
  }

  /** Whether a request to `path` is subject to faults at all. */
  applies(path: string): boolean {
    return this.spec !== undefined && (this.spec.auth || !path.startsWith('/oauth2/'));
  }

  get latencyMs(): number {
    return this.spec?.latencyMs ?? 0;
  }

  /** One draw per eligible request: reset, then 5xx, then 429 bands; the rest passes. */
  decide(): FaultDecision {
    const s = this.spec;
    if (!s) return { kind: 'none' };
    const r = this.requestDraw();
    if (r < s.reset) return { kind: 'reset' };
    if (r < s.reset + s.error5xx) return { kind: 'error', status: r < s.reset + s.error5xx / 2 ? 500 : 503 };
    if (r < s.reset + s.error5xx + s.rate429) return { kind: 'rateLimit' };
    return { kind: 'none' };
  }

  /** For the consumer API: whether this fetch should come back empty. */
  emptyFetch(): boolean {
    return this.spec !== undefined && this.spec.emptyFetch > 0 && this.fetchDraw() < this.spec.emptyFetch;
  }
}
