// The seam between VS Code's cancellation and core's: a CancellationToken becomes an AbortSignal (whose
// reason is a CancelledError, so `isCancellation` recognises it), and VS Code's progress becomes core's.
import * as vscode from 'vscode';
import { CancelledError } from '../core/platform/errors';
import type { Progress } from '../core/progress';

export interface LinkedSignal {
  readonly signal: AbortSignal;
  dispose(): void;
}

/** An AbortSignal that aborts when the token is cancelled. Dispose it when the operation ends. */
export function abortSignalFrom(token: vscode.CancellationToken, what = 'The operation'): LinkedSignal {
  const controller = new AbortController();
  const abort = (): void => controller.abort(new CancelledError(`${what} was cancelled.`));
  if (token.isCancellationRequested) {
    abort();
    return { signal: controller.signal, dispose: () => undefined };
  }
  const listener = token.onCancellationRequested(abort);
  return { signal: controller.signal, dispose: () => listener.dispose() };
}

/** Adapts VS Code's progress reporter to core's `Progress`. */
export function toCoreProgress(progress: vscode.Progress<{ message?: string; increment?: number }>): Progress {
  return { report: (update) => progress.report(update) };
}

export interface ProgressOptions {
  readonly title: string;
  readonly location?: vscode.ProgressLocation;
  readonly cancellable?: boolean;
}

/** `window.withProgress` that hands the task a core Progress and an AbortSignal (cancellable by default). */
export function withProgress<T>(
  options: ProgressOptions,
  task: (progress: Progress, signal: AbortSignal) => Promise<T>,
): Thenable<T> {
  return vscode.window.withProgress(
    {
      title: options.title,
      location: options.location ?? vscode.ProgressLocation.Notification,
      cancellable: options.cancellable ?? true,
    },
    async (progress, token) => {
      const linked = abortSignalFrom(token, options.title);
      try {
        return await task(toCoreProgress(progress), linked.signal);
      } finally {
        linked.dispose();
      }
    },
  );
}
