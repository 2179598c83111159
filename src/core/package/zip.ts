// Safe zip reading and writing over fflate. Every archive that comes from outside (a user's file, a
// server's export, a replace upload) goes through readZip, which refuses zip slip, symlinks and bombs
// before any byte lands on disk or in a model.
import { crc32, createDeflateRaw, type DeflateRaw } from 'node:zlib';
import { Unzip, UnzipInflate, UnzipPassThrough, Zip, zipSync, type AsyncFlateStreamHandler, type ZipInputFile, type Zippable } from 'fflate';

export interface ZipLimits {
  /** Total uncompressed bytes across entries. */
  maxTotalBytes: number;
  /** Number of entries (files and folders). */
  maxEntries: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = { maxTotalBytes: 512 * 1024 * 1024, maxEntries: 20_000 };

export class ZipSafetyError extends Error {
  constructor(message: string, readonly entry?: string) {
    super(message);
    this.name = 'ZipSafetyError';
  }
}

/** Rejects names that would escape the target folder: `..`, absolute paths, drive letters, backslashes, NUL. */
export function checkEntryName(name: string): void {
  const problem =
    name.length === 0 ? 'an empty name'
      : name.includes('\0') ? 'a NUL character'
        : name.includes('\\') ? 'a backslash (Windows path separator)'
          : name.startsWith('/') ? 'an absolute path'
            : /^[A-Za-z]:/.test(name) ? 'a drive letter'
              : name.split('/').some((seg) => seg === '..') ? 'a ".." segment'
                : undefined;
  if (problem) throw new ZipSafetyError(`Zip entry "${name}" has ${problem}; refusing to read an archive that could write outside its folder.`, name);
}

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

/**
 * Reads the central directory to find entries marked as symbolic links (unix mode in the high 16 bits
 * of the external attributes). fflate does not expose those attributes, so we scan them ourselves.
 */
function symlinkEntries(bytes: Uint8Array): string[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // End of central directory: signature 0x06054b50, searched backwards over the max comment length.
  let eocd = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--) {
    if (view.getUint32(i, true) === 0x06054b50) { eocd = i; break; }
  }
  if (eocd < 0) throw new ZipSafetyError('Not a zip archive: no end-of-central-directory record.');
  const count = view.getUint16(eocd + 10, true);
  let p = view.getUint32(eocd + 16, true);
  const links: string[] = [];
  const decoder = new TextDecoder();
  for (let n = 0; n < count && p + 46 <= bytes.length; n++) {
    if (view.getUint32(p, true) !== 0x02014b50) break;
    const madeBy = view.getUint16(p + 4, true) >> 8;
    const nameLen = view.getUint16(p + 28, true);
    const extraLen = view.getUint16(p + 30, true);
    const commentLen = view.getUint16(p + 32, true);
    const external = view.getUint32(p + 38, true);
    const name = decoder.decode(bytes.subarray(p + 46, p + 46 + nameLen));
    if (madeBy === 3 && ((external >>> 16) & S_IFMT) === S_IFLNK) links.push(name);
    p += 46 + nameLen + extraLen + commentLen;
  }
  return links;
}

/**
 * Unpacks an archive into memory. Folder entries are skipped. Throws ZipSafetyError on an unsafe name,
 * a symlink, too many entries, or more uncompressed bytes than allowed (counted while inflating, so a
 * lying header does not help a bomb).
 */
