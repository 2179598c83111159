// The status bar item of event logs: the stream used last, its state, record count and rate
// (core/logs/stats.ts), refreshed every second while a stream runs. Clicking it offers the stream's actions.
import * as vscode from 'vscode';
import { CommandIds } from '../../host/commandIds';
import { Disposable } from '../../host/lifecycle';
import type { LogSession, SessionState } from './logSession';
import type { LogSessions } from './logSessions';

const ICONS: Record<SessionState, string> = {
  starting: '$(loading~spin)',
  streaming: '$(pulse)',
  recovering: '$(sync~spin)',
  paused: '$(debug-pause)',
  ended: '$(check)',
  stopped: '$(debug-stop)',
  failed: '$(error)',
};

export function statusText(session: LogSession): string {
  const state = session.state === 'streaming' ? '' : ` ${session.state}`;
  return `${ICONS[session.state]} ${session.target.topic}${state} · ${session.describeCounts()}`;
}

export class LogStatusBar extends Disposable {
  private readonly item: vscode.StatusBarItem;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly sessions: LogSessions) {
    super();
    this.item = this._register(vscode.window.createStatusBarItem('cstudio.logs', vscode.StatusBarAlignment.Left, 9));
    this.item.name = 'Conversational Studio: Event Logs';
    this.item.command = CommandIds.logsActions;
    this._register(sessions.onDidChange(() => this.render()));
    this._register({ dispose: () => this.stopTimer() });
    this.render();
  }

  /** The text shown now ('' when hidden); the extension-host tests read it. */
  get text(): string {
    return this.sessions.current ? this.item.text : '';
  }

  private render(): void {
    const session = this.sessions.current;
    if (!session) {
      this.item.hide();
      this.stopTimer();
      return;
    }
    this.item.text = statusText(session);
    const others = this.sessions.list().length - 1;
    this.item.tooltip = new vscode.MarkdownString(
      [
        `**Event logs of ${session.target.topic}**${session.target.applicationName ? ` — ${session.target.applicationName}` : ''}`,
        '',
        `- ${session.state}: ${session.describeCounts()}`,
        `- kept in memory: ${session.kept.size.toLocaleString('en-US')} records (Show Record JSON, Save Logs, audio)`,
        ...(session.error ? [`- error: ${session.error.message}`] : []),
        ...(others > 0 ? [`- ${others} other stream${others === 1 ? '' : 's'} in this window`] : []),
        '',
        'Click for actions.',
      ].join('\n'),
    );
    this.item.backgroundColor =
      session.state === 'failed' ? new vscode.ThemeColor('statusBarItem.errorBackground') : undefined;
    this.item.show();
    if (session.isActive) this.timer ??= setInterval(() => this.render(), 1000);
    else if (!this.sessions.list().some((s) => s.isActive)) this.stopTimer();
  }

  private stopTimer(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}
