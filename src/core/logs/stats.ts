// Record count and rate for a status bar or a summary line: a total, and records per second over the last
// few seconds (one-second buckets, so the rate follows bursts and decays to 0 when the stream is quiet).

const WINDOW_SECONDS = 5;

export class LogStats {
  private total = 0;
  private readonly buckets = new Float64Array(WINDOW_SECONDS + 1);
  private bucketSecond = 0;
  private readonly startedAt: number;

  constructor(private readonly now: () => number = Date.now) {
    this.startedAt = now();
    this.bucketSecond = Math.floor(this.startedAt / 1000);
  }

  /** Counts `n` records arriving now. */
  add(n = 1): void {
    this.advance();
    this.total += n;
    const i = this.bucketSecond % this.buckets.length;
    this.buckets[i] = (this.buckets[i] ?? 0) + n;
  }

  get count(): number {
    return this.total;
  }

  /** Records per second over the last complete seconds of the window (the current one is still filling). */
  get rate(): number {
    this.advance();
    const elapsed = Math.min(WINDOW_SECONDS, Math.max(1, Math.floor((this.now() - this.startedAt) / 1000)));
    let sum = 0;
    for (let i = 1; i <= elapsed; i++)
      sum += this.buckets[(this.bucketSecond - i + this.buckets.length) % this.buckets.length] ?? 0;
    return sum / elapsed;
  }

  /** `1,234 records · 56.0/s` */
  describe(): string {
    return `${this.total.toLocaleString('en-US')} record${this.total === 1 ? '' : 's'} · ${this.rate.toFixed(1)}/s`;
  }

  private advance(): void {
    const second = Math.floor(this.now() / 1000);
    if (second === this.bucketSecond) return;
    const steps = Math.min(this.buckets.length, second - this.bucketSecond);
    for (let i = 1; i <= steps; i++) this.buckets[(this.bucketSecond + i) % this.buckets.length] = 0;
    this.bucketSecond = second;
  }
}
