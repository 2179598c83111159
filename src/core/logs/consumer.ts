// The wire calls of the event-log consumer API for one consumer instance, named by the headers
// `consumer-group: appID-<app>-clientName-<name>-<nn>` and `consumer-name: consumer-<uuid>` (the spec's
// patterns). Paths follow the public log collector (docs/platform-notes.md, "Event-log consumer API").
// Every call but Get Records is safe to repeat, so the transport may retry it; Get Records moves the
// server-side position, so LogStream decides how to recover from a failed fetch.
import { randomUUID } from 'node:crypto';
import { InvalidResponseError, PlatformError } from '../platform/errors';
import type { Requester } from '../platform/requester';
import type { HttpMethod } from '../platform/retry';
import { recordProblem, type LogRecord } from './records';

export type OffsetReset = 'earliest' | 'latest' | 'none';

export interface ConsumerSettings {
  autoOffsetReset?: OffsetReset;
  /** consumer.request.timeout.ms: longest wait of one fetch (server default 1000). */
  requestTimeoutMs?: number;
  /** fetch.min.bytes; -1 disables (server default). */
  fetchMinBytes?: number;
  autoCommit?: boolean;
}

export interface ConsumerIdentity {
  /** The topic: the runtime app ID. */
  readonly topic: string;
  readonly group: string;
  readonly name: string;
}

export interface PartitionRange {
  /** First available offset. */
  beginning: number;
  /** The offset the next record will get. */
  end: number;
}

/** `appID-<app>-clientName-<name>-<nn>` */
export function consumerGroupName(topic: string, clientName: string, groupNumber = 1): string {
  return `appID-${topic}-clientName-${clientName}-${String(groupNumber).padStart(2, '0')}`;
}

/** `consumer-<UUIDv4>` */
export function newConsumerName(): string {
  return `consumer-${randomUUID()}`;
}

/** The client name inside a runtime client id `appID:<app>:geo:<geo>:clientName:<name>`, if it has one. */
export function clientNameOf(clientId: string): string | undefined {
  const parts = clientId.split(':');
  for (let i = 0; i + 1 < parts.length; i += 2) if (parts[i] === 'clientName' && parts[i + 1]) return parts[i + 1];
  return undefined;
}

/** True for the consumer API's "Consumer instance not found." (unknown, deleted or expired for idleness). */
export function isConsumerGone(err: unknown): boolean {
  return (
    err instanceof PlatformError &&
    err.status === 404 &&
    (err.serverCode === 40403 ||
      err.serverCode === '40403' ||
      /consumer instance not found/i.test(err.serverMessage ?? ''))
  );
}

export class ConsumerApi {
  constructor(
    private readonly requester: Requester,
    readonly id: ConsumerIdentity,
  ) {}

  async create(settings: ConsumerSettings, signal?: AbortSignal): Promise<void> {
    const body: Record<string, string> = {};
    if (settings.autoOffsetReset) body['auto.offset.reset'] = settings.autoOffsetReset;
    if (settings.requestTimeoutMs !== undefined)
      body['consumer.request.timeout.ms'] = String(settings.requestTimeoutMs);
    if (settings.fetchMinBytes !== undefined) body['fetch.min.bytes'] = String(settings.fetchMinBytes);
    if (settings.autoCommit !== undefined) body['auto.commit.enable'] = String(settings.autoCommit);
    try {
      await this.call('POST', '/consumers', body, signal);
    } catch (err) {
      // A retried create whose first attempt got through: the instance is ours.
      if (err instanceof PlatformError && err.status === 409 && String(err.serverCode) === '40902') return;
      throw err;
    }
  }

  async delete(signal?: AbortSignal): Promise<void> {
    try {
      await this.call('DELETE', '/consumers', undefined, signal);
    } catch (err) {
      if (!isConsumerGone(err)) throw err;
    }
  }

  async subscribe(signal?: AbortSignal): Promise<void> {
    await this.call('POST', '/consumers/subscription', { topics: [this.id.topic] }, signal);
  }

  async unsubscribe(signal?: AbortSignal): Promise<void> {
    await this.call('DELETE', '/consumers/subscription', undefined, signal);
  }

  async subscription(signal?: AbortSignal): Promise<string[]> {
    const reply = await this.call<{ topics?: unknown }>('GET', '/consumers/subscription', undefined, signal);
    return Array.isArray(reply?.topics) ? reply.topics.filter((t): t is string => typeof t === 'string') : [];
  }

  async assign(partitions: readonly number[], signal?: AbortSignal): Promise<void> {
    await this.call('POST', '/consumers/assignments', this.partitionsBody(partitions), signal);
  }

  async assignments(signal?: AbortSignal): Promise<number[]> {
    const reply = await this.call<{ partitions?: Array<{ partition?: unknown }> }>(
      'GET',
      '/consumers/assignments',
      undefined,
      signal,
    );
    return numbers((reply?.partitions ?? []).map((p) => p.partition));
  }

