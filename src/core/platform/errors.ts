// Typed errors of the platform client. Every error names the request (method + path) and, where known,
// the resource it was about, so a message shown to a user says what failed and what to do next.

/** What a constructor is told about the failed request: PlatformError's fields (documented there) and the cause. */
export type ErrorContext = Partial<
  Pick<PlatformError, 'method' | 'path' | 'resource' | 'status' | 'serverMessage' | 'serverCode' | 'retryAfterMs'>
> & { readonly cause?: unknown };

export type PlatformErrorKind =
  | 'BadRequest'
  | 'Unauthorized'
  | 'Forbidden'
  | 'NotFound'
  | 'Conflict'
  | 'ProjectLocked'
  | 'RateLimited'
  | 'FeatureNotEnabled'
  | 'ServerError'
  | 'Network'
  | 'Timeout'
  | 'Cancelled'
  | 'TooLarge'
  | 'InvalidResponse'
  | 'Config';

/**
 * Marks platform errors across bundles. The extension loads the platform client from its own bundle
 * (dist/platformClient.js), so an error thrown there is built by another copy of these classes; a
 * registry-wide symbol plus `Symbol.hasInstance` keeps `err instanceof NotFoundError` true whichever
 * copy made it, so recovery code never has to re-wrap errors.
 */
const BRAND = Symbol.for('conversational-studio.PlatformError');

function brandOf(value: unknown): PlatformErrorKind | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const kind = (value as { [BRAND]?: unknown })[BRAND];
  return typeof kind === 'string' ? (kind as PlatformErrorKind) : undefined;
}

export class PlatformError extends Error {
  /** The kind a subclass stands for; undefined on PlatformError itself (it matches every kind). */
  static readonly kindOfClass: PlatformErrorKind | undefined = undefined;

  static override [Symbol.hasInstance](value: unknown): boolean {
    if (Function.prototype[Symbol.hasInstance].call(this, value)) return true;
    const kind = brandOf(value);
    if (kind === undefined) return false;
    const wanted = (this as unknown as { kindOfClass?: PlatformErrorKind }).kindOfClass;
    return wanted === undefined || wanted === kind;
  }

  readonly kind: PlatformErrorKind;
  /** HTTP method of the failed request, e.g. `GET`. */
  readonly method?: string;
  /** Request path (never the full URL with credentials), e.g. `/v4/projects/12`. */
  readonly path?: string;
  /** Human name of the resource, e.g. `project 12` or `entity "DRINK"`. */
  readonly resource?: string;
  /** HTTP status, when a response arrived. */
  readonly status?: number;
  /** The server's own message, when it sent one. */
  readonly serverMessage?: string;
  /** The server's error code (gateway `code` or consumer API `error_code`). */
  readonly serverCode?: number | string;
  /** How long the server asked us to wait (Retry-After), in milliseconds. */
  readonly retryAfterMs?: number;

  constructor(kind: PlatformErrorKind, message: string, ctx: ErrorContext = {}) {
    super(message, ctx.cause === undefined ? undefined : { cause: ctx.cause });
    this.name = `${kind}Error`;
    this.kind = kind;
    this.method = ctx.method;
    this.path = ctx.path;
    this.resource = ctx.resource;
    this.status = ctx.status;
    this.serverMessage = ctx.serverMessage;
    this.serverCode = ctx.serverCode;
    this.retryAfterMs = ctx.retryAfterMs;
    Object.defineProperty(this, BRAND, { value: kind, enumerable: false });
  }

  /** True for errors worth retrying on an idempotent request. */
  get retryable(): boolean {
    return (
      this.kind === 'Network' || this.kind === 'RateLimited' || this.kind === 'ServerError' || this.kind === 'Timeout'
    );
  }
}

