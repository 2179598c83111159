// Wires the local sandbox into the window: its status bar item, commands, context key and
// the connection's credential in SecretStorage. Starting is lazy (first use or a command) unless
// `cstudio.sandbox.autoStart` asks for a start right after activation — always in the background.
import * as vscode from 'vscode';
import type { Logger } from '../../core/logger';
import type { CommandRegistry, CommandErrorHandler } from '../../host/commands';
import { CommandIds } from '../../host/commandIds';
import { ContextKeys } from '../../host/contextValues';
import { Disposable } from '../../host/lifecycle';
import type { Prompter } from '../../host/prompter';
import type { CredentialStore } from '../../host/secrets';
import type { Settings } from '../../host/settings';
import {
  CopySandboxCliConnectionCommand,
  CopySandboxUrlCommand,
  ResetSandboxCommand,
  RestartSandboxCommand,
  SandboxActionsCommand,
  StartSandboxCommand,
  StopSandboxCommand,
} from './commands';
import { LOCAL_SANDBOX_CONNECTION_ID, LocalSandbox, type SandboxLauncher, type SandboxState } from './localSandbox';
import { SandboxStatusBar } from './statusBar';

export interface SandboxFeatureDeps {
  /** Where the sandbox keeps its data (under the extension's global storage). */
  readonly dataDir: string;
  readonly launcher: SandboxLauncher;
  readonly settings: Settings;
  readonly logger: Logger;
  readonly commands: CommandRegistry;
  readonly errors: CommandErrorHandler;
  readonly credentials: CredentialStore;
  /** Questions and notifications of the commands. */
  readonly prompter: Prompter;
  /** Makes a secret disappear from every log line from now on. */
  readonly registerSecret: (secret: string) => void;
}

export class SandboxFeature extends Disposable {
  readonly sandbox: LocalSandbox;
  readonly statusBar: SandboxStatusBar;

  constructor(private readonly deps: SandboxFeatureDeps) {
    super();
    const logger = deps.logger;
    this.sandbox = this._register(
      new LocalSandbox({
        dataDir: deps.dataDir,
        launcher: deps.launcher,
        logger,
        settings: () => deps.settings.value.sandbox,
      }),
    );
    this.statusBar = this._register(new SandboxStatusBar(this.sandbox));
    this._register(this.sandbox.onDidChangeState((state) => this.onStateChanged(state)));
    void vscode.commands.executeCommand('setContext', ContextKeys.sandboxState, this.sandbox.state.kind);

    deps.commands.register(
      new StartSandboxCommand(this.sandbox, deps.prompter),
      new StopSandboxCommand(this.sandbox, deps.prompter),
      new RestartSandboxCommand(this.sandbox, deps.prompter),
      new ResetSandboxCommand(this.sandbox, deps.prompter),
      new CopySandboxUrlCommand(this.sandbox, deps.prompter),
      new CopySandboxCliConnectionCommand(this.sandbox, deps.prompter),
      new SandboxActionsCommand(deps.prompter),
    );
    this._register(
      deps.settings.onDidChange((change) => {
        if (
          this.sandbox.state.kind === 'running' &&
          (change.affects('sandbox.port') || change.affects('sandbox.jobDurationMs'))
        ) {
          logger.info(`sandbox settings changed; they apply at the next start (${CommandIds.sandboxRestart})`);
        }
      }),
    );
  }

  /** Starts the sandbox after activation has returned, if the settings ask for it. */
  autoStartInBackground(): void {
    if (!this.deps.settings.value.sandbox.autoStart) return;
    const timer = setTimeout(() => {
      this.deps.errors.run('cstudio.sandbox.autoStart', () => this.sandbox.start()).catch(() => undefined);
    }, 0);
    this._register({ dispose: () => clearTimeout(timer) });
  }

  private onStateChanged(state: SandboxState): void {
    void vscode.commands.executeCommand('setContext', ContextKeys.sandboxState, state.kind);
    if (state.kind !== 'running') return;
    const client = state.info.clients[0];
    for (const c of state.info.clients) this.deps.registerSecret(c.clientSecret);
    if (!client) return;
    // The connection's secret lives where every other connection's does, so the platform client finds it.
    this.deps.credentials
      .store(LOCAL_SANDBOX_CONNECTION_ID, client.clientSecret)
      .then(undefined, (e: unknown) =>
        this.deps.logger.warn('could not save the local sandbox credential in SecretStorage', e),
      );
  }
}
