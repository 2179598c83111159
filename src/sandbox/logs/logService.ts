// The event-log side of the sandbox, built once by startSandbox: the records store, committed offsets,
// consumer instances, the request-rate limiter and the traffic simulator. Its options come from
// SandboxOptions (`logPartitions`, `logRetention`, `logIdleMs`, `logRateLimit`).
import type { Logger } from '../../core/logger';
import { ConsumerRegistry } from './consumerRegistry';
import { LogStore } from './logStore';
import { OffsetStore } from './offsetStore';
import { RateLimiter } from './rateLimiter';
import { Simulator } from './simulator';

export interface LogServiceOptions {
  /** Partitions of each topic (default 4). A topic already on disk keeps its count. */
  partitions?: number;
  /** Records kept per partition (default 100 000). */
  retention?: number;
  /** Idle time after which a consumer instance is deleted (default 120 000 ms). */
  idleMs?: number;
  /** Consumer- and audio-API requests per second per client; 0 disables (default 100). */
  rateLimit?: number;
}

export const DEFAULT_LOG_PARTITIONS = 4;
export const DEFAULT_LOG_RETENTION = 100_000;
export const DEFAULT_LOG_IDLE_MS = 120_000;
export const DEFAULT_LOG_RATE_LIMIT = 100;

export class LogService {
  private constructor(
    readonly store: LogStore,
    readonly offsets: OffsetStore,
    readonly consumers: ConsumerRegistry,
    readonly limiter: RateLimiter,
    readonly simulator: Simulator,
  ) {}

  static async open(
    dataDir: string,
    options: LogServiceOptions,
    now: () => number,
    logger: Logger,
  ): Promise<LogService> {
    const store = await LogStore.open(
      dataDir,
      {
        partitions: options.partitions ?? DEFAULT_LOG_PARTITIONS,
        retention: options.retention ?? DEFAULT_LOG_RETENTION,
      },
      logger,
    );
    const offsets = await OffsetStore.open(dataDir);
    const consumers = new ConsumerRegistry(store, offsets, {
      idleMs: options.idleMs ?? DEFAULT_LOG_IDLE_MS,
      now,
      logger,
    });
    return new LogService(
      store,
      offsets,
      consumers,
      new RateLimiter(options.rateLimit ?? DEFAULT_LOG_RATE_LIMIT, now),
      new Simulator(store, logger, now),
    );
  }

  /** Stops simulations, ends long polls and flushes records and offsets. */
  async close(): Promise<void> {
    await this.simulator.close();
    this.consumers.close();
    await this.store.close();
    await this.offsets.flush();
  }
}
