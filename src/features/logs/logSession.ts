// One stream of one topic into its channel: pulls records from a LogStream only as fast as the channel
// writer takes them, keeps the newest ones in a ring buffer (Show Record JSON, Save Logs, audio, re-filtering)
// and counts them. Nothing here grows with the stream's volume: the ring buffer, the writer's queue and the
// channel (rewritten past its limit) are all bounded, and the stream holds at most one fetched batch.
// Pausing stops pulling (the stream keeps its consumer alive meanwhile); stopping deletes the consumer.
import type { Logger } from '../../core/logger';
import {
  compileFilter,
  describeFilter,
  isEmptyFilter,
  type LogFilter,
  type RecordPredicate,
} from '../../core/logs/filters';
import { formatRecord } from '../../core/logs/formatter';
import type { LogRecord } from '../../core/logs/records';
import { RingBuffer } from '../../core/logs/ringBuffer';
import { LogStats } from '../../core/logs/stats';
import { LogStream } from '../../core/logs/stream';
import type { LogStreamStatus } from '../../core/logs/streamOptions';
import type { Requester } from '../../core/platform/requester';
import { ChannelWriter, type ChannelSink } from './channelWriter';
import type { LogViewSettings } from '../../host/settings';
import { describeMode, streamModeInfo, type StreamMode } from './streamModes';

export type SessionState = 'starting' | 'streaming' | 'recovering' | 'paused' | 'ended' | 'stopped' | 'failed';

export interface LogTarget {
  readonly connectionId: string;
  readonly connectionName: string;
  /** The topic: the runtime app ID. */
  readonly topic: string;
  /** The application's name, when known. */
  readonly applicationName?: string;
}

export interface LogSessionOptions {
  readonly target: LogTarget;
  readonly mode: StreamMode;
  readonly requester: Requester;
  /** The `clientName` of the consumer group. */
  readonly clientName: string;
  readonly settings: LogViewSettings;
  readonly sink: ChannelSink;
  readonly filter?: LogFilter;
  /** Mirror the channel's lines (extension-host tests). */
  readonly mirror?: boolean;
  /** Quiet time between two writes to the channel (default: the writer's); tests lengthen it to batch more. */
  readonly flushMs?: number;
  readonly logger: Logger;
  /** State, counts or filter changed. */
  readonly onChange: () => void;
  /** The stream failed after it had started. */
  readonly onFailure: (err: unknown) => void;
}

const RULE = '──';

export class LogSession {
  readonly kept: RingBuffer<LogRecord>;
  readonly stats = new LogStats();
  private readonly writer: ChannelWriter;
  private readonly stream: LogStream;
  private currentState: SessionState = 'starting';
  private currentFilter: LogFilter;
  private matches: RecordPredicate;
  private shownCount = 0;
  private failure: Error | undefined;
  private gate: { promise: Promise<void>; open: () => void } | undefined;
  private stopping = false;
  /** The closing line (reached the end, stopped, failed): a trim of the channel keeps it after the records. */
  private closing: string | undefined;
  /** Resolves when the stream is ready (its consumer exists and is positioned); rejects if it never gets there. */
  readonly started: Promise<void>;
  /** Resolves when the stream has ended, stopped or failed (its consumer deleted). */
  readonly done: Promise<void>;

  constructor(private readonly options: LogSessionOptions) {
    const { settings, target, mode } = options;
    this.kept = new RingBuffer<LogRecord>(settings.keptRecords);
    this.currentFilter = options.filter ?? {};
    this.matches = compileFilter(this.currentFilter);
    this.writer = new ChannelWriter(options.sink, {
      maxLines: settings.maxChannelLines,
      mirror: options.mirror,
      flushMs: options.flushMs,
      onFull: () => this.trim(),
    });
    const { start, untilEnd } = streamModeInfo(mode);
    let ready!: () => void;
    let notReady!: (err: unknown) => void;
    this.started = new Promise<void>((resolve, reject) => {
      ready = resolve;
      notReady = reject;
    });
    this.started.catch(() => undefined);
    this.stream = new LogStream({
      requester: options.requester,
      topic: target.topic,
      clientName: options.clientName,
      start,
      untilEnd,
      logger: options.logger,
      onStatus: (s) => {
        if (s.state === 'streaming') ready();
        this.onStatus(s);
      },
    });
    this.writer.write(this.header());
    this.done = this.pump().then(
      () => ready(),
      (err: unknown) => {
        notReady(err);
      },
    );
  }

  get target(): LogTarget {
    return this.options.target;
  }
  get mode(): StreamMode {
    return this.options.mode;
  }
  get state(): SessionState {
    return this.currentState;
  }
  get filter(): LogFilter {
    return this.currentFilter;
  }
  get error(): Error | undefined {
    return this.failure;
  }
  /** Records that passed the filter (written to the channel). */
  get shown(): number {
    return this.shownCount;
  }
  get isActive(): boolean {
    return !['ended', 'stopped', 'failed'].includes(this.currentState);
  }
  get consumerGroup(): string {
    return this.stream.group;
  }
  get consumerName(): string | undefined {
    return this.stream.consumerName;
  }
  /** Lines queued for the channel. */
  get backlog(): number {
    return this.writer.backlog;
  }
  get channelLineCount(): number {
    return this.writer.lineCount;
  }
  /** The channel's lines, when mirrored. */
  lines(): readonly string[] {
    return this.writer.lines();
  }

