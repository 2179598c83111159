// Event logs of one topic as an AsyncIterable<LogRecord>. It creates its own consumer (the spec's group
// and name patterns), assigns every partition (or subscribes, to share them with its group) and puts each
// partition at the chosen start; then it fetches only when the reader asks for more, so at most one batch
// (`maxBytes`) is ever held, whatever the volume. It knows the next offset it wants from every partition,
// which makes recovery exact:
//   - consumer deleted for idleness (404 40403) → a new consumer is created and put back at those offsets;
//   - failed fetch (reset, timeout, 5xx) → backoff, then the positions are set again before the next fetch,
//     because the lost reply may have moved the server's position;
//   - 429 → waits Retry-After, capped as every client wait is (platform/retry.ts), or backs off;
//   - an empty fetch is normal: with `untilEnd`, the end is reached only when every partition reached the
//     end offset it had when the stream started; repeated empty fetches short of it re-check the ends.
// Positions moved by reading are committed every `commitIntervalMs` and on stop (a group member: only in the
// partitions the group gives it then); stop() deletes the consumer.
import type { Logger } from '../logger';
import { silentLogger } from '../logger';
import { sleep } from '../progress';
import { isCancellation, PlatformError } from '../platform/errors';
import { backoffDelay, retryAfterWait, retryPolicy } from '../platform/retry';
import { ConsumerApi, consumerGroupName, isConsumerGone, newConsumerName } from './consumer';
import { timeOf, type LogRecord } from './records';
import { offsetResetFor, planStart } from './startPositions';
import type { LogStreamOptions, LogStreamState } from './streamOptions';

export class LogStream implements AsyncIterable<LogRecord> {
  readonly group: string;
  private api: ConsumerApi | undefined;
  private readonly positions = new Map<number, number>();
  /** Partitions whose position moved by reading since the last commit: only those are committed. */
  private readonly uncommitted = new Set<number>();
  private targets = new Map<number, number>();
  private owned: number[] = [];
  private lastRequest = Date.now();
  private lastCommit = Date.now();
  private readonly halt = new AbortController();
  private stopped = false;
  private iterated = false;
  private cleanup: Promise<void> | undefined;
  private keepAlive: NodeJS.Timeout | undefined;
  private readonly logger: Logger;

  constructor(private readonly options: LogStreamOptions) {
    this.group = consumerGroupName(options.topic, options.clientName ?? 'cstudio', options.groupNumber ?? 1);
    this.logger = (options.logger ?? silentLogger).child('logs');
    options.signal?.addEventListener(
      'abort',
      () => {
        void this.stop();
      },
      { once: true },
    );
  }

  /** The consumer instance now in use (it changes when one is recreated). */
  get consumerName(): string | undefined {
    return this.api?.id.name;
  }

  /** The next offset the stream will hand out, per partition. */
  get nextOffsets(): ReadonlyMap<number, number> {
    return this.positions;
  }

  [Symbol.asyncIterator](): AsyncIterator<LogRecord> {
    if (this.iterated) throw new Error('A LogStream can be iterated once; create another for a new stream.');
    this.iterated = true;
    return this.run();
  }

  /** Ends the stream: stops fetching, commits what was handed out and deletes the consumer. */
  stop(): Promise<void> {
    this.stopped = true;
    this.halt.abort();
    return this.finish('stopped');
  }

  private async *run(): AsyncGenerator<LogRecord, void, undefined> {
    try {
      this.status('starting');
      await this.retrying(() => this.connect(true));
      this.status('streaming');
      this.keepAlive = setInterval(() => this.touch(), Math.max(50, (this.options.keepAliveMs ?? 30_000) / 2));
      this.keepAlive.unref();
      yield* this.batches();
    } catch (err) {
      // Stopping (or the caller's signal) ends the stream quietly, wherever it was.
      if (!(this.stopped && isCancellation(err))) throw err;
    } finally {
      await this.finish(this.stopped ? 'stopped' : 'ended');
    }
  }

