// A small multipart/form-data parser (RFC 7578) over a fully read body. Uploads are bounded by the server's
// body limit, so buffering is fine and keeps the parser simple and exact: part data is sliced, never
// decoded, so binary zips arrive byte for byte.
import { badRequest } from './errors';

export interface MultipartPart {
  /** The form field name (`content`, `file`, …). */
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer;
}

const MAX_PARTS = 100;

/** The boundary of a `multipart/form-data` content type, or undefined for any other type. */
export function multipartBoundary(contentType: string | undefined): string | undefined {
  if (!contentType || !/^multipart\/form-data\s*(;|$)/i.test(contentType)) return undefined;
  const m = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return m?.[1] ?? m?.[2];
}

export function parseMultipart(body: Buffer, contentType: string | undefined): MultipartPart[] {
  const boundary = multipartBoundary(contentType);
  if (!boundary) {
    throw badRequest(
      `Expected a multipart/form-data upload with a boundary (got "${contentType ?? 'no Content-Type'}"); send the file in a form field named "content".`,
    );
  }
  const delimiter = Buffer.from(`--${boundary}`);
  let pos = body.indexOf(delimiter);
  if (pos < 0)
    throw badRequest('The multipart body does not contain its boundary; the upload is truncated or malformed.');
  const parts: MultipartPart[] = [];
  for (;;) {
    pos += delimiter.length;
    if (body[pos] === 0x2d && body[pos + 1] === 0x2d) return parts; // closing "--boundary--"
    pos = skipLineBreak(body, pos);
    const headerEnd = body.indexOf('\r\n\r\n', pos);
    if (headerEnd < 0)
      throw badRequest('A multipart part has no end of headers; the upload is truncated or malformed.');
    const headers = parseHeaders(body.subarray(pos, headerEnd).toString('utf8'));
    const dataStart = headerEnd + 4;
    const next = body.indexOf(Buffer.concat([Buffer.from('\r\n'), delimiter]), dataStart);
    if (next < 0) throw badRequest('The multipart body has no closing boundary; the upload is truncated.');
    parts.push({ ...describePart(headers), data: body.subarray(dataStart, next) });
    if (parts.length > MAX_PARTS) throw badRequest(`The multipart body has more than ${MAX_PARTS} parts.`);
    pos = next + 2;
  }
}

/** The single file part of an upload: field `content` (the spec) or `file` (the real clients). */
export function uploadedFile(parts: readonly MultipartPart[]): MultipartPart {
  const file = parts.find((p) => p.name === 'content') ?? parts.find((p) => p.name === 'file');
  if (!file) {
    const names = parts.map((p) => `"${p.name}"`).join(', ') || 'none';
    throw badRequest(`The upload has no file field named "content" (or "file"); fields sent: ${names}.`);
  }
  return file;
}

function skipLineBreak(body: Buffer, pos: number): number {
  if (body[pos] === 0x0d && body[pos + 1] === 0x0a) return pos + 2;
  if (body[pos] === 0x0a) return pos + 1;
  throw badRequest('A multipart boundary is not followed by a line break; the upload is malformed.');
}

function parseHeaders(text: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of text.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

function describePart(headers: Map<string, string>): Omit<MultipartPart, 'data'> {
  const disposition = headers.get('content-disposition') ?? '';
  if (!/^form-data\b/i.test(disposition)) throw badRequest('A multipart part lacks "Content-Disposition: form-data".');
  const name = param(disposition, 'name');
  if (name === undefined) throw badRequest('A multipart part has no field name.');
  const extended = /;\s*filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  let filename = param(disposition, 'filename');
  if (extended) {
    try {
      filename = decodeURIComponent(extended);
    } catch {
      /* keep the plain filename */
    }
  }
  return { name, filename, contentType: headers.get('content-type') };
}

function param(header: string, key: string): string | undefined {
  const m = new RegExp(`;\\s*${key}=(?:"((?:[^"\\\\]|\\\\.)*)"|([^;\\s]*))`, 'i').exec(header);
  if (!m) return undefined;
  return m[1] !== undefined ? m[1].replace(/\\(.)/g, '$1') : m[2];
}