export function readZip(bytes: Uint8Array, limits: ZipLimits = DEFAULT_ZIP_LIMITS): Map<string, Uint8Array> {
  const links = symlinkEntries(bytes);
  if (links.length > 0) throw new ZipSafetyError(`Zip entry "${links[0]}" is a symbolic link; links are not allowed in packages.`, links[0]);

  const files = new Map<string, Uint8Array>();
  const seen = new Set<string>();
  let entries = 0;
  let total = 0;
  let failure: Error | undefined;
  const unzip = new Unzip((file) => {
    if (failure) return;
    entries++;
    if (entries > limits.maxEntries) {
      failure = new ZipSafetyError(`The archive has more than ${limits.maxEntries} entries; refusing it as a possible zip bomb.`);
      return;
    }
    try { checkEntryName(file.name); } catch (e) { failure = e as Error; return; }
    // Two entries with one name let a checker and an extractor see different content; refuse the archive.
    if (seen.has(file.name)) {
      failure = new ZipSafetyError(`Zip entry "${file.name}" appears twice; refusing an ambiguous archive.`, file.name);
      return;
    }
    seen.add(file.name);
    if (file.name.endsWith('/')) return;
    const chunks: Uint8Array[] = [];
    file.ondata = (err, chunk, final) => {
      if (failure) return;
      if (err) { failure = new ZipSafetyError(`Zip entry "${file.name}" is corrupt: ${err.message}`, file.name); return; }
      total += chunk.length;
      if (total > limits.maxTotalBytes) {
        failure = new ZipSafetyError(`The archive expands to more than ${limits.maxTotalBytes} bytes; refusing it as a possible zip bomb.`, file.name);
        file.terminate();
        return;
      }
      chunks.push(chunk);
      if (final) files.set(file.name, concat(chunks));
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  unzip.register(UnzipPassThrough);
  // Feed in slices so a bomb is stopped after a bounded amount of inflation.
  const step = 64 * 1024;
  for (let i = 0; i < bytes.length && !failure; i += step) {
    unzip.push(bytes.subarray(i, Math.min(bytes.length, i + step)), i + step >= bytes.length);
  }
  if (failure) throw failure;
  return files;
}

function concat(chunks: Uint8Array[]): Uint8Array {
  if (chunks.length === 1 && chunks[0]) return chunks[0];
  let len = 0;
  for (const c of chunks) len += c.length;
  const out = new Uint8Array(len);
  let o = 0;
  for (const c of chunks) { out.set(c, o); o += c.length; }
  return out;
}

/** Entry timestamp used unless one is given, so the same content always gives the same archive bytes. */
const REPRODUCIBLE_MTIME = new Date('2000-01-01T00:00:00Z');

/** Writes entries (sorted by name, for reproducible archives) into a deflated zip. */
export function writeZip(files: ReadonlyMap<string, Uint8Array> | Record<string, Uint8Array>, mtime?: Date): Uint8Array {
  const map = files instanceof Map ? files : new Map(Object.entries(files));
  const tree: Zippable = {};
  for (const name of [...map.keys()].sort()) {
    checkEntryName(name);
    const data = map.get(name);
    if (data) tree[name] = [data, { level: 6, mtime: mtime ?? REPRODUCIBLE_MTIME }];
  }
  return zipSync(tree);
}

/** Resolves once zlib has taken `chunk` in (it no longer needs the bytes). */
function deflated(deflate: DeflateRaw, chunk: Uint8Array): Promise<void> {
  return new Promise((resolve, reject) => {
    deflate.write(chunk, (err) => (err ? reject(err) : resolve()));
  });
}

/** An entry whose deflated bytes come from zlib; fflate's Zip frames them (headers, data descriptor, directory). */
class DeflatedEntry implements ZipInputFile {
  size = 0;
  crc = 0;
  readonly compression = 8;
  /** Deflate at the default level (the general purpose flag's bits 1-2). */
  readonly flag = 0;
  ondata?: AsyncFlateStreamHandler;

  constructor(readonly filename: string, readonly mtime: Date) {}

  /** Counts uncompressed bytes into the size and CRC the data descriptor gives. */
  count(chunk: Uint8Array): void {
    this.size += chunk.length;
    this.crc = crc32(chunk, this.crc);
  }

  emit(deflated: Uint8Array<ArrayBuffer>, final: boolean): void {
    this.ondata?.(null, deflated, final);
  }
}

/**
 * Writes an archive entry by entry to an async sink (a file handle, a request body), so memory stays
 * bounded by one input chunk and its deflated output instead of the whole package. Entries are written
 * in the order added; callers sort names for reproducible archives. Entries carry data descriptors
 * (sizes follow the data), which readZip accepts.
 */
export class ZipStreamWriter {
  private readonly zip: Zip;
  private readonly names = new Set<string>();
  private pending: Uint8Array[] = [];
  private failure: Error | undefined;

  constructor(private readonly sink: (chunk: Uint8Array) => Promise<void>, private readonly mtime: Date = REPRODUCIBLE_MTIME) {
    this.zip = new Zip((err, chunk) => {
      if (err) this.failure ??= err;
      else this.pending.push(chunk);
    });
  }

  /**
   * Adds one file from its chunks (read lazily, each one used up before the next is asked for); resolves when its
   * compressed bytes reached the sink. Deflated natively (zlib) chunk by chunk: fflate's streaming deflate left
   * several times each chunk in short-lived buffers.
   */
  async addFile(name: string, chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): Promise<void> {
    checkEntryName(name);
    if (this.names.has(name)) throw new ZipSafetyError(`Zip entry "${name}" was added twice.`, name);
    this.names.add(name);
    const entry = new DeflatedEntry(name, this.mtime);
    this.zip.add(entry);
    const deflate = createDeflateRaw({ level: 6 });
    const emitted = (async (): Promise<void> => {
      for await (const out of deflate) {
        entry.emit(out as Buffer<ArrayBuffer>, false);
        await this.flush();
      }
    })();
    // Its failure is awaited below; until then it must not count as unhandled (the source may be slow).
    emitted.catch(() => undefined);
    try {
      for await (const chunk of chunks) {
        entry.count(chunk);
        // Each chunk is deflated before the next is asked for, so a source may refill one buffer (fileChunks);
        // the sink failing stops the output side, so that is raced too.
        await Promise.race([deflated(deflate, chunk), emitted]);
      }
      deflate.end();
      await emitted;
    } catch (err) {
      deflate.destroy();
      await emitted.catch(() => undefined);
      throw err;
    }
    entry.emit(new Uint8Array(0), true);
    await this.flush();
  }

  /** Writes the central directory; the archive is complete when this resolves. */
  async finish(): Promise<void> {
    this.zip.end();
    await this.flush();
  }

  private async flush(): Promise<void> {
    if (this.failure) throw this.failure;
    const chunks = this.pending;
    this.pending = [];
    for (const c of chunks) await this.sink(c);
  }
}
