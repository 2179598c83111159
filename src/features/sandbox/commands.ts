// The local sandbox's commands, one class each. Failures go to the registry's error wrapper; questions and
// notifications go through the prompter (so the extension-host tests can script them).
import * as vscode from 'vscode';
import { CommandIds, type CommandId } from '../../host/commandIds';
import { argObject, type Command } from '../../host/commands';
import type { Prompter } from '../../host/prompter';
import { cliExportLines, shellQuote } from '../../core/connections/cliEnvironment';
import { runtimeClientFor } from '../../core/connections/runtimeClientChoice';
import type { LocalSandbox } from './localSandbox';

/** A command on the local sandbox; questions and messages go through the prompter. */
abstract class SandboxCommand implements Command {
  abstract readonly id: CommandId;
  constructor(
    protected readonly sandbox: LocalSandbox,
    protected readonly prompter: Prompter,
  ) {}
  abstract execute(arg?: unknown): Promise<unknown>;
}

export class StartSandboxCommand extends SandboxCommand {
  readonly id = CommandIds.sandboxStart;

  async execute(): Promise<string> {
    const wasRunning = this.sandbox.state.kind === 'running';
    const info = await this.sandbox.start();
    if (!wasRunning) void this.prompter.info(`Local sandbox running at ${info.baseUrl}`);
    return info.baseUrl;
  }
}

export class StopSandboxCommand extends SandboxCommand {
  readonly id = CommandIds.sandboxStop;

  async execute(): Promise<void> {
    await this.sandbox.stop();
  }
}

export class RestartSandboxCommand extends SandboxCommand {
  readonly id = CommandIds.sandboxRestart;

  async execute(): Promise<string> {
    const info = await this.sandbox.restart();
    void this.prompter.info(`Local sandbox restarted at ${info.baseUrl}`);
    return info.baseUrl;
  }
}

/** Programmatic callers (automation, tests) may pass `{ confirmed: true }` to skip the modal question. */
function isPreConfirmed(arg: unknown): boolean {
  return argObject(arg).confirmed === true;
}

export class ResetSandboxCommand extends SandboxCommand {
  readonly id = CommandIds.sandboxReset;

  async execute(arg?: unknown): Promise<string | undefined> {
    const ok =
      isPreConfirmed(arg) ||
      (await this.prompter.confirm('Reset the local sandbox?', {
        detail:
          `This stops the sandbox and deletes all its data (projects, builds, logs) in ${this.sandbox.dataDir}. ` +
          'It then starts again with fresh demo data.',
        action: 'Reset',
      }));
    if (!ok) return undefined;
    const info = await this.sandbox.resetData();
    void this.prompter.info(`Local sandbox reset; running at ${info.baseUrl} with fresh demo data`);
    return info.baseUrl;
  }
}

export class CopySandboxUrlCommand extends SandboxCommand {
  readonly id = CommandIds.sandboxCopyBaseUrl;

  async execute(): Promise<string> {
    const info = await this.sandbox.start();
    await vscode.env.clipboard.writeText(info.baseUrl);
    return info.baseUrl;
  }
}

/**
 * Copies the `export CSTUDIO_…` lines that point the CLI at this sandbox (as `cstudio sandbox env` prints them), for
 * a terminal: the CLI cannot read VS Code's SecretStorage. The lines carry the demo client's secret, and the
 * message says so.
 */
export class CopySandboxCliConnectionCommand extends SandboxCommand {
  readonly id = CommandIds.sandboxCopyCliConnection;

  async execute(): Promise<string> {
    const info = await this.sandbox.start();
    const owner = info.clients[0];
    if (!owner) throw new Error(`The local sandbox has no demo client; reset its data (${info.dataDir}).`);
    const runtime = runtimeClientFor(info.runtimeClients);
    await vscode.env.clipboard.writeText(
      cliExportLines({
        baseUrl: info.baseUrl,
        authUrl: info.authUrl,
        logUrl: info.logUrl,
        clientId: owner.clientId,
        clientSecret: owner.clientSecret,
        ...(runtime
          ? { nluUrl: info.nluUrl, runtimeClientId: runtime.clientId, runtimeClientSecret: runtime.clientSecret }
          : {}),
      }),
    );
    void this.prompter.info(
      `Copied the local sandbox's connection for the CLI (${info.baseUrl}): export lines that include its ` +
        'client SECRET. Paste them into a terminal, then run cstudio without --sandbox; keep them out of files and chats. ' +
        `In a terminal, eval "$(cstudio sandbox env --data ${shellQuote(info.dataDir)})" gives the same.`,
    );
    return info.baseUrl;
  }
}

/** The status bar's click on a running sandbox: pick one of the other commands. */
export class SandboxActionsCommand implements Command {
  readonly id = CommandIds.sandboxActions;
  constructor(private readonly prompter: Prompter) {}

  async execute(): Promise<void> {
    const command = await this.prompter.pick(
      [
        { label: '$(debug-restart) Restart', value: CommandIds.sandboxRestart },
        { label: '$(debug-stop) Stop', value: CommandIds.sandboxStop },
        { label: '$(copy) Copy API URL', value: CommandIds.sandboxCopyBaseUrl },
        {
          label: '$(terminal) Copy connection for the CLI (includes the secret)',
          value: CommandIds.sandboxCopyCliConnection,
        },
        { label: '$(trash) Reset data…', value: CommandIds.sandboxReset },
        { label: '$(output) Show log', value: CommandIds.showLog },
      ],
      { title: 'Local sandbox', placeholder: 'What should the sandbox do?' },
    );
    if (command) await vscode.commands.executeCommand(command);
  }
}