  /** One fetch: up to `maxBytes` of records, waiting up to the consumer's request timeout when none are there. */
  async records(options: { maxBytes?: number; timeoutMs: number }, signal?: AbortSignal): Promise<LogRecord[]> {
    const reply = await this.requester.request<unknown>({
      api: 'log',
      method: 'GET',
      path: '/consumers/records',
      headers: this.headers(),
      signal,
      idempotent: false,
      query: options.maxBytes ? { max_bytes: String(options.maxBytes) } : undefined,
      resource: this.resource(),
      timeoutMs: options.timeoutMs,
    });
    if (reply === undefined) return [];
    if (!Array.isArray(reply)) throw this.invalid('Get Records did not return a JSON array');
    // Checking the first and last record keeps a malformed reply from going unnoticed at no per-record cost.
    const problem = reply.length > 0 ? (recordProblem(reply[0]) ?? recordProblem(reply[reply.length - 1])) : undefined;
    if (problem) throw this.invalid(`Get Records returned something else than records: ${problem}`);
    return reply as LogRecord[];
  }

  /** Committed offsets of the group for these partitions (partitions never committed are absent). */
  async committed(partitions: readonly number[], signal?: AbortSignal): Promise<Map<number, number>> {
    const reply = await this.call<{ offsets?: Array<{ partition?: unknown; offset?: unknown }> }>(
      'POST',
      '/consumers/committed/offsets',
      this.partitionsBody(partitions),
      signal,
    );
    const out = new Map<number, number>();
    for (const o of reply?.offsets ?? []) {
      const p = Number(o.partition);
      const offset = Number(o.offset);
      if (Number.isInteger(p) && Number.isInteger(offset) && offset >= 0) out.set(p, offset);
    }
    return out;
  }

  /** Commits `offsets` (partition → next offset to read); with none, everything this consumer fetched. */
  async commit(offsets?: ReadonlyMap<number, number>, signal?: AbortSignal): Promise<void> {
    await this.call('POST', '/consumers/offsets', offsets ? this.offsetsBody(offsets) : undefined, signal);
  }

  /** Sets the next offset to fetch of each partition. */
  async seek(offsets: ReadonlyMap<number, number>, signal?: AbortSignal): Promise<void> {
    if (offsets.size > 0) await this.call('POST', '/consumers/positions', this.offsetsBody(offsets), signal);
  }

  async seekToBeginning(partitions: readonly number[], signal?: AbortSignal): Promise<void> {
    await this.call('POST', '/consumers/positions/beginning', this.partitionsBody(partitions), signal);
  }

  async seekToEnd(partitions: readonly number[], signal?: AbortSignal): Promise<void> {
    await this.call('POST', '/consumers/positions/end', this.partitionsBody(partitions), signal);
  }

  /** The topic's partitions, `0..n-1`. */
  async partitions(signal?: AbortSignal): Promise<number[]> {
    const reply = await this.call<{ partitions?: unknown }>('GET', '/partitions', undefined, signal);
    if (!Array.isArray(reply?.partitions)) throw this.invalid('Get Partitions returned no "partitions" array');
    return numbers(reply.partitions);
  }

  async partitionRange(partition: number, signal?: AbortSignal): Promise<PartitionRange> {
    const reply = await this.call<{ beginning_offset?: unknown; end_offset?: unknown }>(
      'GET',
      `/partitions/${partition}/offsets`,
      undefined,
      signal,
    );
    const beginning = Number(reply?.beginning_offset);
    const end = Number(reply?.end_offset);
    if (!Number.isInteger(beginning) || !Number.isInteger(end))
      throw this.invalid(`the offsets of partition ${partition} are not numbers`);
    return { beginning, end };
  }

  private call<T = unknown>(method: HttpMethod, path: string, json: unknown, signal?: AbortSignal): Promise<T> {
    return this.requester.request<T>({
      api: 'log',
      method,
      path,
      json,
      headers: this.headers(),
      signal,
      idempotent: true,
      resource: this.resource(),
    });
  }

  private headers(): Record<string, string> {
    return { 'consumer-group': this.id.group, 'consumer-name': this.id.name };
  }

  private resource(): string {
    return `event-log consumer ${this.id.name} of ${this.id.group}`;
  }

  private partitionsBody(partitions: readonly number[]): unknown {
    return { partitions: partitions.map((partition) => ({ topic: this.id.topic, partition })) };
  }

  private offsetsBody(offsets: ReadonlyMap<number, number>): unknown {
    return { offsets: [...offsets].map(([partition, offset]) => ({ topic: this.id.topic, partition, offset })) };
  }

  private invalid(what: string): InvalidResponseError {
    return new InvalidResponseError(`${what} (${this.resource()}); check the log URL of the connection.`, {
      resource: this.resource(),
    });
  }
}

function numbers(values: readonly unknown[]): number[] {
  return values.map(Number).filter((n) => Number.isInteger(n) && n >= 0);
}
