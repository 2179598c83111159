// The extension's one log: a LogOutputChannel (`{ log: true }`, so VS Code adds timestamps and levels and
// keeps a log file) behind core's `Logger`. Every line, details included, goes through the injected redactor
// as one string, so a secret cannot slip through in an error message, a stack or an object dump.
import * as vscode from 'vscode';
import { inspect } from 'node:util';
import type { Logger } from '../core/logger';
import { Disposable } from './lifecycle';

export type LogLevelName = 'trace' | 'debug' | 'info' | 'warn' | 'error';

const RANK: Record<LogLevelName, number> = { trace: 0, debug: 1, info: 2, warn: 3, error: 4 };

/** The part of a LogOutputChannel the logger writes to. */
export interface LogSink {
  trace(line: string): void;
  debug(line: string): void;
  info(line: string): void;
  warn(line: string): void;
  error(line: string): void;
}

export interface LogOptions {
  /** Removes credentials from a finished line. */
  readonly redact: (text: string) => string;
  /** Lines below this level are dropped (the channel's own level, set by the user in VS Code, applies too). */
  readonly minLevel: () => LogLevelName;
}

function describeError(err: Error): string {
  let text = err.stack ?? `${err.name}: ${err.message}`;
  let cause: unknown = err.cause;
  for (let depth = 0; cause !== undefined && depth < 3; depth++) {
    text += `\nCaused by: ${cause instanceof Error ? (cause.stack ?? cause.message) : inspect(cause, { depth: 2 })}`;
    cause = cause instanceof Error ? cause.cause : undefined;
  }
  return text;
}

function describe(detail: unknown): string {
  if (typeof detail === 'string') return detail;
  if (detail instanceof Error) return describeError(detail);
  return inspect(detail, { depth: 4, breakLength: Infinity });
}

/** `[a/b] message detail1 detail2`, one string. */
export function formatLogLine(tags: readonly string[], message: string | Error, details: readonly unknown[]): string {
  const prefix = tags.length > 0 ? `[${tags.join('/')}] ` : '';
  return prefix + [message, ...details].map(describe).join(' ');
}

class SinkLogger implements Logger {
  constructor(
    private readonly sink: LogSink,
    private readonly options: LogOptions,
    private readonly tags: readonly string[],
  ) {}

  trace(message: string, ...details: unknown[]): void {
    this.write('trace', message, details);
  }
  debug(message: string, ...details: unknown[]): void {
    this.write('debug', message, details);
  }
  info(message: string, ...details: unknown[]): void {
    this.write('info', message, details);
  }
  warn(message: string, ...details: unknown[]): void {
    this.write('warn', message, details);
  }
  error(message: string | Error, ...details: unknown[]): void {
    this.write('error', message, details);
  }

  child(component: string): Logger {
    return new SinkLogger(this.sink, this.options, [...this.tags, component]);
  }

  private write(level: LogLevelName, message: string | Error, details: unknown[]): void {
    if (RANK[level] < RANK[this.options.minLevel()]) return;
    this.sink[level](this.options.redact(formatLogLine(this.tags, message, details)));
  }
}

/** A Logger over any sink; the extension uses `ExtensionLog`, tests may pass a recording sink. */
export function createSinkLogger(sink: LogSink, options: LogOptions): Logger {
  return new SinkLogger(sink, options, []);
}

/** Owns the extension's LogOutputChannel. Only this class touches it. */
export class ExtensionLog extends Disposable {
  readonly logger: Logger;
  private readonly channel: vscode.LogOutputChannel;

  constructor(name: string, options: LogOptions) {
    super();
    this.channel = this._register(vscode.window.createOutputChannel(name, { log: true }));
    this.logger = createSinkLogger(this.channel, options);
  }

  show(): void {
    this.channel.show(true);
  }
}