  /** `1,234 records · 56.0/s`, with how many passed the filter when one is set. */
  describeCounts(): string {
    const shown = isEmptyFilter(this.currentFilter) ? '' : ` (${this.shownCount.toLocaleString('en-US')} shown)`;
    return `${this.stats.describe()}${shown}`;
  }

  pause(): void {
    if (!this.isActive || this.gate) return;
    let open!: () => void;
    const promise = new Promise<void>((resolve) => {
      open = resolve;
    });
    this.gate = { promise, open };
    this.setState('paused');
    this.writer.write(`${RULE} paused at ${new Date().toISOString()} ${RULE}`);
  }

  resume(): void {
    const gate = this.gate;
    if (!gate) return;
    this.gate = undefined;
    this.writer.write(`${RULE} resumed at ${new Date().toISOString()} ${RULE}`);
    this.setState('streaming');
    gate.open();
  }

  /** Stops pulling, commits, deletes the consumer; resolves once it is gone. */
  async stop(): Promise<void> {
    if (!this.isActive) return this.done;
    this.stopping = true;
    const gate = this.gate;
    this.gate = undefined;
    gate?.open();
    await this.stream.stop();
    await this.done;
  }

  /** Applies a filter to new records and rewrites the channel with the kept records that pass it. */
  setFilter(filter: LogFilter): void {
    this.currentFilter = filter;
    this.matches = compileFilter(filter);
    this.rewriteWithKept(
      `${RULE} filter: ${describeFilter(filter)} (applied to the ${this.kept.size.toLocaleString('en-US')} kept records and to new ones) ${RULE}`,
    );
    this.options.onChange();
  }

  /** Ends the session's writes (the channel belongs to the caller). */
  dispose(): void {
    void this.stop().catch(() => undefined);
    this.writer.dispose();
  }

  private async pump(): Promise<void> {
    try {
      for await (const record of this.stream) {
        if (this.gate) await this.gate.promise;
        if (this.stopping) break;
        this.accept(record);
        if (this.writer.backlog > 0) await this.writer.drained();
      }
      this.finish(this.stopping ? 'stopped' : 'ended');
    } catch (err) {
      this.failure = err instanceof Error ? err : new Error(String(err));
      this.close(`${RULE} the stream failed: ${this.failure.message} ${RULE}`);
      const wasStarted = this.currentState !== 'starting';
      this.finish('failed');
      if (wasStarted) this.options.onFailure(err);
      throw err;
    }
  }

  private accept(record: LogRecord): void {
    this.stats.add();
    this.kept.push(record);
    if (!this.matches(record)) return;
    this.shownCount++;
    this.writer.write(formatRecord(record));
  }

  private finish(state: 'ended' | 'stopped' | 'failed'): void {
    if (state !== 'failed') {
      const how = state === 'ended' ? 'reached the end' : 'stopped';
      this.close(
        `${RULE} ${how}: ${this.stats.count.toLocaleString('en-US')} records received, ${this.shownCount.toLocaleString('en-US')} shown ${RULE}`,
      );
    }
    this.writer.flush();
    this.setState(state);
  }

  private close(line: string): void {
    this.closing = line;
    this.writer.write(line);
  }

  private onStatus(status: LogStreamStatus): void {
    if (this.gate || this.stopping) return;
    if (status.state === 'streaming' || status.state === 'recovering' || status.state === 'starting')
      this.setState(status.state);
    if (status.state === 'recovering')
      this.options.logger.info(`${this.target.topic}: recovering (${status.message ?? 'retrying'})`);
  }

  private setState(state: SessionState): void {
    if (this.currentState === state) return;
    this.currentState = state;
    this.options.onChange();
  }

  private header(): string {
    const t = this.target;
    const app = t.applicationName ? ` (${t.applicationName})` : '';
    return `${RULE} event logs of ${t.topic}${app} on ${t.connectionName}, ${describeMode(this.options.mode)}; filter: ${describeFilter(this.currentFilter)} ${RULE}`;
  }

  /** The channel outgrew its limit: keep the header and the kept records that pass the filter. */
  private trim(): void {
    const limit = this.options.settings.maxChannelLines;
    this.rewriteWithKept(
      `${RULE} earlier lines trimmed to stay within ${limit.toLocaleString('en-US')} lines (cstudio.logs.maxChannelLines); the newest kept records follow ${RULE}`,
    );
  }

  private rewriteWithKept(note: string): void {
    const lines = [this.header(), note];
    for (const record of this.kept) if (this.matches(record)) lines.push(formatRecord(record));
    // The last flush can overflow the channel after the closing line went in with it; the rewrite keeps it last.
    if (this.closing) lines.push(this.closing);
    this.writer.rewrite(lines);
  }
}
