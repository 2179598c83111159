// node:http plumbing: reading bounded request bodies (with or without Content-Length) and writing Replies.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiError, badRequest } from './errors';
import type { Reply } from './router';

export class BodyTooLargeError extends ApiError {
  constructor(limit: number) {
    super(413, `The request body is larger than the sandbox's limit of ${limit} bytes; send a smaller file or start the sandbox with a higher limit.`);
  }
}

/**
 * Reads a whole body. An oversized body is still drained (up to 4× the limit) before the 413, so the
 * client finishes sending and reads the answer instead of a broken pipe; beyond that the socket is cut.
 */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const declared = Number(req.headers['content-length'] ?? NaN);
    let tooLarge = Number.isFinite(declared) && declared > limit;
    const hardCap = Math.max(limit * 4, 16 * 1024 * 1024);
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) tooLarge = true;
      if (!tooLarge) chunks.push(chunk);
      else chunks.length = 0;
      if (size > hardCap) {
        reject(new BodyTooLargeError(limit));
        req.destroy();
      }
    });
    req.on('end', () => (tooLarge ? reject(new BodyTooLargeError(limit)) : resolve(Buffer.concat(chunks, size))));
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
    res.writeHead(reply.status, { 'content-type': 'application/json; charset=utf-8', 'content-length': text.length, ...headers });
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
export function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