  private async *batches(): AsyncGenerator<LogRecord, void, undefined> {
    const o = this.options;
    const from = o.start?.kind === 'time' ? o.start.time : undefined;
    let empties = 0;
    let failures = 0;
    while (!this.stopped) {
      if (o.untilEnd && this.reachedEnd()) return;
      await this.commitIfDue(false);
      let batch: LogRecord[];
      const asked = Date.now();
      try {
        batch = await this.fetch();
        failures = 0;
      } catch (err) {
        if (this.stopped) return;
        await this.recover(err, ++failures);
        continue;
      }
      if (batch.length === 0) {
        empties++;
        if (o.untilEnd && empties % (o.emptyFetchRetries ?? 5) === 0) await this.retrying(() => this.recheckEnds());
        // A reply that came back at once (no long poll) must not turn into a busy loop.
        if (Date.now() - asked < 50) await this.pause(Math.min(o.requestTimeoutMs ?? 1000, 50 * empties));
        continue;
      }
      empties = 0;
      for (const record of batch) {
        const p = record.partition;
        const known = this.positions.get(p);
        // Already handed out (the server was put back behind us) or past the end we stop at: skip.
        if (known !== undefined && record.offset < known) continue;
        const target = this.targets.get(p);
        if (o.untilEnd && target !== undefined && record.offset >= target) continue;
        this.positions.set(p, record.offset + 1);
        this.uncommitted.add(p);
        if (from !== undefined && (timeOf(record) ?? from) < from) continue;
        yield record;
        if (this.stopped) return;
      }
    }
  }

  private async connect(first: boolean): Promise<void> {
    const o = this.options;
    const start = o.start ?? { kind: 'latest' };
    const signal = this.halt.signal;
    const api = new ConsumerApi(o.requester, { topic: o.topic, group: this.group, name: newConsumerName() });
    this.lastRequest = Date.now();
    await api.create({ autoOffsetReset: offsetResetFor(start), requestTimeoutMs: o.requestTimeoutMs ?? 1000 }, signal);
    const previous = this.api;
    this.api = api;
    try {
      if (o.partitions === 'subscribe') {
        await api.subscribe(signal);
        this.adopt(await api.assignments(signal));
      } else {
        this.owned =
          o.partitions === undefined || o.partitions === 'all' ? await api.partitions(signal) : [...o.partitions];
        await api.assign(this.owned, signal);
      }
      if (first) {
        const plan = await planStart(api, this.owned, start, signal);
        for (const [p, offset] of plan.positions) this.positions.set(p, offset);
        if (o.untilEnd) this.targets = plan.targets;
      }
      await this.reseek();
    } catch (err) {
      // A half-set-up consumer would hold partitions of the group until it expires: remove it.
      this.api = previous;
      await api.delete(AbortSignal.timeout(2000)).catch(() => undefined);
      throw err;
    }
    this.logger.debug(
      `${first ? 'created' : 'recreated'} ${api.id.name} in ${this.group}, partitions ${this.owned.join(', ')}`,
    );
  }

  private fetch(): Promise<LogRecord[]> {
    const api = this.current();
    const wait = this.options.requestTimeoutMs ?? 1000;
    this.lastRequest = Date.now();
    return api
      .records({ maxBytes: this.options.maxBytes ?? 1024 * 1024, timeoutMs: wait + 15_000 }, this.halt.signal)
      .finally(() => {
        this.lastRequest = Date.now();
      });
  }

  /** After a failed fetch: recreate a lost consumer, wait out a rate limit, or back off and re-seek. */
  private async recover(err: unknown, failures: number): Promise<void> {
    const max = this.options.maxFailures ?? 10;
    if (failures > max || !(err instanceof PlatformError) || !(err.retryable || isConsumerGone(err))) throw err;
    this.status('recovering', err.message);
    if (isConsumerGone(err)) {
      this.logger.info(
        `${this.api?.id.name ?? 'the consumer'} is gone (idle or restarted); recreating it at the stream's offsets`,
      );
      await this.retrying(() => this.connect(false));
    } else {
      await this.waitToRetry(err, failures);
      // The lost reply may have moved the server's positions: put them back where the stream is.
      await this.retrying(() => this.reseek());
    }
    this.status('streaming');
  }

  /** Sets the server's positions to the stream's; a consumer that vanished meanwhile is recreated there. */
  private async reseek(): Promise<void> {
    const api = this.current();
    try {
      if (this.options.partitions !== 'subscribe') return await api.seek(this.ownedPositions(), this.halt.signal);
      // The group may have moved partitions since: seek only what this member owns now (and ask again if
      // a rebalance slips in between).
      for (let attempt = 1; ; attempt++) {
        this.owned = await api.assignments(this.halt.signal);
        try {
          return await api.seek(this.ownedPositions(), this.halt.signal);
        } catch (err) {
          if (attempt >= 3 || !(err instanceof PlatformError && err.status === 409)) throw err;
        }
      }
    } catch (err) {
      if (!isConsumerGone(err)) throw err;
      await this.connect(false);
    }
  }

