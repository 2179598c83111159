// The local sandbox's commands, one class each. Failures go to the registry's error wrapper.
import * as vscode from 'vscode';
import { CommandIds } from '../../host/commandIds';
import { argObject, type Command } from '../../host/commands';
import type { LocalSandbox } from './localSandbox';

/** Notifications the commands raise; `vscode.window` in the extension. */
export interface SandboxNotifier {
  showInformationMessage(message: string): Thenable<unknown>;
}

/** Asks the user to confirm a destructive action (a modal dialog in the extension). */
export type Confirm = (message: string, detail: string, action: string) => Promise<boolean>;

export const modalConfirm: Confirm = async (message, detail, action) =>
  (await vscode.window.showWarningMessage(message, { modal: true, detail }, action)) === action;

export class StartSandboxCommand implements Command {
  readonly id = CommandIds.sandboxStart;
  constructor(private readonly sandbox: LocalSandbox, private readonly notify: SandboxNotifier) {}

  async execute(): Promise<string> {
    const wasRunning = this.sandbox.state.kind === 'running';
    const info = await this.sandbox.start();
    if (!wasRunning) void this.notify.showInformationMessage(`Local sandbox running at ${info.baseUrl}`);
    return info.baseUrl;
  }
}

export class StopSandboxCommand implements Command {
  readonly id = CommandIds.sandboxStop;
  constructor(private readonly sandbox: LocalSandbox) {}

  async execute(): Promise<void> {
    await this.sandbox.stop();
  }
}

export class RestartSandboxCommand implements Command {
  readonly id = CommandIds.sandboxRestart;
  constructor(private readonly sandbox: LocalSandbox, private readonly notify: SandboxNotifier) {}

  async execute(): Promise<string> {
    const info = await this.sandbox.restart();
    void this.notify.showInformationMessage(`Local sandbox restarted at ${info.baseUrl}`);
    return info.baseUrl;
  }
}

/** Programmatic callers (automation, tests) may pass `{ confirmed: true }` to skip the modal question. */
function isPreConfirmed(arg: unknown): boolean {
  return argObject(arg).confirmed === true;
}

export class ResetSandboxCommand implements Command {
  readonly id = CommandIds.sandboxReset;
  constructor(
    private readonly sandbox: LocalSandbox,
    private readonly confirm: Confirm,
    private readonly notify: SandboxNotifier,
  ) {}

  async execute(arg?: unknown): Promise<string | undefined> {
    const ok = isPreConfirmed(arg) || await this.confirm(
      'Reset the local sandbox?',
      `This stops the sandbox and deletes all its data (projects, builds, logs) in ${this.sandbox.dataDir}. ` +
        'It then starts again with fresh demo data.',
      'Reset',
    );
    if (!ok) return undefined;
    const info = await this.sandbox.resetData();
    void this.notify.showInformationMessage(`Local sandbox reset; running at ${info.baseUrl} with fresh demo data`);
    return info.baseUrl;
  }
}

export class CopySandboxUrlCommand implements Command {
  readonly id = CommandIds.sandboxCopyBaseUrl;
  constructor(private readonly sandbox: LocalSandbox) {}

  async execute(): Promise<string> {
    const info = await this.sandbox.start();
    await vscode.env.clipboard.writeText(info.baseUrl);
    return info.baseUrl;
  }
}

/** The status bar's click on a running sandbox: pick one of the other commands. */
export class SandboxActionsCommand implements Command {
  readonly id = CommandIds.sandboxActions;

  async execute(): Promise<void> {
    const picks: Array<vscode.QuickPickItem & { command: string }> = [
      { label: '$(debug-restart) Restart', command: CommandIds.sandboxRestart },
      { label: '$(debug-stop) Stop', command: CommandIds.sandboxStop },
      { label: '$(copy) Copy API URL', command: CommandIds.sandboxCopyBaseUrl },
      { label: '$(trash) Reset data…', command: CommandIds.sandboxReset },
      { label: '$(output) Show log', command: CommandIds.showLog },
    ];
    const choice = await vscode.window.showQuickPick(picks, { placeHolder: 'Local sandbox' });
    if (choice) await vscode.commands.executeCommand(choice.command);
  }
}
