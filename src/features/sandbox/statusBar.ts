// The status bar shows whether the local sandbox runs and on which port; clicking it starts a stopped
// sandbox or offers the actions for a running one.
import * as vscode from 'vscode';
import { CommandIds } from '../../host/commandIds';
import { Disposable } from '../../host/lifecycle';
import type { LocalSandbox, SandboxState } from './localSandbox';

interface Look {
  readonly text: string;
  readonly tooltip: string | vscode.MarkdownString;
  readonly command: string;
  readonly background?: vscode.ThemeColor;
}

function look(state: SandboxState): Look {
  switch (state.kind) {
    case 'running': {
      const { info } = state;
      const tooltip = new vscode.MarkdownString(
        `**Local sandbox** is running\n\n- API: \`${info.baseUrl}\`\n- Auth: \`${info.authUrl}\`\n- Logs: \`${info.logUrl}\`\n\nClick for actions.`,
      );
      return { text: `$(server-process) Sandbox :${info.port}`, tooltip, command: CommandIds.sandboxActions };
    }
    case 'starting':
      return {
        text: '$(loading~spin) Sandbox starting…',
        tooltip: 'The local sandbox is starting.',
        command: CommandIds.showLog,
      };
    case 'stopping':
      return {
        text: '$(loading~spin) Sandbox stopping…',
        tooltip: 'The local sandbox is stopping.',
        command: CommandIds.showLog,
      };
    case 'failed':
      return {
        text: '$(error) Sandbox failed',
        tooltip: `The local sandbox failed: ${state.error.message}\n\nClick to start it again.`,
        command: CommandIds.sandboxStart,
        background: new vscode.ThemeColor('statusBarItem.errorBackground'),
      };
    case 'stopped':
      return {
        text: '$(debug-stop) Sandbox stopped',
        tooltip: 'The local sandbox is stopped. Click to start it.',
        command: CommandIds.sandboxStart,
      };
  }
}

export class SandboxStatusBar extends Disposable {
  private readonly item: vscode.StatusBarItem;

  constructor(sandbox: LocalSandbox) {
    super();
    this.item = this._register(
      vscode.window.createStatusBarItem('cstudio.sandbox', vscode.StatusBarAlignment.Left, 10),
    );
    this.item.name = 'Conversational Studio: Local Sandbox';
    this.render(sandbox.state);
    this._register(sandbox.onDidChangeState((s) => this.render(s)));
    this.item.show();
  }

  /** The text currently shown (tests read it through the extension's testing API). */
  get text(): string {
    return this.item.text;
  }

  private render(state: SandboxState): void {
    const l = look(state);
    this.item.text = l.text;
    this.item.tooltip = l.tooltip;
    this.item.command = l.command;
    this.item.backgroundColor = l.background;
  }
}