export class BadRequestError extends PlatformError {
  static override readonly kindOfClass: PlatformErrorKind = 'BadRequest';
  constructor(message: string, ctx: ErrorContext = {}) {
    super('BadRequest', message, ctx);
  }
}
export class UnauthorizedError extends PlatformError {
  static override readonly kindOfClass: PlatformErrorKind = 'Unauthorized';
  constructor(message: string, ctx: ErrorContext = {}) {
    super('Unauthorized', message, ctx);
  }
}
export class ForbiddenError extends PlatformError {
  static override readonly kindOfClass: PlatformErrorKind = 'Forbidden';
  constructor(message: string, ctx: ErrorContext = {}) {
    super('Forbidden', message, ctx);
  }
}
export class NotFoundError extends PlatformError {
  static override readonly kindOfClass: PlatformErrorKind = 'NotFound';
  constructor(message: string, ctx: ErrorContext = {}) {
    super('NotFound', message, ctx);
  }
}
export class ConflictError extends PlatformError {
  static override readonly kindOfClass: PlatformErrorKind = 'Conflict';
  constructor(message: string, ctx: ErrorContext = {}) {
    super('Conflict', message, ctx);
  }
}
export class ProjectLockedError extends PlatformError {
  static override readonly kindOfClass: PlatformErrorKind = 'ProjectLocked';
  constructor(message: string, ctx: ErrorContext = {}) {
    super('ProjectLocked', message, ctx);
  }
}
export class RateLimitedError extends PlatformError {
  static override readonly kindOfClass: PlatformErrorKind = 'RateLimited';
  constructor(message: string, ctx: ErrorContext = {}) {
    super('RateLimited', message, ctx);
  }
}
export class FeatureNotEnabledError extends PlatformError {
  static override readonly kindOfClass: PlatformErrorKind = 'FeatureNotEnabled';
  constructor(message: string, ctx: ErrorContext = {}) {
    super('FeatureNotEnabled', message, ctx);
  }
}
/**
 * Awaits a call whose FeatureNotEnabledError the caller rewords: it knows which feature it asked for and what to
 * do instead. The request's facts and the original error stay.
 */
export async function explainNotEnabled<T>(call: Promise<T>, message: string): Promise<T> {
  try {
    return await call;
  } catch (err) {
    if (!(err instanceof FeatureNotEnabledError)) throw err;
    throw new FeatureNotEnabledError(message, {
      method: err.method,
      path: err.path,
      resource: err.resource,
      status: err.status,
      serverMessage: err.serverMessage,
      serverCode: err.serverCode,
      cause: err,
    });
  }
}
export class ServerError extends PlatformError {
  static override readonly kindOfClass: PlatformErrorKind = 'ServerError';
  constructor(message: string, ctx: ErrorContext = {}) {
    super('ServerError', message, ctx);
  }
}
export class NetworkError extends PlatformError {
  static override readonly kindOfClass: PlatformErrorKind = 'Network';
  constructor(message: string, ctx: ErrorContext = {}) {
    super('Network', message, ctx);
  }
}
export class TimeoutError extends PlatformError {
  static override readonly kindOfClass: PlatformErrorKind = 'Timeout';
  constructor(message: string, ctx: ErrorContext = {}) {
    super('Timeout', message, ctx);
  }
}
export class CancelledError extends PlatformError {
  static override readonly kindOfClass: PlatformErrorKind = 'Cancelled';
  constructor(message = 'Cancelled', ctx: ErrorContext = {}) {
    super('Cancelled', message, ctx);
    // Matches the DOM convention so callers (and VS Code glue) can test `err.name === 'AbortError'`.
    this.name = 'AbortError';
  }
}
export class TooLargeError extends PlatformError {
  static override readonly kindOfClass: PlatformErrorKind = 'TooLarge';
  constructor(message: string, ctx: ErrorContext = {}) {
    super('TooLarge', message, ctx);
  }
}
export class InvalidResponseError extends PlatformError {
  static override readonly kindOfClass: PlatformErrorKind = 'InvalidResponse';
  constructor(message: string, ctx: ErrorContext = {}) {
    super('InvalidResponse', message, ctx);
  }
}
export class ConfigError extends PlatformError {
  static override readonly kindOfClass: PlatformErrorKind = 'Config';
  constructor(message: string, ctx: ErrorContext = {}) {
    super('Config', message, ctx);
  }
}

export function isCancellation(err: unknown): boolean {
  return err instanceof CancelledError || (err instanceof Error && err.name === 'AbortError');
}
