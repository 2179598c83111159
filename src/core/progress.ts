// Progress reporting shared by every long operation in core/ (jobs, pulls, pushes, log streaming).

export interface Progress {
  /** `message` replaces the current message; `increment` is a percentage of the whole (0-100) added. */
  report(update: { message?: string; increment?: number }): void;
}

export const noProgress: Progress = { report: () => undefined };

/** Throws the signal's reason (or an AbortError) if the signal is aborted. */
export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) {
    const reason: unknown = signal.reason;
    if (reason instanceof Error) throw reason;
    const err = new Error('The operation was cancelled.');
    err.name = 'AbortError';
    throw err;
  }
}

/** Resolves after `ms`, or rejects early with an AbortError when the signal aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      try {
        throwIfAborted(signal);
      } catch (e) {
        reject(e);
      }
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      try {
        throwIfAborted(signal);
      } catch (e) {
        reject(e);
      }
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
