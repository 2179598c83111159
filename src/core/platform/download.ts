// A streamed response body (exports, build downloads, audio) with a size cap, so a large or runaway
// download never sits in memory whole and never fills a disk unnoticed.
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { errorForFailure, type RequestDescription } from './errorMapping';
import { InvalidResponseError, TooLargeError } from './errors';
import { discardBody } from './transport';

/** Default cap for downloads: 512 MiB. */
export const DEFAULT_MAX_DOWNLOAD_BYTES = 512 * 1024 * 1024;

export interface DownloadInfo {
  /** File name from Content-Disposition (base name only), when the server sent one. */
  readonly fileName?: string;
  readonly contentType?: string;
  readonly contentLength?: number;
}

export class Download implements AsyncIterable<Uint8Array>, DownloadInfo {
  readonly fileName?: string;
  readonly contentType?: string;
  readonly contentLength?: number;
  private consumed = false;

  constructor(
    private readonly body: Readable,
    info: DownloadInfo,
    private readonly maxBytes: number,
    private readonly request: RequestDescription,
    private readonly signal: AbortSignal | undefined,
    private readonly timeoutMs: number,
  ) {
    this.fileName = info.fileName;
    this.contentType = info.contentType;
    this.contentLength = info.contentLength;
  }

  async *[Symbol.asyncIterator](): AsyncIterator<Uint8Array> {
    if (this.consumed)
      throw new InvalidResponseError(`The download of ${this.request.method} ${this.request.path} was already read.`);
    this.consumed = true;
    // Failures surface through the iteration below; this only keeps a late abort from being "unhandled".
    this.body.on('error', () => undefined);
    let total = 0;
    try {
      for await (const chunk of this.body) {
        const bytes = chunk as Uint8Array;
        total += bytes.byteLength;
        if (total > this.maxBytes) throw this.tooLarge();
        yield bytes;
      }
    } catch (err) {
      if (err instanceof TooLargeError) throw err;
      throw errorForFailure(err, this.request, this.signal, this.timeoutMs);
    } finally {
      // Stops the transfer when the reader leaves early (break, error, size cap).
      discardBody(this.body);
    }
  }

  /** Reads the whole body into memory (for small files; the size cap still applies). */
  async toBuffer(): Promise<Uint8Array> {
    const chunks: Uint8Array[] = [];
    for await (const chunk of this) chunks.push(chunk);
    return Buffer.concat(chunks);
  }

  /**
   * Streams the body into `filePath` and returns the number of bytes written. The data goes to a
   * `.part` file first, so a failed download never replaces an existing file with a partial one.
   */
  async toFile(filePath: string): Promise<number> {
    const partial = `${filePath}.part`;
    let written = 0;
    const counted = async function* (source: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
      for await (const chunk of source) {
        written += chunk.byteLength;
        yield chunk;
      }
    };
    try {
      await pipeline(Readable.from(counted(this)), createWriteStream(partial));
      await rename(partial, filePath);
      return written;
    } catch (err) {
      await rm(partial, { force: true });
      throw err;
    }
  }

  /** Releases the connection without reading the body. */
  cancel(): void {
    this.consumed = true;
    discardBody(this.body);
  }

  private tooLarge(): TooLargeError {
    const { method, path, resource } = this.request;
    return new TooLargeError(
      `The download of ${resource ?? 'the resource'} (${method} ${path}) is larger than the ${this.maxBytes}-byte limit; ` +
        'raise the limit or download it to a file.',
      { method, path, resource },
    );
  }

  /** Throws TooLargeError up front when the announced length is already over the cap. */
  checkAnnouncedLength(): void {
    if (this.contentLength !== undefined && this.contentLength > this.maxBytes) {
      this.cancel();
      throw this.tooLarge();
    }
  }
}

/** The file name in a Content-Disposition header (RFC 6266: `filename*` wins over `filename`), reduced to a base name. */
export function fileNameFromDisposition(header: string | undefined): string | undefined {
  if (!header) return undefined;
  let name: string | undefined;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      name = decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
    } catch {
      name = undefined;
    }
  }
  if (name === undefined) {
    const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/i.exec(header);
    name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2]?.trim();
  }
  if (!name) return undefined;
  // Only the last path component: a server-sent name must never choose the folder it lands in.
  const base = name.split(/[\\/]/).pop()?.replace(/^\.+$/, '') ?? '';
  return base === '' ? undefined : base;
}
