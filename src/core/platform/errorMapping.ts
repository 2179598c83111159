// Turns HTTP statuses, error bodies and socket failures into the typed errors of errors.ts, with messages
// that name the resource and the request: `Project 12 not found (GET /v4/projects/12): <server message>`.
import {
  BadRequestError,
  CancelledError,
  ConflictError,
  FeatureNotEnabledError,
  ForbiddenError,
  NetworkError,
  NotFoundError,
  PlatformError,
  ProjectLockedError,
  RateLimitedError,
  ServerError,
  TimeoutError,
  UnauthorizedError,
  type ErrorContext,
} from './errors';

export interface RequestDescription {
  readonly method: string;
  /** Path without the query string. */
  readonly path: string;
  /** e.g. `project 12`; defaults to "the resource". */
  readonly resource?: string;
}

export interface ServerErrorBody {
  readonly message?: string;
  readonly code?: number | string;
}

const MAX_TEXT_MESSAGE = 300;

/** Reads the gateway body `{code, message, details}`, the consumer API's `{error_code, message}`, OAuth's `{error, error_description}` or plain text. */
export function parseErrorBody(text: string): ServerErrorBody {
  const trimmed = text.trim();
  if (trimmed === '') return {};
  try {
    const parsed: unknown = JSON.parse(trimmed);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      const body = parsed as Record<string, unknown>;
      const message = firstString(body.message, body.error_description, body.error, body.detail);
      const code = firstCode(body.code, body.error_code, body.error);
      return { message, code };
    }
  } catch {
    // Not JSON: an HTML page from a proxy, or plain text; fall through.
  }
  const plain = trimmed
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return { message: plain.length > MAX_TEXT_MESSAGE ? `${plain.slice(0, MAX_TEXT_MESSAGE)}…` : plain };
}

function firstString(...values: unknown[]): string | undefined {
  for (const v of values) if (typeof v === 'string' && v.trim() !== '') return v.trim();
  return undefined;
}

function firstCode(...values: unknown[]): number | string | undefined {
  for (const v of values) if (typeof v === 'number' || (typeof v === 'string' && v !== '')) return v;
  return undefined;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function compose(headline: string, req: RequestDescription, serverMessage: string | undefined): string {
  const where = `(${req.method} ${req.path})`;
  return serverMessage ? `${headline} ${where}: ${serverMessage}` : `${headline} ${where}`;
}

/** The typed error for a non-2xx response. */
export function errorForStatus(
  status: number,
  req: RequestDescription,
  body: ServerErrorBody,
  retryAfterMs?: number,
): PlatformError {
  const resource = req.resource ?? 'the resource';
  const ctx: ErrorContext = {
    method: req.method,
    path: req.path,
    resource: req.resource,
    status,
    serverMessage: body.message,
    serverCode: body.code,
    retryAfterMs,
  };
  const msg = body.message;
  // The locked-edit status is not in the spec; the sandbox answers 409, other platforms may answer 400.
  if ((status === 409 && /locked/i.test(msg ?? '')) || (status === 400 && /\bis locked\b/i.test(msg ?? ''))) {
    return new ProjectLockedError(compose(`${capitalize(resource)} is locked by another user`, req, msg), ctx);
  }
  switch (status) {
    case 400:
      return new BadRequestError(compose(`The server rejected the request for ${resource}`, req, msg), ctx);
    case 401:
      return new UnauthorizedError(
        compose('Not authorized; check the client id and secret of the connection', req, msg),
        ctx,
      );
    case 403:
      return new ForbiddenError(compose(`Not allowed to do this on ${resource}`, req, msg), ctx);
    case 404:
      return new NotFoundError(compose(`${capitalize(resource)} not found`, req, msg), ctx);
    case 409:
      return new ConflictError(compose(`Conflict on ${resource}`, req, msg), ctx);
    case 413:
      return new BadRequestError(compose(`The request body for ${resource} is too large`, req, msg), ctx);
    case 429: {
      const wait = retryAfterMs === undefined ? '' : `; retry after ${Math.ceil(retryAfterMs / 1000)} s`;
      return new RateLimitedError(compose(`Too many requests${wait}`, req, msg), ctx);
    }
    case 501:
      return new FeatureNotEnabledError(compose('This feature is not enabled on the platform', req, msg), ctx);
    default:
      if (status >= 500) return new ServerError(compose(`Server error ${status}`, req, msg), ctx);
      return new BadRequestError(
        compose(`The server rejected the request for ${resource} with status ${status}`, req, msg),
        ctx,
      );
  }
}

const TIMEOUT_CODES = new Set([
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_CONNECT_TIMEOUT',
  'ETIMEDOUT',
]);
// Failures that happen before a byte of the request reaches the server: safe to retry any method.
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

// Certificate problems do not heal by retrying; they need the CA configured (the sandbox's --tls certificate).
const TLS_CODES = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'CERT_UNTRUSTED',
  'EPROTO',
]);

/** The error code of a socket/undici failure, looking through `cause`. */
export function failureCode(err: unknown): string | undefined {
  let current: unknown = err;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && code !== 'UND_ERR') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** True when the request certainly never reached the server. */
export function wasNotSent(err: unknown): boolean {
  const code = failureCode(err);
  return code !== undefined && NOT_SENT_CODES.has(code);
}

/** True for failures that another attempt cannot fix (certificate errors). */
export function isPermanentFailure(err: unknown): boolean {
  const code = failureCode(err);
  return code !== undefined && TLS_CODES.has(code);
}

/** The typed error for a failure without a (complete) response: cancellation, timeout or network. */
export function errorForFailure(
  err: unknown,
  req: RequestDescription,
  signal: AbortSignal | undefined,
  timeoutMs: number,
): PlatformError {
  if (err instanceof PlatformError) return err;
  const ctx: ErrorContext = { method: req.method, path: req.path, resource: req.resource, cause: err };
  if (signal?.aborted) return new CancelledError(`Cancelled: ${req.method} ${req.path}`, ctx);
  const code = failureCode(err);
  const detail = err instanceof Error ? err.message : String(err);
  if (code !== undefined && TIMEOUT_CODES.has(code)) {
    return new TimeoutError(compose(`No answer from the server within ${timeoutMs} ms`, req, detail), ctx);
  }
  const label = code && !detail.includes(code) ? `${detail} [${code}]` : detail;
  if (code !== undefined && TLS_CODES.has(code)) {
    return new NetworkError(
      compose("The server's TLS certificate is not trusted; add its CA certificate to the connection", req, label),
      ctx,
    );
  }
  return new NetworkError(compose('Could not reach the server', req, label), ctx);
}
