// Small helpers for waiting on shared work with a caller's own AbortSignal.
import { CancelledError } from './errors';

/**
 * Resolves like `promise`, but rejects with CancelledError as soon as `signal` aborts. The shared work
 * itself goes on: other callers may still be waiting for it.
 */
export function raceSignal<T>(promise: Promise<T>, signal: AbortSignal | undefined, message: string): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(new CancelledError(message));
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(new CancelledError(message));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (err: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(err);
      },
    );
  });
}
