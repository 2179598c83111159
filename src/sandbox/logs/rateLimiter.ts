// Requests per second allowed to each caller of the consumer and audio APIs: a token bucket per client
// that refills `rate` tokens a second and holds at most `rate` (one second of burst). Beyond it the
// caller gets 429 with Retry-After, as the real log API rate-limits busy fetchers.
import { ConsumerApiError, ErrorCode } from './consumerErrors';

interface Bucket {
  tokens: number;
  updated: number;
}

export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  /** `rate` ≤ 0 disables limiting. */
  constructor(
    private readonly rate: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes one token for `key`, or throws 429. */
  take(key: string): void {
    if (this.rate <= 0) return;
    const now = this.now();
    let bucket = this.buckets.get(key);
    if (!bucket) {
      bucket = { tokens: this.rate, updated: now };
      this.buckets.set(key, bucket);
      if (this.buckets.size > 10_000) this.forgetIdle(now);
    }
    bucket.tokens = Math.min(this.rate, bucket.tokens + ((now - bucket.updated) / 1000) * this.rate);
    bucket.updated = now;
    if (bucket.tokens < 1) {
      const waitSec = Math.max(1, Math.ceil((1 - bucket.tokens) / this.rate));
      throw new ConsumerApiError(
        429,
        ErrorCode.TOO_MANY_REQUESTS,
        `Too many requests: the limit is ${this.rate} per second per client; retry after ${waitSec} s.`,
        { 'retry-after': String(waitSec) },
      );
    }
    bucket.tokens -= 1;
  }

  /** Full buckets carry no information: drop them so the map stays small. */
  private forgetIdle(now: number): void {
    for (const [key, b] of this.buckets)
      if (b.tokens + ((now - b.updated) / 1000) * this.rate >= this.rate) this.buckets.delete(key);
  }
}
