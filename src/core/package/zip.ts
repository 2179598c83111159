// Safe zip reading and writing. Every archive that comes from outside (a user's file, a server's export, a
// replace upload) goes through readZip (in memory) or ZipArchive (on disk), which both read through
// zipDirectory: zip slip, symlinks and bombs are refused before any byte lands on disk or in a model.
import { crc32, createDeflateRaw, type DeflateRaw } from 'node:zlib';
import { Zip, zipSync, type AsyncFlateStreamHandler, type ZipInputFile, type Zippable } from 'fflate';
import { LOCAL_HEADER_SIZE, MAX_TAIL, dataOffset, inflateEntry, locateDirectory, parseDirectory } from './zipDirectory';
import { DEFAULT_ZIP_LIMITS, ZipSafetyError, checkEntryName, type ZipLimits } from './zipSafety';

/**
 * Unpacks an archive into memory. Folder entries are skipped. Throws ZipSafetyError on an unsafe name, a
 * symlink, too many entries, more declared bytes than allowed (before inflating anything), or an entry that
 * inflates past its declared size (as soon as it does, so a lying header does not help a bomb).
 */
export function readZip(bytes: Uint8Array, limits: ZipLimits = DEFAULT_ZIP_LIMITS): Map<string, Uint8Array> {
  const label = 'The archive';
  const tailStart = Math.max(0, bytes.length - MAX_TAIL);
  const where = locateDirectory(bytes.subarray(tailStart), bytes.length, label, limits);
  const entries = parseDirectory(bytes.subarray(where.offset, where.offset + where.size), where.count, label, limits);
  const files = new Map<string, Uint8Array>();
  for (const entry of entries.values()) {
    const start = dataOffset(bytes.subarray(entry.localHeaderOffset, entry.localHeaderOffset + LOCAL_HEADER_SIZE), entry, label);
    if (start + entry.compressedSize > bytes.length) throw new ZipSafetyError(`Zip entry "${entry.name}" is truncated.`, entry.name);
    files.set(entry.name, inflateEntry(bytes.subarray(start, start + entry.compressedSize), entry, label));
  }
  return files;
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
