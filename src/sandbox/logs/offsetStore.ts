// Committed offsets of every consumer group, per topic partition, persisted in <data>/logs/offsets.json.
// They belong to the group, not to a consumer instance, so they outlive expired consumers and restarts:
// a recreated consumer of the same group resumes from them. A commit resolves once it is on disk;
// commits arriving during a write share the next one.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../../core/fs/atomicFile';
import { CoalescingWrites } from '../coalescingWrites';

export interface TopicPartitionOffset {
  topic: string;
  partition: number;
  offset: number;
}

type GroupOffsets = Record<string, Record<string, number>>;

const key = (topic: string, partition: number): string => `${topic}\u0000${partition}`;

export class OffsetStore {
  private readonly writes = new CoalescingWrites(() => writeFileAtomic(this.file, JSON.stringify(this.groups), 0o600));

  private constructor(
    private readonly file: string,
    private readonly groups: GroupOffsets,
  ) {}

  static async open(dataDir: string): Promise<OffsetStore> {
    const file = join(dataDir, 'logs', 'offsets.json');
    let groups: GroupOffsets = {};
    try {
      const parsed = JSON.parse(await readFile(file, 'utf8')) as unknown;
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) groups = parsed as GroupOffsets;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT')
        throw new Error(
          `${file} is not valid JSON (${(err as Error).message}); move it away to reset committed offsets.`,
        );
    }
    return new OffsetStore(file, groups);
  }

  get(group: string, topic: string, partition: number): number | undefined {
    return this.groups[group]?.[key(topic, partition)];
  }

  /** Records the offsets (the next record each partition's readers should get) and persists them. */
  commit(group: string, offsets: readonly TopicPartitionOffset[]): Promise<void> {
    if (offsets.length === 0) return Promise.resolve();
    const g = (this.groups[group] ??= {});
    for (const o of offsets) g[key(o.topic, o.partition)] = o.offset;
    return this.writes.request();
  }

  flush(): Promise<void> {
    return this.writes.flush();
  }
}
