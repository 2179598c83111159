// One HTTP exchange with the platform, with retries: the only place that talks to undici. Everything above
// (auth, resource modules) describes requests; this decides attempts, timeouts, error types and logging.
import type { Readable } from 'node:stream';
import type { Dispatcher, FormData } from 'undici';
import type { Logger } from '../logger';
import { sleep } from '../progress';
import type { DispatcherPool } from './dispatcher';
import {
  errorForFailure,
  errorForStatus,
  isPermanentFailure,
  parseErrorBody,
  wasNotSent,
  type RequestDescription,
} from './errorMapping';
import { CancelledError, PlatformError } from './errors';
import { queryString, type QueryParams } from './paths';
import type { Redactor } from './redact';
import {
  isIdempotent,
  isRetryableStatus,
  nextDelay,
  parseRetryAfter,
  type HttpMethod,
  type RetryPolicy,
} from './retry';

export type RequestBody = string | Uint8Array | FormData;

export interface HttpRequest {
  readonly method: HttpMethod;
  /** `https://host:port` */
  readonly origin: string;
  /** Absolute, already-encoded path without the query string. */
  readonly path: string;
  readonly query?: QueryParams;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: RequestBody;
  /** Overrides the method's default idempotence (POST is retried only when this is true). */
  readonly idempotent?: boolean;
  /** Human name of the resource for error messages, e.g. `project 12`. */
  readonly resource?: string;
  readonly signal?: AbortSignal;
  readonly timeoutMs?: number;
}

export interface HttpResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  /** undici's body: a Readable that can also be read whole with `text()`. */
  readonly body: Dispatcher.ResponseData['body'];
}

/** Reads a successful response. Runs inside the attempt, so a body cut off mid-read is retried too. */
export type ResponseConsumer<T> = (response: HttpResponse) => Promise<T>;

export interface TransportOptions {
  readonly pool: DispatcherPool;
  readonly logger: Logger;
  readonly redactor: Redactor;
  readonly retry: RetryPolicy;
  /** Default wait for response headers, and between body chunks. */
  readonly timeoutMs: number;
  readonly userAgent?: string;
}

const MAX_ERROR_BODY = 64 * 1024;

export class Transport {
  private readonly logger: Logger;
  /** Headers every request carries unless it sets its own; built once, not per request. */
  private readonly defaultHeaders: Readonly<Record<string, string>>;

  constructor(private readonly options: TransportOptions) {
    this.logger = options.logger;
    this.defaultHeaders = { accept: 'application/json', 'user-agent': options.userAgent ?? 'conversational-studio' };
  }

  get redactor(): Redactor {
    return this.options.redactor;
  }

  async send<T>(req: HttpRequest, consume: ResponseConsumer<T>): Promise<T> {
    const { retry, pool, redactor } = this.options;
    const timeoutMs = req.timeoutMs ?? this.options.timeoutMs;
    const desc: RequestDescription = { method: req.method, path: req.path, resource: req.resource };
    const idempotent = isIdempotent(req.method, req.idempotent);
    const dispatcher = pool.forOrigin(req.origin);
    const fullPath = req.query ? req.path + queryString(req.query) : req.path;
    const headers = req.headers ? { ...this.defaultHeaders, ...req.headers } : this.defaultHeaders;

    for (let attempt = 1; ; attempt++) {
      if (req.signal?.aborted) throw new CancelledError(`Cancelled: ${req.method} ${req.path}`, desc);
      const started = performance.now();
      let failure: PlatformError;
      let retryAfterMs: number | undefined;
      let mayRetry: boolean;
      try {
        const res = await dispatcher.request({
          origin: req.origin,
          path: fullPath,
          method: req.method,
          headers,
          body: req.body ?? null,
          signal: req.signal ?? null,
          headersTimeout: timeoutMs,
          bodyTimeout: timeoutMs,
        });
        const response: HttpResponse = { status: res.statusCode, headers: res.headers, body: res.body };
        if (res.statusCode >= 200 && res.statusCode < 300) {
          const value = await consume(response);
          this.log(req, res.statusCode, started, attempt);
          return value;
        }
        const text = redactor.redact(await readErrorText(res.body));
        retryAfterMs = parseRetryAfter(headerValue(res.headers['retry-after']));
        failure = errorForStatus(res.statusCode, desc, parseErrorBody(text), retryAfterMs);
        mayRetry = idempotent && isRetryableStatus(res.statusCode);
      } catch (err) {
        failure = errorForFailure(err, desc, req.signal, timeoutMs);
        failure.message = redactor.redact(failure.message);
        if (failure.kind === 'Cancelled') throw failure;
        mayRetry = ((idempotent && failure.retryable) || wasNotSent(err)) && !isPermanentFailure(err);
      }

      if (!mayRetry || attempt >= retry.maxAttempts) {
        this.log(req, failure.status ?? failure.kind, started, attempt);
        throw failure;
      }
      const delay = nextDelay(attempt, retry, retryAfterMs);
      this.log(req, failure.status ?? failure.kind, started, attempt, delay);
      try {
        await sleep(delay, req.signal);
      } catch (err) {
        throw errorForFailure(err, desc, req.signal, timeoutMs);
      }
    }
  }

  private log(req: HttpRequest, outcome: number | string, started: number, attempt: number, retryInMs?: number): void {
    const ms = Math.round(performance.now() - started);
    const retry = retryInMs === undefined ? '' : `, retrying in ${retryInMs} ms`;
    this.logger.debug(`${req.method} ${req.path} → ${outcome} (${ms} ms, attempt ${attempt}${retry})`);
  }
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Reads up to 64 KiB of an error body as text; a body that fails to arrive reads as empty. */
async function readErrorText(body: Readable): Promise<string> {
  // Leaving the loop early aborts the body, which undici reports as an error event nobody needs.
  body.on('error', ignore);
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of body) {
      const buf = chunk as Buffer;
      chunks.push(buf);
      size += buf.byteLength;
      if (size >= MAX_ERROR_BODY) break;
    }
  } catch {
    return Buffer.concat(chunks).toString('utf8');
  } finally {
    discardBody(body);
  }
  return Buffer.concat(chunks).toString('utf8').slice(0, MAX_ERROR_BODY);
}

/** Stops a response body and frees its connection; undici reports the abort as an error nobody needs. */
export function discardBody(body: Readable): void {
  if (body.destroyed) return;
  body.on('error', ignore);
  body.destroy();
}

function ignore(): void {
  // Deliberately empty: see discardBody.
}

/** Reads a whole (small) body as text, e.g. a JSON reply (undici's own reader: no async iteration per chunk). */
export function readText(body: HttpResponse['body']): Promise<string> {
  return body.text();
}