  /** Runs a setup step, retrying what is worth retrying (and recreating a consumer that vanished). */
  private async retrying(step: () => Promise<void>): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await step();
      } catch (err) {
        if (this.stopped || isCancellation(err)) throw err;
        const retryable = err instanceof PlatformError && (err.retryable || isConsumerGone(err));
        if (!retryable || attempt > (this.options.maxFailures ?? 10)) throw err;
        await this.waitToRetry(err, attempt);
      }
    }
  }

  /** Repeated empty fetches short of the end: the ends may have moved (retention) or the server lost our place. */
  private async recheckEnds(): Promise<void> {
    const api = this.current();
    for (const [p, target] of this.targets) {
      const range = await api.partitionRange(p, this.halt.signal);
      if (range.end < target) this.targets.set(p, range.end);
      const at = this.positions.get(p);
      if (at !== undefined && at < range.beginning) this.positions.set(p, range.beginning);
    }
    await this.reseek();
  }

  private reachedEnd(): boolean {
    for (const [p, target] of this.targets) {
      if (this.owned.includes(p) && (this.positions.get(p) ?? 0) < target) return false;
    }
    return true;
  }

  private async commitIfDue(force: boolean): Promise<void> {
    if (this.options.commit === false || !this.api) return;
    if (!force && Date.now() - this.lastCommit < (this.options.commitIntervalMs ?? 1000)) return;
    this.lastCommit = Date.now();
    if (this.uncommitted.size === 0) return;
    const signal = force ? AbortSignal.timeout(5000) : this.halt.signal;
    try {
      if (this.options.partitions === 'subscribe') this.adopt(await this.api.assignments(signal));
      const changed = new Map([...this.ownedPositions()].filter(([p]) => this.uncommitted.has(p)));
      if (changed.size === 0) return;
      await this.api.commit(changed, signal);
      for (const p of changed.keys()) this.uncommitted.delete(p);
    } catch (err) {
      // Committing is how a later stream resumes; a failed commit is retried with the next one.
      if (!isCancellation(err)) this.logger.warn(`could not commit offsets: ${(err as Error).message}`);
    }
  }

  private finish(state: 'ended' | 'stopped'): Promise<void> {
    this.cleanup ??= (async () => {
      if (this.keepAlive) clearInterval(this.keepAlive);
      if (this.api) {
        await this.commitIfDue(true);
        await this.api
          .delete(AbortSignal.timeout(5000))
          .catch((err: unknown) => this.logger.debug(`could not delete ${this.api?.id.name}: ${String(err)}`));
      }
      this.status(state);
    })();
    return this.cleanup;
  }

  /** A cheap request while the reader is paused, so the consumer does not expire. */
  private touch(): void {
    if (!this.api || this.stopped || Date.now() - this.lastRequest < (this.options.keepAliveMs ?? 30_000)) return;
    this.lastRequest = Date.now();
    this.api.assignments(this.halt.signal).catch(() => undefined);
  }

  /**
   * The partitions the group gives this member now. Positions in partitions it lost are forgotten: another
   * member reads and commits there, and should one come back, the group's committed offset is where it resumes
   * (committing the old position would move the group back under the other member's reads).
   */
  private adopt(owned: number[]): void {
    this.owned = owned;
    for (const p of [...this.positions.keys()]) {
      if (owned.includes(p)) continue;
      this.positions.delete(p);
      this.uncommitted.delete(p);
    }
  }

  private ownedPositions(): Map<number, number> {
    return new Map([...this.positions].filter(([p]) => this.owned.includes(p)));
  }

  private current(): ConsumerApi {
    if (!this.api) throw new Error('The log stream has no consumer yet.');
    return this.api;
  }

  private backoff(attempt: number): number {
    const base = this.options.retryDelayMs ?? 200;
    return Math.max(base / 2, backoffDelay(attempt, retryPolicy({ baseDelayMs: base, maxDelayMs: 5000 })));
  }

  /** Waits what the server asked (Retry-After, capped: platform/retry.ts), else backs off; says so when asked. */
  private waitToRetry(err: PlatformError, attempt: number): Promise<void> {
    const wait = retryAfterWait(err.retryAfterMs, this.backoff(attempt));
    if (err.retryAfterMs !== undefined) {
      this.status(
        'recovering',
        `The platform asked to retry after ${Math.ceil(err.retryAfterMs / 1000)} s (${err.status ?? 'no status'}); waiting ${Math.ceil(wait / 1000)} s.`,
      );
    }
    return this.pause(wait);
  }

  private pause(ms: number): Promise<void> {
    return sleep(ms, this.halt.signal);
  }

  private status(state: LogStreamState, message?: string): void {
    this.options.onStatus?.({ state, message });
  }
}
