// Request bodies of the consumer API, validated into plain values: partitions (`{partitions: [{topic,
// partition}]}`, the partition a number or a numeric string, as the public collector sends it), offsets
// (`{offsets: [{topic, partition, offset}]}`) and subscriptions (`{topics: [...]}`).
import { ConsumerApiError, ErrorCode, consumerBadRequest } from './consumerErrors';

export interface PartitionRef {
  topic: string;
  partition: number;
}

export interface OffsetRef extends PartitionRef {
  offset: number;
}

function object(body: unknown, what: string): Record<string, unknown> {
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw consumerBadRequest(`The ${what} body must be a JSON object.`);
  return body as Record<string, unknown>;
}

function list(body: Record<string, unknown>, field: string, example: string): unknown[] {
  const v = body[field];
  if (!Array.isArray(v)) throw consumerBadRequest(`The body needs "${field}" as an array, e.g. ${example}.`);
  return v;
}

function wholeNumber(value: unknown, field: string, min = 0): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < min)
    throw consumerBadRequest(`"${field}" must be a whole number ≥ ${min} (got ${JSON.stringify(value)}).`);
  return n;
}

/** Checks a reference against the consumer's topic and its partition count. */
function checkRef(ref: PartitionRef, topic: string, partitions: number): void {
  if (ref.topic !== topic)
    throw consumerBadRequest(
      `This consumer reads topic "${topic}" (named by its consumer group); "${ref.topic}" is not available to it.`,
    );
  if (ref.partition >= partitions) {
    throw new ConsumerApiError(
      404,
      ErrorCode.PARTITION_NOT_FOUND,
      `Partition ${ref.partition} of topic "${topic}" not found; it has partitions 0..${partitions - 1}.`,
    );
  }
}

export function parsePartitions(body: unknown, topic: string, partitions: number): PartitionRef[] {
  const items = list(object(body, 'partitions'), 'partitions', `{"partitions":[{"topic":"${topic}","partition":0}]}`);
  return items.map((item, i) => {
    const o = object(item, `partitions[${i}]`);
    const ref = { topic: String(o.topic ?? ''), partition: wholeNumber(o.partition, `partitions[${i}].partition`) };
    checkRef(ref, topic, partitions);
    return ref;
  });
}

export function parseOffsets(body: unknown, topic: string, partitions: number): OffsetRef[] {
  const items = list(
    object(body, 'offsets'),
    'offsets',
    `{"offsets":[{"topic":"${topic}","partition":0,"offset":42}]}`,
  );
  return items.map((item, i) => {
    const o = object(item, `offsets[${i}]`);
    const ref = {
      topic: String(o.topic ?? ''),
      partition: wholeNumber(o.partition, `offsets[${i}].partition`),
      offset: wholeNumber(o.offset, `offsets[${i}].offset`),
    };
    checkRef(ref, topic, partitions);
    return ref;
  });
}

export function parseSubscription(body: unknown, topic: string): string[] {
  const items = list(object(body, 'subscription'), 'topics', `{"topics":["${topic}"]}`);
  if (items.length === 0) throw consumerBadRequest(`Subscribe to at least one topic, e.g. {"topics":["${topic}"]}.`);
  for (const t of items) {
    if (t !== topic)
      throw consumerBadRequest(
        `This consumer reads topic "${topic}" (named by its consumer group); it cannot subscribe to ${JSON.stringify(t)}.`,
      );
  }
  return [topic];
}
