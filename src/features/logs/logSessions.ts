// The event-log streams of this window, one per topic and connection, each with its own output channel
// (kept across restarts of the stream, so "stream again" continues in the same place). It knows which
// stream was used last (the status bar shows it; commands without an argument act on it when there are
// several) and publishes context keys for the palette's `when` clauses.
import * as vscode from 'vscode';
import type { Logger } from '../../core/logger';
import { ContextKeys } from '../../host/contextValues';
import { Disposable } from '../../host/lifecycle';
import { connectionIdOf } from '../../host/connectionPick';
import { answered, type Prompter } from '../../host/prompter';
import { LogSession, type LogSessionOptions, type LogTarget } from './logSession';

export function sessionKey(target: Pick<LogTarget, 'connectionId' | 'topic'>): string {
  return `${target.connectionId}/${target.topic}`;
}

export function channelName(target: LogTarget): string {
  return `Event Logs: ${target.topic}${target.applicationName ? ` (${target.applicationName})` : ''}`;
}

/** The topic a command argument names (`{ topic }` from automation or another command). */
export function topicOf(arg: unknown): string | undefined {
  if (typeof arg !== 'object' || arg === null) return undefined;
  const topic = (arg as { topic?: unknown }).topic;
  return typeof topic === 'string' && topic !== '' ? topic : undefined;
}

type NewSession = Omit<LogSessionOptions, 'sink' | 'onChange' | 'onFailure'>;

export class LogSessions extends Disposable {
  private readonly sessions = new Map<string, LogSession>();
  private readonly channels = new Map<string, vscode.OutputChannel>();
  private lastUsed: string | undefined;
  private readonly changed = this._register(new vscode.EventEmitter<void>());
  readonly onDidChange: vscode.Event<void> = this.changed.event;

  constructor(
    private readonly prompter: Prompter,
    private readonly logger: Logger,
    private readonly onFailure: (session: LogSession, err: unknown) => void,
  ) {
    super();
    this._register({ dispose: () => this.disposeAll() });
    this.publishContext();
  }

  list(): LogSession[] {
    return [...this.sessions.values()];
  }

  get(key: string): LogSession | undefined {
    return this.sessions.get(key);
  }

  /** The stream used last, if any. */
  get current(): LogSession | undefined {
    return this.lastUsed ? this.sessions.get(this.lastUsed) : undefined;
  }

  /** Starts a stream into the topic's channel; a stream already running there is stopped first. */
  async start(options: NewSession): Promise<LogSession> {
    const key = sessionKey(options.target);
    const previous = this.sessions.get(key);
    if (previous?.isActive) await previous.stop();
    previous?.dispose();
    const channel = this.channelFor(key, options.target);
    const session = new LogSession({
      ...options,
      sink: channel,
      onChange: () => {
        this.publishContext();
        this.changed.fire();
      },
      onFailure: (err) => this.onFailure(session, err),
    });
    this.sessions.set(key, session);
    this.lastUsed = key;
    this.publishContext();
    this.changed.fire();
    channel.show(true);
    return session;
  }

  show(session: LogSession): void {
    this.channels.get(sessionKey(session.target))?.show(true);
  }

  /** Marks a stream as the one commands and the status bar act on. */
  use(session: LogSession): void {
    const key = sessionKey(session.target);
    if (this.lastUsed === key) return;
    this.lastUsed = key;
    this.changed.fire();
  }

  /**
   * The stream a command acts on: the one its argument names (`{ topic }`), else the only candidate, else the
   * user's pick (the last used one first). `accept` narrows the candidates (e.g. only running streams).
   */
  async resolve(arg: unknown, title: string, accept: (s: LogSession) => boolean = () => true): Promise<LogSession> {
    const topic = topicOf(arg);
    const candidates = this.list().filter(accept);
    if (topic !== undefined) {
      const connectionId = connectionIdOf(arg);
      const named = candidates.find(
        (s) => s.target.topic === topic && (!connectionId || s.target.connectionId === connectionId),
      );
      if (!named)
        throw new Error(
          `There is no event-log stream of ${topic} to act on here; start one with "Stream Event Logs…".`,
        );
      this.use(named);
      return named;
    }
    if (candidates.length === 0) {
      throw new Error(
        this.sessions.size === 0
          ? 'No event-log stream has been started in this window; use "Stream Event Logs…" on an application first.'
          : 'No event-log stream is in a state where this applies; see the status bar for the current one.',
      );
    }
    const chosen =
      candidates.length === 1
        ? (candidates[0] as LogSession)
        : await answered(
            this.prompter.pick(
              candidates.map((s) => ({
                label: s.target.topic,
                description: `${s.state} · ${s.describeCounts()}`,
                detail: `${s.target.applicationName ?? ''}${s.target.applicationName ? ' · ' : ''}${s.target.connectionName}`,
                value: s,
                picked: sessionKey(s.target) === this.lastUsed,
              })),
              { title, placeholder: 'Event-log stream' },
            ),
            title,
          );
    this.use(chosen);
    return chosen;
  }

  private channelFor(key: string, target: LogTarget): vscode.OutputChannel {
    let channel = this.channels.get(key);
    if (!channel) {
      // A plain channel (not a LogOutputChannel): each line is exactly the formatted record, as the CLI
      // prints it, with the event's own time; `log` gives it the log highlighting.
      channel = vscode.window.createOutputChannel(channelName(target), 'log');
      this.channels.set(key, channel);
    }
    return channel;
  }

  private publishContext(): void {
    const states = this.list().map((s) => s.state);
    const set = (key: string, value: boolean): void => {
      void vscode.commands.executeCommand('setContext', key, value);
    };
    set(ContextKeys.logsHasStreams, states.length > 0);
    set(
      ContextKeys.logsHasRunning,
      states.some((s) => s === 'starting' || s === 'streaming' || s === 'recovering'),
    );
    set(ContextKeys.logsHasPaused, states.includes('paused'));
  }

  private disposeAll(): void {
    for (const session of this.sessions.values()) session.dispose();
    this.sessions.clear();
    for (const channel of this.channels.values()) channel.dispose();
    this.channels.clear();
    this.logger.debug('event-log streams disposed');
  }
}
