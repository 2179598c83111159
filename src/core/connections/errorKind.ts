// Small helpers for presenting errors of a connection. Platform errors are recognised with `instanceof`
// even when they come from the separately loaded client bundle (errors.ts brands them across bundles).
import { PlatformError, type PlatformErrorKind } from '../platform/errors';

/** The platform error kind of `err`, or undefined for any other error. */
export function platformErrorKind(err: unknown): PlatformErrorKind | undefined {
  return err instanceof PlatformError ? err.kind : undefined;
}

/** A connection with no stored client secret (never signed in, or signed out). */
export class NotSignedInError extends Error {
  constructor(
    readonly connectionId: string,
    connectionName: string,
  ) {
    super(`Connection "${connectionName}" is signed out: no client secret is stored. Sign in to enter it.`);
    this.name = 'NotSignedInError';
  }
}

export function isNotSignedIn(err: unknown): err is NotSignedInError {
  return err instanceof Error && err.name === 'NotSignedInError';
}

/** The short message of an error, first line only. */
export function errorMessage(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return text.split('\n', 1)[0]?.trim() || 'Unexpected error.';
}
