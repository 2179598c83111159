// The event logs of every topic (one per runtime app ID), kept in memory for fast fetches and appended to
// disk so they survive restarts:
//   <data>/logs/topics/<topic>/meta.json      {partitions}
//   <data>/logs/topics/<topic>/<p>.jsonl      one record (its exact JSON text) per line, offsets in order
//   <data>/logs/topics/<topic>/audio.jsonl    the audio behind each call summary's URN
// Appends to one topic run one at a time, so offsets are dense and a record becomes visible to fetches only
// once it is written. Retention keeps the newest `retention` records per partition; a partition file that
// grows well past that is compacted (rewritten atomically).
import { appendFile, mkdir, readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../../core/fs/atomicFile';
import type { Logger } from '../../core/logger';
import { PartitionLog } from './partitionLog';

export interface LogEntry {
  /** Entries with the same key land in the same partition, so a dialog session stays in order. */
  partitionKey: string;
  /** `key.service` of the record. */
  service: string;
  /** `key.id` of the record (a random UUID). */
  id: string;
  value: Record<string, unknown>;
}

/** What the audio API needs to render the utterance behind a URN. */
export interface AudioEntry {
  urn: string;
  topic: string;
  sampleRate: number;
  durationMs: number;
  /** Seeds the synthesis, so the same URN always sounds the same. */
  seed: number;
}

export interface LogStoreOptions {
  /** Partitions of a new topic. */
  partitions: number;
  /** Records kept per partition. */
  retention: number;
}

interface Topic {
  readonly name: string;
  readonly dir: string;
  readonly partitions: PartitionLog[];
  readonly fileLines: number[];
  readonly listeners: Set<() => void>;
  onDisk: boolean;
  chain: Promise<void>;
}

export class LogStore {
  private readonly topics = new Map<string, Topic>();
  private readonly audio = new Map<string, AudioEntry>();
  private closed = false;

  private constructor(
    private readonly dir: string,
    private readonly options: LogStoreOptions,
    private readonly logger: Logger,
  ) {}

  static async open(dataDir: string, options: LogStoreOptions, logger: Logger): Promise<LogStore> {
    const store = new LogStore(join(dataDir, 'logs', 'topics'), options, logger);
    await mkdir(store.dir, { recursive: true, mode: 0o700 });
    for (const entry of await readdir(store.dir, { withFileTypes: true })) {
      if (entry.isDirectory()) await store.load(entry.name);
    }
    return store;
  }

  /** The partitions of a topic (a topic with no records yet has empty ones). */
  partitions(topic: string): readonly PartitionLog[] {
    return this.topic(topic).partitions;
  }

  findAudio(urn: string): AudioEntry | undefined {
    return this.audio.get(urn);
  }

  /** Appends records (and the audio their call summaries point to); resolves once they are on disk and visible. */
  append(topicName: string, entries: readonly LogEntry[], audio: readonly AudioEntry[] = []): Promise<number> {
    if (this.closed) return Promise.reject(new Error('The event-log store is closed.'));
    const topic = this.topic(topicName);
    const run = topic.chain.then(() => this.write(topic, entries, audio));
    topic.chain = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  /** Resolves at the next append to the topic, after `ms`, or when `signal` aborts — whichever comes first. */
  waitForAppend(topicName: string, ms: number, signal?: AbortSignal): Promise<void> {
    const topic = this.topic(topicName);
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        topic.listeners.delete(done);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, Math.max(0, ms));
      topic.listeners.add(done);
      signal?.addEventListener('abort', done, { once: true });
      if (this.closed || signal?.aborted) done();
    });
  }

  /** Waits for writes in flight and wakes every waiting fetch. */
  async close(): Promise<void> {
    this.closed = true;
    for (const topic of this.topics.values()) {
      for (const wake of [...topic.listeners]) wake();
      await topic.chain;
    }
  }

  private topic(name: string): Topic {
    let topic = this.topics.get(name);
    if (!topic) {
      const n = this.options.partitions;
      topic = {
        name,
        dir: join(this.dir, folderName(name)),
        onDisk: false,
        chain: Promise.resolve(),
        partitions: Array.from({ length: n }, () => new PartitionLog()),
        fileLines: new Array<number>(n).fill(0),
        listeners: new Set(),
      };
      this.topics.set(name, topic);
    }
    return topic;
  }

  private async write(topic: Topic, entries: readonly LogEntry[], audio: readonly AudioEntry[]): Promise<number> {
    if (!topic.onDisk) {
      await mkdir(topic.dir, { recursive: true, mode: 0o700 });
      await writeFileAtomic(
        join(topic.dir, 'meta.json'),
        JSON.stringify({ partitions: topic.partitions.length }),
        0o600,
      );
      topic.onDisk = true;
    }
    const n = topic.partitions.length;
    const pending = topic.partitions.map(() => [] as string[]);
    const ends = topic.partitions.map((p) => p.end);
    for (const e of entries) {
      const p = hash(e.partitionKey) % n;
      const offset = ends[p] as number;
      ends[p] = offset + 1;
      // Field order as the collector's EventLogSchema: topic, key, value, partition, offset.
      pending[p]?.push(
        JSON.stringify({
          topic: topic.name,
          key: { service: e.service, id: e.id },
          value: e.value,
          partition: p,
          offset,
        }),
      );
    }
    for (let p = 0; p < n; p++) {
      const texts = pending[p] as string[];
      if (texts.length > 0) await appendFile(partitionFile(topic, p), `${texts.join('\n')}\n`, { mode: 0o600 });
    }
    if (audio.length > 0)
      await appendFile(join(topic.dir, 'audio.jsonl'), audio.map((a) => `${JSON.stringify(a)}\n`).join(''), {
        mode: 0o600,
      });
    // Written: make them visible, apply retention, and wake waiting fetches.
    for (let p = 0; p < n; p++) {
      const part = topic.partitions[p] as PartitionLog;
      for (const text of pending[p] as string[]) part.append(() => text);
      part.trim(this.options.retention);
      topic.fileLines[p] = (topic.fileLines[p] ?? 0) + (pending[p] as string[]).length;
      if ((topic.fileLines[p] as number) > this.options.retention * 1.5 + 1000) await this.compact(topic, p);
    }
    for (const a of audio) this.audio.set(a.urn, a);
    for (const wake of [...topic.listeners]) wake();
    return entries.length;
  }

  private async compact(topic: Topic, p: number): Promise<void> {
    const retained = (topic.partitions[p] as PartitionLog).retained();
    await writeFileAtomic(partitionFile(topic, p), retained.length > 0 ? `${retained.join('\n')}\n` : '', 0o600);
    topic.fileLines[p] = retained.length;
  }

  private async load(folder: string): Promise<void> {
    const dir = join(this.dir, folder);
    let partitions: number;
    try {
      const meta = JSON.parse(await readFile(join(dir, 'meta.json'), 'utf8')) as { partitions?: unknown };
      partitions = Number(meta.partitions);
      if (!Number.isInteger(partitions) || partitions < 1)
        throw new Error(`bad partition count ${String(meta.partitions)}`);
    } catch (err) {
      this.logger.warn(`ignoring event-log folder ${dir}: ${(err as Error).message}`);
      return;
    }
    let name: string;
    try {
      name = decodeURIComponent(folder);
    } catch {
      return;
    }
    const topic: Topic = {
      name,
      dir,
      onDisk: true,
      chain: Promise.resolve(),
      listeners: new Set(),
      partitions: [],
      fileLines: [],
    };
    for (let p = 0; p < partitions; p++) {
      const lines = await readLines(join(dir, `${p}.jsonl`));
      const complete = dropTornLine(lines);
      if (complete.length < lines.length)
        await writeFileAtomic(join(dir, `${p}.jsonl`), complete.length ? `${complete.join('\n')}\n` : '', 0o600);
      const first =
        complete[0] === undefined ? 0 : Number((JSON.parse(complete[0]) as { offset?: unknown }).offset ?? 0);
      const log = new PartitionLog(first, complete);
      log.trim(this.options.retention);
      topic.partitions.push(log);
      topic.fileLines.push(complete.length);
    }
    for (const line of dropTornLine(await readLines(join(dir, 'audio.jsonl')))) {
      const a = JSON.parse(line) as AudioEntry;
      this.audio.set(a.urn, a);
    }
    this.topics.set(name, topic);
  }
}

/** A topic name as a folder name: percent-encoded, dots too (no `.` or `..`). */
function folderName(topic: string): string {
  return encodeURIComponent(topic).replace(/\./g, '%2E');
}

function partitionFile(topic: Topic, p: number): string {
  return join(topic.dir, `${p}.jsonl`);
}

async function readLines(file: string): Promise<string[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** A crash mid-append can leave a partial last line: drop it (every earlier line was complete). */
function dropTornLine(lines: string[]): string[] {
  const last = lines[lines.length - 1];
  if (last === undefined) return lines;
  try {
    JSON.parse(last);
    return lines;
  } catch {
    return lines.slice(0, -1);
  }
}

/** FNV-1a: a stable, well-spread partition choice for a key. */
function hash(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
