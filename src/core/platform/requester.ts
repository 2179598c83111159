// The request function every resource module is built on: it adds the bearer token (refreshing once on a
// 401), serializes JSON and multipart bodies, and parses JSON replies or hands back a streamed download.
import { Blob } from 'node:buffer';
import { FormData } from 'undici';
import type { TokenProvider } from './auth';
import { Download, fileNameFromDisposition, DEFAULT_MAX_DOWNLOAD_BYTES } from './download';
import { ConfigError, InvalidResponseError, UnauthorizedError } from './errors';
import type { QueryParams } from './paths';
import type { HttpMethod } from './retry';
import { readText, type HttpResponse, type RequestBody, type Transport } from './transport';

/** Which of the platform's HTTP interfaces a request goes to. */
export type ApiName = 'management' | 'log';

export interface UploadFile {
  readonly data: Uint8Array | Blob;
  readonly fileName: string;
  /** Multipart field name; the spec's name `content` by default. */
  readonly field?: string;
  readonly contentType?: string;
}

export interface ApiRequest {
  readonly method: HttpMethod;
  /** Encoded path below the API's base URL, built with the `path` template, e.g. `/v4/projects/12`. */
  readonly path: string;
  /** Default `management`. */
  readonly api?: ApiName;
  readonly query?: QueryParams;
  /** A JSON body. */
  readonly json?: unknown;
  /** A raw body, sent as is with `contentType` (default `application/octet-stream`). */
  readonly body?: string | Uint8Array;
  readonly contentType?: string;
  /** A multipart body with one file part. */
  readonly file?: UploadFile;
  readonly headers?: Readonly<Record<string, string>>;
  /** Marks a POST as safe to retry. */
  readonly idempotent?: boolean;
  /** Human name of the resource for error messages, e.g. `project 12`. */
  readonly resource?: string;
  readonly signal?: AbortSignal;
  readonly timeoutMs?: number;
}

/** Options every resource method takes. */
export interface CallOptions {
  readonly signal?: AbortSignal;
}

export interface DownloadOptions {
  /** Size cap; reading past it throws TooLargeError (default 512 MiB). */
  readonly maxBytes?: number;
}

/** What resource modules receive: JSON requests and streamed downloads over the same auth and transport. */
export interface Requester {
  /** Sends the request and returns the parsed JSON reply (`undefined` for an empty body). */
  request<T = unknown>(req: ApiRequest): Promise<T>;
  /** Sends the request and returns the reply body as a capped stream, with its file name. */
  download(req: ApiRequest, options?: DownloadOptions): Promise<Download>;
}

export interface BaseUrl {
  readonly origin: string;
  /** Path prefix of the base URL without a trailing slash, often empty. */
  readonly prefix: string;
}

export function parseBaseUrl(url: string, label: string): BaseUrl {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch (cause) {
    throw new ConfigError(`The ${label} "${url}" is not a valid URL; fix it in the connection settings.`, { cause });
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new ConfigError(`The ${label} "${url}" must start with https:// or http://.`);
  }
  return { origin: parsed.origin, prefix: parsed.pathname.replace(/\/+$/, '') };
}

export class ApiRequester implements Requester {
  constructor(
    private readonly transport: Transport,
    private readonly bases: Readonly<Record<ApiName, BaseUrl>>,
    private readonly tokens: Readonly<Record<ApiName, TokenProvider>>,
    private readonly timeoutMs: number,
  ) {}

  request<T = unknown>(req: ApiRequest): Promise<T> {
    return this.send(req, (res) => readText(res.body).then((text) => parseJson<T>(text, req)));
  }

  download(req: ApiRequest, options: DownloadOptions = {}): Promise<Download> {
    const maxBytes = options.maxBytes ?? DEFAULT_MAX_DOWNLOAD_BYTES;
    return this.send({ ...req, headers: { accept: '*/*', ...req.headers } }, async (res) => {
      const download = new Download(
        res.body,
        downloadInfo(res),
        maxBytes,
        { method: req.method, path: req.path, resource: req.resource },
        req.signal,
        req.timeoutMs ?? this.timeoutMs,
      );
      download.checkAnnouncedLength();
      return download;
    });
  }

  private async send<T>(req: ApiRequest, consume: (res: HttpResponse) => Promise<T>): Promise<T> {
    const api = req.api ?? 'management';
    const base = this.bases[api];
    const tokens = this.tokens[api];
    const encoded = encodeBody(req);
    const attempt = (token: string): Promise<T> =>
      this.transport.send(
        {
          method: req.method,
          origin: base.origin,
          path: base.prefix + req.path,
          query: req.query,
          body: encoded.body,
          headers: requestHeaders(encoded.contentType, req.headers, token),
          idempotent: req.idempotent,
          resource: req.resource,
          signal: req.signal,
          timeoutMs: req.timeoutMs,
        },
        consume,
      );

    const token = tokens.fresh() ?? (await tokens.token(req.signal));
    try {
      return await attempt(token);
    } catch (err) {
      // A token can be revoked or expire early (server restart, clock skew): refresh once and retry.
      if (!(err instanceof UnauthorizedError)) throw err;
      tokens.invalidate(token);
      return attempt(await tokens.token(req.signal));
    }
  }
}

/** The caller's headers with the body's content type and the bearer token (one object per request). */
function requestHeaders(
  contentType: string | undefined,
  extra: Readonly<Record<string, string>> | undefined,
  token: string,
): Record<string, string> {
  const headers: Record<string, string> = contentType ? { 'content-type': contentType } : {};
  if (extra) Object.assign(headers, extra);
  headers.authorization = `Bearer ${token}`;
  return headers;
}

const NO_BODY: Readonly<{ body?: RequestBody; contentType?: string }> = {};

function encodeBody(req: ApiRequest): Readonly<{ body?: RequestBody; contentType?: string }> {
  if (req.file === undefined && req.json === undefined && req.body === undefined) return NO_BODY;
  if (req.file) {
    const form = new FormData();
    const { data, fileName, field = 'content', contentType = 'application/octet-stream' } = req.file;
    const blob = data instanceof Blob ? data : new Blob([data], { type: contentType });
    form.append(field, blob, fileName);
    // undici sets the multipart content type with its boundary.
    return { body: form };
  }
  if (req.json !== undefined) return { body: JSON.stringify(req.json), contentType: 'application/json' };
  if (req.body !== undefined) return { body: req.body, contentType: req.contentType ?? 'application/octet-stream' };
  return {};
}

function parseJson<T>(text: string, req: ApiRequest): T {
  if (!/\S/.test(text)) return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch (cause) {
    throw new InvalidResponseError(
      `The server sent a reply that is not JSON for ${req.resource ?? 'the resource'} (${req.method} ${req.path}); check the base URL of the connection.`,
      { method: req.method, path: req.path, resource: req.resource, cause },
    );
  }
}

function downloadInfo(res: HttpResponse): { fileName?: string; contentType?: string; contentLength?: number } {
  const header = (name: string): string | undefined => {
    const value = res.headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const length = Number(header('content-length'));
  return {
    fileName: fileNameFromDisposition(header('content-disposition')),
    contentType: header('content-type'),
    contentLength: Number.isFinite(length) && header('content-length') !== undefined ? length : undefined,
  };
}
