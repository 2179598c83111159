// node:http plumbing: reading bounded request bodies (with or without Content-Length) and writing Replies.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiError, badRequest } from './errors';
import { bytes, type Reply } from './router';

const MB = 1024 * 1024;

/** Megabytes as the flags say them (rounded up, so the message never names a limit below the real one). */
function mb(bytes: number): number {
  return Math.ceil(bytes / MB);
}

export class BodyTooLargeError extends ApiError {
  constructor(limit: number) {
    super(
      413,
      `The request body is larger than the sandbox's limit of ${limit} bytes (${mb(limit)} MB); send a smaller file or start the sandbox with a higher --max-body-mb.`,
    );
  }
}

export class BodiesBusyError extends ApiError {
  constructor(limit: number) {
    super(
      503,
      `The sandbox is already receiving ${mb(limit)} MB of request bodies at once (its limit); retry in a moment, or start the sandbox with a higher --max-concurrent-body-mb.`,
      { 'retry-after': '1', connection: 'close' },
    );
  }
}

/**
 * The request-body bytes the sandbox holds at once across requests, so many large uploads together cannot
 * exhaust its memory: each request leases bytes (its declared length up front, else as they arrive) and gives
 * them back when its reply is written.
 */
export class BodyBudget {
  private inUse = 0;

  constructor(readonly limit: number) {}

  lease(): BodyLease {
    let held = 0;
    return {
      limit: this.limit,
      // One body alone always fits (the per-body limit still applies), so a low cap never blocks everything.
      take: (bytes) => {
        if (this.inUse > 0 && this.inUse + bytes > this.limit) return false;
        this.inUse += bytes;
        held += bytes;
        return true;
      },
      release: () => {
        this.inUse -= held;
        held = 0;
      },
    };
  }
}

export interface BodyLease {
  /** The budget's limit, for the message. */
  readonly limit: number;
  /** Takes `bytes` more of the budget; false (nothing taken) when that would pass the limit. */
  take(bytes: number): boolean;
  release(): void;
}

/**
 * Reads a whole body. An oversized body is still drained (up to 4× the limit) before the 413, so the
 * client finishes sending and reads the answer instead of a broken pipe; beyond that the socket is cut.
 * A body the budget cannot hold is discarded as it arrives (nothing kept) and answered 503.
 */
export function readBody(req: IncomingMessage, limit: number, lease?: BodyLease): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const declared = Number(req.headers['content-length'] ?? NaN);
    const known = Number.isFinite(declared);
    let tooLarge = known && declared > limit;
    let refused = !tooLarge && known && lease !== undefined && !lease.take(declared);
    const hardCap = Math.max(limit * 4, 16 * 1024 * 1024);
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) tooLarge = true;
      if (!tooLarge && !refused && !known && lease && !lease.take(chunk.length)) refused = true;
      if (!tooLarge && !refused) chunks.push(chunk);
      else chunks.length = 0;
      if (size > hardCap) {
        reject(new BodyTooLargeError(limit));
        req.destroy();
      }
    });
    req.on('end', () => {
      if (tooLarge) reject(new BodyTooLargeError(limit));
      else if (refused) reject(new BodiesBusyError(lease?.limit ?? 0));
      else resolve(Buffer.concat(chunks, size));
    });
    req.on('error', reject);
    req.on('aborted', () => reject(new Error('The client aborted the request.')));
  });
}

export function parseJsonBody(body: Buffer): unknown {
  const text = body.toString('utf8').replace(/^\uFEFF/, '');
  if (text.trim() === '') throw badRequest('The request body is empty; send a JSON object.');
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    throw badRequest(`The request body is not valid JSON: ${(err as Error).message}.`);
  }
}

export function writeReply(res: ServerResponse, reply: Reply): void {
  const headers: Record<string, string | number> = { ...reply.headers };
  if (reply.kind === 'json') {
    const text = Buffer.from(JSON.stringify(reply.body));
    res.writeHead(reply.status, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': text.length,
      ...headers,
    });
    res.end(text);
  } else if (reply.kind === 'bytes') {
    res.writeHead(reply.status, { 'content-type': reply.contentType, 'content-length': reply.body.length, ...headers });
    res.end(reply.body);
  } else {
    res.writeHead(reply.status, headers);
    res.end();
  }
}

/** `attachment; filename="…"; filename*=UTF-8''…` (ASCII fallback plus the exact UTF-8 name). */
function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** A file to save: the body with `content-disposition: attachment` naming it (a zip unless `contentType` says). */
export function fileDownload(body: Uint8Array, fileName: string, contentType = 'application/octet-stream'): Reply {
  return bytes(body, contentType, { 'content-disposition': attachment(fileName) });
}
