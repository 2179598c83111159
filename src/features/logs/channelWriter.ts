// Writes formatted lines to an output channel in batches: lines queue up and go out in one `append()` per
// flush (at most every `flushMs`), so a busy topic costs one extension-host → window message per batch, not
// per record. The queue never holds more than `batchLines`: a writer over it makes `drained()` wait for the
// next flush, which is how the stream is pulled only as fast as the channel is written (backpressure).
// The channel itself is bounded too: past `maxLines` the owner rewrites it with what it keeps (`onFull`).

/** The part of a VS Code OutputChannel the writer uses. */
export interface ChannelSink {
  append(value: string): void;
  replace(value: string): void;
}

export interface ChannelWriterOptions {
  /** Lines the channel may hold before `onFull` is called. */
  readonly maxLines: number;
  /** Quiet time between two flushes (default 50 ms). */
  readonly flushMs?: number;
  /** Largest batch; a longer queue makes `drained()` wait (default 500). */
  readonly batchLines?: number;
  /** Keep a copy of the channel's lines (the extension-host tests read it). */
  readonly mirror?: boolean;
  /** The channel holds more than `maxLines`: the owner calls `rewrite()` with what it keeps. */
  readonly onFull: () => void;
}

export class ChannelWriter {
  private pending: string[] = [];
  private timer: NodeJS.Timeout | undefined;
  private waiters: Array<() => void> = [];
  private inChannel = 0;
  private mirror: string[] | undefined;
  private disposed = false;
  private readonly flushMs: number;
  private readonly batchLines: number;

  constructor(
    private readonly sink: ChannelSink,
    private readonly options: ChannelWriterOptions,
  ) {
    this.flushMs = options.flushMs ?? 50;
    this.batchLines = options.batchLines ?? 500;
    this.mirror = options.mirror ? [] : undefined;
  }

  /** Lines queued and not yet in the channel. */
  get backlog(): number {
    return this.pending.length;
  }

  /** Lines in the channel now. */
  get lineCount(): number {
    return this.inChannel;
  }

  write(line: string): void {
    if (this.disposed) return;
    this.pending.push(line);
    this.timer ??= setTimeout(() => this.flush(), this.flushMs);
  }

  /** Resolves at once while the queue is short, otherwise after the next flush. */
  drained(): Promise<void> {
    if (this.pending.length < this.batchLines || this.disposed) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending.length > 0 && !this.disposed) {
      const batch = this.pending;
      this.pending = [];
      this.sink.append(`${batch.join('\n')}\n`);
      this.inChannel += batch.length;
      if (this.mirror) for (const line of batch) this.mirror.push(line);
    }
    this.release();
    if (this.inChannel > this.options.maxLines && !this.disposed) this.options.onFull();
  }

  /** Replaces the channel's whole content (and drops the queue, which `lines` already accounts for). */
  rewrite(lines: readonly string[]): void {
    if (this.disposed) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.pending = [];
    this.sink.replace(lines.length > 0 ? `${lines.join('\n')}\n` : '');
    this.inChannel = lines.length;
    if (this.mirror) this.mirror = [...lines];
    this.release();
  }

  /** The channel's lines, when mirrored (extension-host tests); empty otherwise. */
  lines(): readonly string[] {
    return this.mirror ?? [];
  }

  dispose(): void {
    this.disposed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.pending = [];
    this.release();
  }

  private release(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const resolve of waiters) resolve();
  }
}
