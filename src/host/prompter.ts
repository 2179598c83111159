// Every question, confirmation, file dialog, notification and progress a command shows goes through the
// `Prompter` seam. The extension uses `WindowPrompter` (vscode.window); the extension-host tests install a
// scripted one through the testing API, so commands run end to end without a person at the keyboard.
import * as vscode from 'vscode';
import { CancelledError } from '../core/platform/errors';
import type { Progress } from '../core/progress';
import { withProgress } from './cancellation';

export interface PickItem<T> {
  readonly label: string;
  readonly description?: string;
  readonly detail?: string;
  readonly value: T;
  /** Pre-selected (pickMany) or the active item (pick). */
  readonly picked?: boolean;
}

export interface PickOptions {
  readonly title: string;
  readonly placeholder?: string;
  /**
   * pickMany only: accepting with nothing chosen keeps the pick open and shows this message (what to do), instead
   * of ending with an empty choice that a command could only treat as a cancel.
   */
  readonly required?: string;
}

export interface InputOptions {
  readonly title: string;
  readonly prompt?: string;
  readonly value?: string;
  readonly placeholder?: string;
  /** Hides what is typed (secrets). */
  readonly password?: boolean;
  /** Returns why the value cannot be accepted, or undefined. */
  readonly validate?: (value: string) => string | undefined;
}

export interface ConfirmOptions {
  readonly detail?: string;
  /** The button that confirms, e.g. "Replace". */
  readonly action: string;
}

export interface FileFilters {
  readonly [name: string]: readonly string[];
}

export interface OpenFileOptions {
  readonly title: string;
  readonly filters?: FileFilters;
}

export interface SaveFileOptions {
  readonly title: string;
  /** Proposed file name (in the workspace's first folder, or the home folder). */
  readonly defaultName: string;
  readonly filters?: FileFilters;
}

export interface ProgressTaskOptions {
  readonly title: string;
  /** Default true: a Cancel button that aborts the task's signal. */
  readonly cancellable?: boolean;
}

export interface Prompter {
  /** One item's value, or undefined when the user dismissed the pick. */
  pick<T>(items: readonly PickItem<T>[], options: PickOptions): Promise<T | undefined>;
  /** The chosen values (possibly none), or undefined when dismissed. */
  pickMany<T>(items: readonly PickItem<T>[], options: PickOptions): Promise<T[] | undefined>;
  input(options: InputOptions): Promise<string | undefined>;
  /** A modal question; true only when the user chose `action`. */
  confirm(message: string, options: ConfirmOptions): Promise<boolean>;
  /** A file path, or undefined when dismissed. */
  openFile(options: OpenFileOptions): Promise<string | undefined>;
  saveFile(options: SaveFileOptions): Promise<string | undefined>;
  /** An information message; resolves with the action chosen (not awaited by commands that offer none). */
  info(message: string, ...actions: string[]): Promise<string | undefined>;
  warn(message: string, ...actions: string[]): Promise<string | undefined>;
  /** Runs `task` under a progress notification; cancelling aborts the signal. */
  withProgress<T>(
    options: ProgressTaskOptions,
    task: (progress: Progress, signal: AbortSignal) => Promise<T>,
  ): Promise<T>;
}

function toDialogFilters(filters: FileFilters | undefined): Record<string, string[]> | undefined {
  if (!filters) return undefined;
  return Object.fromEntries(Object.entries(filters).map(([name, exts]) => [name, [...exts]]));
}

/**
 * The production prompter: quick picks, input boxes, modal dialogs and notifications of the window.
 *
 * An answered pick or input box is not hidden at once: it stays up until the command's next question replaces it, or
 * until the current turn of the event loop ends. Hiding it hands the focus back to where the command started, and
 * from a walkthrough step's button the very Enter that answered then lands on that button, which re-selects the step
 * and, a moment later, takes the focus from the command's next question (code-server 4.139.1). A question shown over
 * an answered one replaces it without that hand-back, as VS Code's own multi-step inputs do.
 */
export class WindowPrompter implements Prompter {
  async pick<T>(items: readonly PickItem<T>[], options: PickOptions): Promise<T | undefined> {
    return (await this.ask(items, options, false))?.[0];
  }

  async pickMany<T>(items: readonly PickItem<T>[], options: PickOptions): Promise<T[] | undefined> {
    return this.ask(items, options, true);
  }

  async input(options: InputOptions): Promise<string | undefined> {
    const box = vscode.window.createInputBox();
    Object.assign(box, {
      title: options.title,
      prompt: options.prompt,
      value: options.value ?? '',
      placeholder: options.placeholder,
      password: options.password ?? false,
      ignoreFocusOut: true,
    });
    const check = (value: string): string | undefined => options.validate?.(value);
    return new Promise<string | undefined>((resolve) => {
      box.onDidChangeValue((value) => {
        box.validationMessage = check(value);
      });
      box.onDidAccept(() => {
        const problem = check(box.value);
        box.validationMessage = problem;
        if (problem !== undefined) return;
        resolve(box.value);
        retire(box);
      });
      box.onDidHide(() => {
        resolve(undefined);
        box.dispose();
      });
      box.show();
    });
  }

