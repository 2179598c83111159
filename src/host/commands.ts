// A tiny command registry: one class per command (`readonly id`, `execute`), registered through one error
// wrapper. The wrapper logs the stack, shows a short message with "Show Log", and stays silent when the user
// cancelled — so no command handles its own errors and VS Code never shows a raw "command failed" toast.
import * as vscode from 'vscode';
import type { Logger } from '../core/logger';
import { isCancellation } from '../core/platform/errors';
import type { CommandId } from './commandIds';
import { Disposable } from './lifecycle';

export interface Command<Id extends string = CommandId> {
  readonly id: Id;
  execute(...args: unknown[]): unknown;
}

/**
 * A command's argument as a plain object of named fields (automation, tests and the tree's nodes pass one), or an
 * empty one for anything else: no argument, a string, or the array of selected nodes VS Code adds on multi-select.
 * `K` names the fields a command reads (`argObject<'before' | 'after'>(arg)`), so a misspelt one does not compile.
 */
export function argObject<K extends string = string>(arg: unknown): { readonly [P in NoInfer<K>]?: unknown } {
  return typeof arg === 'object' && arg !== null && !Array.isArray(arg) ? (arg as Record<K, unknown>) : {};
}

/** The window API the error wrapper needs; `vscode.window` in the extension, a recorder in tests. */
export interface ErrorPresenter {
  showErrorMessage(message: string, ...actions: string[]): Thenable<string | undefined>;
}

export const SHOW_LOG_ACTION = 'Show Log';
const MAX_MESSAGE_LENGTH = 300;

function shortMessage(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  const firstLine = text.split('\n', 1)[0]?.trim() || 'Unexpected error.';
  return firstLine.length > MAX_MESSAGE_LENGTH ? `${firstLine.slice(0, MAX_MESSAGE_LENGTH - 1)}…` : firstLine;
}

export interface CommandErrorHandlerOptions {
  readonly logger: Logger;
  readonly presenter: ErrorPresenter;
  /** Reveals the log (the "Show Log" action). */
  readonly showLog: () => void;
  /** Removes credentials from the message shown to the user. */
  readonly redact: (text: string) => string;
}

export class CommandErrorHandler {
  constructor(private readonly options: CommandErrorHandlerOptions) {}

  /** Runs a command body; failures are reported and turned into `undefined`. */
  async run<T>(commandId: string, body: () => T | Promise<T>): Promise<T | undefined> {
    try {
      return await body();
    } catch (err) {
      this.report(commandId, err);
      return undefined;
    }
  }

  report(commandId: string, err: unknown): void {
    const { logger, presenter, showLog, redact } = this.options;
    if (isCancellation(err)) {
      logger.debug(`${commandId} cancelled`);
      return;
    }
    logger.error(`command ${commandId} failed:`, err);
    // Not awaited: the toast stays until dismissed, and the command must not hang on it.
    void presenter.showErrorMessage(redact(shortMessage(err)), SHOW_LOG_ACTION).then(
      (choice) => {
        if (choice === SHOW_LOG_ACTION) showLog();
      },
      (e: unknown) => logger.warn('could not show an error message', e),
    );
  }
}

/** Where a feature puts its commands: the registry itself, or a feature loaded on demand's table (featureOnDemand.ts). */
export interface CommandSink<Id extends string = CommandId> {
  register(...commands: Command<Id>[]): void;
}

/** A command that ran to its end without an error or a cancel, wherever it was started from, and what it returned. */
export interface CompletedCommand {
  readonly id: string;
  readonly result: unknown;
}

export class CommandRegistry<Id extends string = CommandId> extends Disposable implements CommandSink<Id> {
  private readonly completed = this._register(new vscode.EventEmitter<CompletedCommand>());
  /** Fires when a registered command completes (palette, menus, Source Control, buttons, other commands alike). */
  readonly onDidComplete = this.completed.event;

  constructor(private readonly errors: CommandErrorHandler) {
    super();
  }

  register(...commands: Command<Id>[]): void {
    for (const command of commands) {
      this._register(
        vscode.commands.registerCommand(command.id, async (...args: unknown[]) => {
          let ok = false;
          const result = await this.errors.run(command.id, async () => {
            const value = await command.execute(...args);
            ok = true;
            return value;
          });
          if (ok) this.completed.fire({ id: command.id, result });
          return result;
        }),
      );
    }
  }
}
