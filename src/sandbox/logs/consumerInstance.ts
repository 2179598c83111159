// One consumer instance of the consumer API (Kafka REST Proxy v2 semantics): its options, whether it is
// subscribed (partitions handed out by its group) or has partitions assigned by hand, and its position
// (the next offset to fetch) in each partition it owns. Positions resolve lazily, as Kafka does: at the
// first fetch of a partition, from the group's committed offset, else from `auto.offset.reset`.
import { consumerBadRequest } from './consumerErrors';

export type OffsetReset = 'earliest' | 'latest' | 'none';

export interface ConsumerConfig {
  autoOffsetReset: OffsetReset;
  /** Longest wait of one Get Records for `fetch.min.bytes` to be reached. */
  requestTimeoutMs: number;
  /** -1 disables: any record ends the wait. */
  fetchMinBytes: number;
  autoCommit: boolean;
}

export const DEFAULT_CONSUMER_CONFIG: ConsumerConfig = {
  autoOffsetReset: 'latest',
  requestTimeoutMs: 1000,
  fetchMinBytes: -1,
  autoCommit: false,
};

export type ConsumerMode = { kind: 'none' } | { kind: 'subscribed'; topics: string[] } | { kind: 'assigned' };

export class ConsumerInstance {
  mode: ConsumerMode = { kind: 'none' };
  /** Partitions this instance reads now (by subscription or assignment). */
  owned: number[] = [];
  readonly positions = new Map<number, number>();
  /** On the registry's AwakeClock (stalls of the sandbox left out). */
  lastActive: number;
  /** Requests in progress; a consumer that is serving a long poll is never idle. */
  busy = 0;
  deleted = false;
  /** Aborted when the instance is deleted, to end its long polls at once. */
  readonly gone = new AbortController();
  /** Where the next fetch starts, so every partition gets its turn. */
  rotation = 0;

  constructor(
    readonly group: string,
    readonly name: string,
    readonly topic: string,
    readonly config: ConsumerConfig,
    readonly joinOrder: number,
    now: number,
  ) {
    this.lastActive = now;
  }

  get label(): string {
    return `consumer "${this.name}" of group "${this.group}"`;
  }
}

const KNOWN_OPTIONS = [
  'auto.offset.reset',
  'consumer.request.timeout.ms',
  'fetch.min.bytes',
  'auto.commit.enable',
  'format',
  'name',
];

/** Reads a createConsumers body (all values are strings on the wire; numbers and booleans are tolerated). */
export function parseConsumerConfig(body: unknown): ConsumerConfig {
  if (body === undefined) return { ...DEFAULT_CONSUMER_CONFIG };
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw consumerBadRequest(
      'The create-consumer body must be a JSON object of consumer properties, e.g. {"auto.offset.reset":"earliest"}.',
    );
  const raw = body as Record<string, unknown>;
  const unknown = Object.keys(raw).filter((k) => !KNOWN_OPTIONS.includes(k));
  if (unknown.length > 0)
    throw consumerBadRequest(
      `Unknown consumer propert${unknown.length > 1 ? 'ies' : 'y'} ${unknown.map((k) => `"${k}"`).join(', ')}; supported: ${KNOWN_OPTIONS.slice(0, 4).join(', ')}.`,
    );
  const text = (k: string): string | undefined => {
    const v = raw[k];
    if (v === undefined || v === null) return undefined;
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return String(v).trim();
    throw consumerBadRequest(`Consumer property "${k}" must be a string.`);
  };
  const config = { ...DEFAULT_CONSUMER_CONFIG };
  const reset = text('auto.offset.reset');
  if (reset !== undefined) {
    if (reset !== 'earliest' && reset !== 'latest' && reset !== 'none')
      throw consumerBadRequest(`auto.offset.reset must be "earliest", "latest" or "none" (got "${reset}").`);
    config.autoOffsetReset = reset;
  }
  const timeout = text('consumer.request.timeout.ms');
  if (timeout !== undefined) config.requestTimeoutMs = integer('consumer.request.timeout.ms', timeout, 0);
  const minBytes = text('fetch.min.bytes');
  if (minBytes !== undefined) config.fetchMinBytes = integer('fetch.min.bytes', minBytes, -1);
  const commit = text('auto.commit.enable');
  if (commit !== undefined) {
    if (commit !== 'true' && commit !== 'false')
      throw consumerBadRequest(`auto.commit.enable must be "true" or "false" (got "${commit}").`);
    config.autoCommit = commit === 'true';
  }
  const format = text('format');
  if (format !== undefined && format !== 'json')
    throw consumerBadRequest(`Only the "json" format is served here (got "${format}").`);
  return config;
}

function integer(name: string, value: string, min: number): number {
  const n = Number(value);
  if (value === '' || !Number.isInteger(n) || n < min)
    throw consumerBadRequest(`${name} must be an integer ≥ ${min} (got "${value}").`);
  return n;
}