  private ask<T>(items: readonly PickItem<T>[], options: PickOptions, many: boolean): Promise<T[] | undefined> {
    type Item = vscode.QuickPickItem & { value: T };
    const picks: Item[] = items.map((i) => ({
      label: i.label,
      description: i.description,
      detail: i.detail,
      value: i.value,
      picked: many ? i.picked : undefined,
    }));
    const quickPick = vscode.window.createQuickPick<Item>();
    Object.assign(quickPick, {
      title: options.title,
      placeholder: options.placeholder,
      canSelectMany: many,
      matchOnDescription: true,
      items: picks,
    });
    if (many) quickPick.selectedItems = picks.filter((p) => p.picked);
    else {
      const active = picks.find((_, index) => items[index]?.picked);
      if (active) quickPick.activeItems = [active];
    }
    return new Promise<T[] | undefined>((resolve) => {
      quickPick.onDidAccept(() => {
        const chosen = many ? quickPick.selectedItems : quickPick.activeItems.slice(0, 1);
        if (!many && chosen.length === 0) return;
        if (many && chosen.length === 0 && options.required) {
          // QuickPick has no validation message (VS Code 1.101): the placeholder says what is missing.
          quickPick.value = '';
          quickPick.placeholder = options.required;
          return;
        }
        resolve(chosen.map((c) => c.value));
        retire(quickPick);
      });
      quickPick.onDidHide(() => {
        resolve(undefined);
        quickPick.dispose();
      });
      quickPick.show();
    });
  }

  async confirm(message: string, options: ConfirmOptions): Promise<boolean> {
    return (
      (await vscode.window.showWarningMessage(message, { modal: true, detail: options.detail }, options.action)) ===
      options.action
    );
  }

  async openFile(options: OpenFileOptions): Promise<string | undefined> {
    const uris = await vscode.window.showOpenDialog({
      title: options.title,
      canSelectMany: false,
      filters: toDialogFilters(options.filters),
    });
    return uris?.[0]?.fsPath;
  }

  async saveFile(options: SaveFileOptions): Promise<string | undefined> {
    const folder = vscode.workspace.workspaceFolders?.find((f) => f.uri.scheme === 'file')?.uri;
    const defaultUri = folder ? vscode.Uri.joinPath(folder, options.defaultName) : vscode.Uri.file(options.defaultName);
    const uri = await vscode.window.showSaveDialog({
      title: options.title,
      defaultUri,
      filters: toDialogFilters(options.filters),
    });
    return uri?.fsPath;
  }

  async info(message: string, ...actions: string[]): Promise<string | undefined> {
    return vscode.window.showInformationMessage(message, ...actions);
  }

  async warn(message: string, ...actions: string[]): Promise<string | undefined> {
    return vscode.window.showWarningMessage(message, ...actions);
  }

  async withProgress<T>(
    options: ProgressTaskOptions,
    task: (progress: Progress, signal: AbortSignal) => Promise<T>,
  ): Promise<T> {
    return withProgress({ title: options.title, cancellable: options.cancellable ?? true }, task);
  }
}

/**
 * The prompter the commands hold: the window's, unless a test installed another. One instance is built in
 * `activate()` and handed to every feature, so swapping it reaches them all.
 */
export class SwitchablePrompter implements Prompter {
  private current: Prompter;

  constructor(private readonly fallback: Prompter) {
    this.current = fallback;
  }

  /** Installs `prompter`, or restores the window's with undefined. */
  use(prompter: Prompter | undefined): void {
    this.current = prompter ?? this.fallback;
  }

  pick<T>(items: readonly PickItem<T>[], options: PickOptions): Promise<T | undefined> {
    return this.current.pick(items, options);
  }
  pickMany<T>(items: readonly PickItem<T>[], options: PickOptions): Promise<T[] | undefined> {
    return this.current.pickMany(items, options);
  }
  input(options: InputOptions): Promise<string | undefined> {
    return this.current.input(options);
  }
  confirm(message: string, options: ConfirmOptions): Promise<boolean> {
    return this.current.confirm(message, options);
  }
  openFile(options: OpenFileOptions): Promise<string | undefined> {
    return this.current.openFile(options);
  }
  saveFile(options: SaveFileOptions): Promise<string | undefined> {
    return this.current.saveFile(options);
  }
  info(message: string, ...actions: string[]): Promise<string | undefined> {
    return this.current.info(message, ...actions);
  }
  warn(message: string, ...actions: string[]): Promise<string | undefined> {
    return this.current.warn(message, ...actions);
  }
  withProgress<T>(
    options: ProgressTaskOptions,
    task: (progress: Progress, signal: AbortSignal) => Promise<T>,
  ): Promise<T> {
    return this.current.withProgress(options, task);
  }
}

/**
 * Disposes an answered question once the current turn has ended: by then a next question of the same command has
 * replaced it (its dispose is then silent), or there is none and disposing hides it.
 */
function retire(input: vscode.QuickInput): void {
  setTimeout(() => input.dispose(), 0);
}

/** A dismissed prompt ends the command quietly (the error wrapper stays silent on cancellation). */
export async function answered<T>(pending: Promise<T | undefined>, what: string): Promise<T> {
  const value = await pending;
  if (value === undefined) throw new CancelledError(`${what} was cancelled.`);
  return value;
}
