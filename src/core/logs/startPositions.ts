// Where a log stream starts and where "until the end" stops, per partition. The stream always knows the
// next offset it wants from every partition it reads, so it can put a recreated or confused consumer back
// exactly there (nothing lost, nothing repeated).
import type { ConsumerApi, OffsetReset, PartitionRange } from './consumer';

export type StartPosition =
  /** Follow: only records written from now on (tail). */
  | { kind: 'latest' }
  | { kind: 'beginning' }
  /** Where the consumer group last committed; partitions never committed start at `otherwise`. */
  | { kind: 'committed'; otherwise?: 'beginning' | 'latest' }
  /** One offset for every partition, or one per partition (others start at the end). */
  | { kind: 'offsets'; offsets: number | Readonly<Record<number, number>> }
  /** Records whose timestamp is at or after `time` (epoch ms); earlier ones are skipped as they stream. */
  | { kind: 'time'; time: number };

export interface StartPlan {
  positions: Map<number, number>;
  /** With `untilEnd`: the end offsets when the stream started. */
  targets: Map<number, number>;
}

/** `auto.offset.reset` matching a start position (used only where the stream sets no position itself). */
export function offsetResetFor(start: StartPosition): OffsetReset {
  if (start.kind === 'beginning' || start.kind === 'time') return 'earliest';
  if (start.kind === 'committed') return start.otherwise === 'beginning' ? 'earliest' : 'latest';
  return 'latest';
}

export async function planStart(
  api: ConsumerApi,
  partitions: readonly number[],
  start: StartPosition,
  signal?: AbortSignal,
): Promise<StartPlan> {
  const ranges = new Map<number, PartitionRange>();
  for (const p of partitions) ranges.set(p, await api.partitionRange(p, signal));
  const committed = start.kind === 'committed' ? await api.committed(partitions, signal) : new Map<number, number>();
  const positions = new Map<number, number>();
  const targets = new Map<number, number>();
  for (const [p, range] of ranges) {
    positions.set(p, clamp(initial(start, p, range, committed.get(p)), range));
    targets.set(p, range.end);
  }
  return { positions, targets };
}

function initial(
  start: StartPosition,
  partition: number,
  range: PartitionRange,
  committed: number | undefined,
): number {
  switch (start.kind) {
    case 'beginning':
    case 'time':
      return range.beginning;
    case 'latest':
      return range.end;
    case 'committed':
      return committed ?? (start.otherwise === 'beginning' ? range.beginning : range.end);
    case 'offsets':
      return typeof start.offsets === 'number' ? start.offsets : (start.offsets[partition] ?? range.end);
  }
}

function clamp(offset: number, range: PartitionRange): number {
  return Math.min(Math.max(offset, range.beginning), range.end);
}
