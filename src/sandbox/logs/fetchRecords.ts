// Get Records: long-polls until the owned partitions hold at least `fetch.min.bytes` (any record when it is
// disabled) or `consumer.request.timeout.ms` passes, then returns up to `maxRecords` / `maxBytes` of
// records, starting at a rotating partition so none starves. Positions advance only when the reply is
// going to a caller that is still connected; with auto-commit the group offsets advance with them.
import { illegalState } from './consumerErrors';
import type { ConsumerInstance } from './consumerInstance';
import type { ConsumerRegistry } from './consumerRegistry';

export interface FetchLimits {
  timeoutMs: number;
  maxBytes: number;
  maxRecords: number;
  /** Aborted when the caller disconnects. */
  signal: AbortSignal;
}

/** The records' JSON texts, in the order they go into the reply array. */
export async function fetchRecords(
  registry: ConsumerRegistry,
  instance: ConsumerInstance,
  limits: FetchLimits,
): Promise<string[]> {
  if (instance.mode.kind === 'none') {
    throw illegalState(
      `${instance.label} is neither subscribed nor assigned any partition; subscribe to the topic or assign partitions before fetching.`,
    );
  }
  const deadline = Date.now() + limits.timeoutMs;
  const threshold = instance.config.fetchMinBytes > 0 ? instance.config.fetchMinBytes : 1;
  // One controller for both reasons to stop waiting (AbortSignal.any keeps listeners on long-lived signals).
  const stop = new AbortController();
  const onStop = (): void => stop.abort();
  limits.signal.addEventListener('abort', onStop, { once: true });
  instance.gone.signal.addEventListener('abort', onStop, { once: true });
  instance.busy++;
  try {
    for (;;) {
      if (instance.deleted || limits.signal.aborted) return [];
      const owned = instance.owned;
      const available = owned.reduce(
        (sum, p) => sum + (sum >= threshold ? 0 : partitionBytes(registry, instance, p, threshold - sum)),
        0,
      );
      const remaining = deadline - Date.now();
      if (available >= threshold || remaining <= 0) return take(registry, instance, limits);
      await registry.store.waitForAppend(instance.topic, remaining, stop.signal);
    }
  } finally {
    limits.signal.removeEventListener('abort', onStop);
    instance.gone.signal.removeEventListener('abort', onStop);
    instance.busy--;
    registry.touch(instance);
  }
}

function partitionBytes(
  registry: ConsumerRegistry,
  instance: ConsumerInstance,
  partition: number,
  limit: number,
): number {
  const log = registry.store.partitions(instance.topic)[partition];
  return log ? log.bytesFrom(registry.position(instance, partition), limit) : 0;
}

function take(registry: ConsumerRegistry, instance: ConsumerInstance, limits: FetchLimits): string[] {
  const owned = instance.owned;
  const logs = registry.store.partitions(instance.topic);
  const out: string[] = [];
  let bytes = 0;
  const advanced: Array<{ partition: number; next: number }> = [];
  for (let i = 0; i < owned.length && out.length < limits.maxRecords && bytes < limits.maxBytes; i++) {
    const p = owned[(instance.rotation + i) % owned.length] as number;
    const log = logs[p];
    if (!log) continue;
    const read = log.read(
      registry.position(instance, p),
      limits.maxRecords - out.length,
      out.length === 0 ? limits.maxBytes : limits.maxBytes - bytes,
    );
    if (read.texts.length === 0) continue;
    for (const t of read.texts) out.push(t);
    bytes += read.bytes;
    advanced.push({ partition: p, next: read.next });
  }
  instance.rotation = owned.length > 0 ? (instance.rotation + 1) % owned.length : 0;
  // A caller that hung up never sees these records: leave the positions where they were.
  if (limits.signal.aborted || instance.deleted) return [];
  for (const a of advanced) instance.positions.set(a.partition, a.next);
  if (instance.config.autoCommit && advanced.length > 0) {
    void registry.offsets
      .commit(
        instance.group,
        advanced.map((a) => ({ topic: instance.topic, partition: a.partition, offset: a.next })),
      )
      .catch(() => undefined);
  }
  return out;
}
