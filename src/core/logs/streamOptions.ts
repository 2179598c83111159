// What a LogStream takes and reports (stream.ts): the topic and consumer naming, where to start and stop,
// commit, batch, keep-alive and retry settings, and status changes for a UI.
import type { Logger } from '../logger';
import type { Requester } from '../platform/requester';
import type { StartPosition } from './startPositions';

export type LogStreamState = 'starting' | 'streaming' | 'recovering' | 'ended' | 'stopped';

export interface LogStreamStatus {
  readonly state: LogStreamState;
  readonly message?: string;
}

export interface LogStreamOptions {
  readonly requester: Requester;
  /** The topic: the runtime app ID. */
  readonly topic: string;
  /** The `clientName` part of the consumer group (default `cstudio`). */
  readonly clientName?: string;
  /** The group's two-digit number (default 1). */
  readonly groupNumber?: number;
  /** Every partition (default), some, or `subscribe` to share the partitions with the group's other members. */
  readonly partitions?: 'all' | 'subscribe' | readonly number[];
  /** Default `latest` (follow). */
  readonly start?: StartPosition;
  /** Stop at the end offsets the partitions had when the stream started. */
  readonly untilEnd?: boolean;
  /** Commit consumed offsets (default true). */
  readonly commit?: boolean;
  readonly commitIntervalMs?: number;
  /** consumer.request.timeout.ms: how long one fetch waits for records (default 1000). */
  readonly requestTimeoutMs?: number;
  /** Largest batch (default 1 MiB). */
  readonly maxBytes?: number;
  /** A request at least this often keeps the consumer from expiring while the reader is paused (default 30 s). */
  readonly keepAliveMs?: number;
  /** Consecutive failures before the stream gives up (default 10). */
  readonly maxFailures?: number;
  readonly retryDelayMs?: number;
  /** Empty fetches short of the end before the ends are re-checked (default 5). */
  readonly emptyFetchRetries?: number;
  readonly signal?: AbortSignal;
  readonly logger?: Logger;
  readonly onStatus?: (status: LogStreamStatus) => void;
}
