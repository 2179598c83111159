// The one random-access zip reader. An archive is opened from a file on disk (pull, compare, the `cstudio-zip:`
// file system: the package is never held whole) or from bytes already in memory (an upload, a server's reply);
// either way the central directory is read and checked once (zipDirectory: zip slip, links, duplicates, bombs),
// then entries are inflated on demand, each capped by its declared size and checked against its CRC.
import { createHash } from 'node:crypto';
import { open, type FileHandle } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { createInflateRaw, crc32 } from 'node:zlib';
import { throwIfAborted } from '../progress';
import { DEFAULT_ZIP_LIMITS, ZipSafetyError, type ZipLimits } from './zipSafety';
import {
  LOCAL_HEADER_SIZE,
  MAX_TAIL,
  checkEntryOutput,
  dataOffset,
  inflateEntry,
  inflatesPast,
  locateDirectory,
  parseDirectory,
  type ZipEntryInfo,
} from './zipDirectory';

export type ZipArchiveEntry = ZipEntryInfo;

const CHUNK = 64 * 1024;
/** Entries up to this size are inflated whole even when asked for in chunks (one buffer, no per-chunk garbage). */
const WHOLE_UP_TO = 32 * 1024 * 1024;

/** Where an archive's bytes come from. Reads may return fewer bytes than asked only at the end of the source. */
interface ZipSource {
  readonly size: number;
  /** `length` bytes at `position`: read into `into` when given, else into fresh bytes (a file) or as a view (memory). */
  read(position: number, length: number, into?: Uint8Array): Promise<Uint8Array>;
  close(): Promise<void>;
}

class FileSource implements ZipSource {
  constructor(
    private readonly handle: FileHandle,
    readonly size: number,
  ) {}

  async read(position: number, length: number, into?: Uint8Array): Promise<Uint8Array> {
    const target = into ?? Buffer.allocUnsafe(length);
    const { bytesRead } = await this.handle.read(target, 0, length, position);
    return target.subarray(0, bytesRead);
  }

  close(): Promise<void> {
    return this.handle.close();
  }
}

/** Bytes in memory are read as views: no copy of the archive's stored bytes. */
class MemorySource implements ZipSource {
  constructor(private readonly bytes: Uint8Array) {}

  get size(): number {
    return this.bytes.length;
  }

  async read(position: number, length: number): Promise<Uint8Array> {
    return this.bytes.subarray(position, Math.min(position + length, this.bytes.length));
  }

  async close(): Promise<void> {
    // Nothing held but the caller's bytes.
  }
}

export class ZipArchive {
  private constructor(
    /** Names the archive in errors: its path, or the caller's label for bytes in memory. */
    readonly path: string,
    private readonly source: ZipSource,
    private readonly byName: Map<string, ZipArchiveEntry>,
  ) {}

  /** Opens and checks an archive on disk; throws ZipSafetyError for an unsafe or unreadable one (the file is then closed). */
  static async open(path: string, limits: ZipLimits = DEFAULT_ZIP_LIMITS): Promise<ZipArchive> {
    const handle = await open(path, 'r');
    try {
      const source = new FileSource(handle, (await handle.stat()).size);
      return new ZipArchive(path, source, await readCentralDirectory(source, path, limits));
    } catch (err) {
      await handle.close();
      throw err;
    }
  }

  /** Checks an archive held in memory; nothing to close. */
  static async fromBytes(
    bytes: Uint8Array,
    limits: ZipLimits = DEFAULT_ZIP_LIMITS,
    label = 'The archive',
  ): Promise<ZipArchive> {
    const source = new MemorySource(bytes);
    return new ZipArchive(label, source, await readCentralDirectory(source, label, limits));
  }

  /** File entries, sorted by name. */
  get entries(): ZipArchiveEntry[] {
    return [...this.byName.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  get names(): string[] {
    return this.entries.map((e) => e.name);
  }

  entry(name: string): ZipArchiveEntry | undefined {
    return this.byName.get(name);
  }

  has(name: string): boolean {
    return this.byName.has(name);
  }

  /**
   * The entry's bytes, chunk by chunk, for entries too large to hold whole (smaller ones come as one chunk,
   * read as `read` does); the size and CRC are checked at the end.
   */
  async *chunks(name: string, signal?: AbortSignal): AsyncGenerator<Uint8Array> {
    const entry = this.require(name);
    if (entry.size <= WHOLE_UP_TO) {
      yield await this.read(name, signal);
      return;
    }
    const pieces = Readable.from(this.storedPieces(entry, signal), { objectMode: false });
    const inflate = entry.method === 8 ? createInflateRaw({ chunkSize: CHUNK }) : undefined;
    const output: Readable = inflate ? pieces.pipe(inflate) : pieces;
    if (inflate) pieces.once('error', (err) => inflate.destroy(err));
    let produced = 0;
    let crc = 0;
    try {
      for await (const chunk of output) {
        const bytes = chunk as Buffer;
        produced += bytes.length;
        if (produced > entry.size) throw inflatesPast(entry);
        crc = crc32(bytes, crc);
        yield bytes;
      }
    } catch (err) {
      throw signal?.aborted ? err : this.failure(entry, err);
    } finally {
      pieces.destroy();
      inflate?.destroy();
    }
    checkEntryOutput(entry, produced, crc);
  }

  /**
   * The entry's bytes in one buffer, inflated in one native call into a buffer of the declared size: no
   * intermediate chunks to concatenate and no copies, which is what keeps reading a package's files within
   * about their own size (a JS inflater allocated several times each entry's size in short-lived buffers).
   */
  async read(name: string, signal?: AbortSignal): Promise<Uint8Array> {
    const entry = this.require(name);
    return inflateEntry(await this.stored(entry, signal), entry, this.path);
  }

  /**
   * The entry's bytes, its stored bytes read into `scratch`'s buffer (valid until the next call with the same
   * scratch), then inflated natively into one buffer of the declared size, stopping right past it. For passes over
   * every entry (hashing a package) that keep nothing.
   */
  async readInto(name: string, scratch: EntryScratch, signal?: AbortSignal): Promise<Uint8Array> {
    const entry = this.require(name);
    return inflateEntry(await this.stored(entry, signal, scratch.stored(entry.compressedSize)), entry, this.path);
  }

  /**
   * The entry as stored: method, size, CRC and the sha256 of its stored bytes (read into `scratch`, nothing inflated).
   * Two entries with the same digest hold the same bytes, so an entry hashed in an earlier export is known without
   * inflating it again.
   */
  async storedDigest(name: string, scratch: EntryScratch, signal?: AbortSignal): Promise<string> {
    const entry = this.require(name);
    const stored = await this.stored(entry, signal, scratch.stored(entry.compressedSize));
    return `${entry.method}:${entry.size}:${entry.crc}:${createHash('sha256').update(stored).digest('hex')}`;
  }

  /** Every file entry's bytes, in the directory's order. For small archives held in memory (uploads, replies). */
  async readAll(signal?: AbortSignal): Promise<Map<string, Uint8Array>> {
    const files = new Map<string, Uint8Array>();
    for (const name of this.byName.keys()) files.set(name, await this.read(name, signal));
    return files;
  }

  /**
   * Inflates every entry once, keeping nothing (one entry of up to 32 MB, else 64 KB pieces), to prove the archive whole before it is sent
   * anywhere: each entry stops at its declared size and must match its CRC.
   */
  async verify(signal?: AbortSignal): Promise<void> {
    for (const entry of this.byName.values()) {
      for await (const _chunk of this.chunks(entry.name, signal)) throwIfAborted(signal);
    }
  }

  private require(name: string): ZipArchiveEntry {
    const entry = this.byName.get(name);
    if (!entry) throw new ZipSafetyError(`${this.path} has no entry "${name}".`, name);
    return entry;
  }

  /** Where the entry's stored bytes begin, past its local header. */
  private async dataStart(entry: ZipArchiveEntry): Promise<number> {
    const header = await this.source.read(entry.localHeaderOffset, LOCAL_HEADER_SIZE, Buffer.alloc(LOCAL_HEADER_SIZE));
    return dataOffset(header, entry, this.path);
  }

  /** The entry's stored (compressed) bytes in one buffer: `into`, a fresh one, or a view of bytes in memory. */
  private async stored(entry: ZipArchiveEntry, signal?: AbortSignal, into?: Uint8Array): Promise<Uint8Array> {
    if (this.source instanceof MemorySource) {
      throwIfAborted(signal);
      const stored = await this.source.read(await this.dataStart(entry), entry.compressedSize);
      if (stored.length < entry.compressedSize) throw this.truncated(entry);
      return stored;
    }
    const buffer = into ?? Buffer.allocUnsafe(entry.compressedSize);
    let filled = 0;
    for await (const piece of this.storedPieces(entry, signal, buffer)) filled += piece.length;
    return buffer.subarray(0, filled);
  }

  /** The entry's stored bytes in pieces of up to CHUNK bytes: fresh ones, or consecutive slices of `into`. */
  private async *storedPieces(
    entry: ZipArchiveEntry,
    signal?: AbortSignal,
    into?: Uint8Array,
  ): AsyncGenerator<Uint8Array> {
    let position = await this.dataStart(entry);
    let done = 0;
    while (done < entry.compressedSize) {
      throwIfAborted(signal);
      const length = Math.min(CHUNK, entry.compressedSize - done);
      const piece = await this.source.read(position, length, into?.subarray(done, done + length));
      if (piece.length === 0) throw this.truncated(entry);
      position += piece.length;
      done += piece.length;
      yield piece;
    }
  }

  /** The archive ends inside the entry's stored bytes. */
  private truncated(entry: ZipArchiveEntry): ZipSafetyError {
    return new ZipSafetyError(`Zip entry "${entry.name}" in ${this.path} is truncated.`, entry.name);
  }

  /** Inflation failures as the archive's errors: past the declared size, or corrupt data. */
  private failure(entry: ZipArchiveEntry, err: unknown): Error {
    if (err instanceof ZipSafetyError) return err;
    return new ZipSafetyError(
      `Zip entry "${entry.name}" in ${this.path} is corrupt: ${(err as Error).message}`,
      entry.name,
    );
  }

  close(): Promise<void> {
    return this.source.close();
  }
}

async function readCentralDirectory(
  source: ZipSource,
  label: string,
  limits: ZipLimits,
): Promise<Map<string, ZipArchiveEntry>> {
  const tailLength = Math.min(source.size, MAX_TAIL);
  const tail = await source.read(source.size - tailLength, tailLength);
  const where = locateDirectory(tail, source.size, label, limits);
  return parseDirectory(await source.read(where.offset, where.size), where.count, label, limits);
}

/** Buffers reused from one read to the next, grown to the largest entry or file met. */
export class EntryScratch {
  private storedBuffer = new Uint8Array(0);
  private outputBuffer = new Uint8Array(0);

  /** For an entry's stored bytes (`readInto`). */
  stored(size: number): Uint8Array {
    if (this.storedBuffer.length < size) this.storedBuffer = new Uint8Array(roundUp(size));
    return this.storedBuffer;
  }

  /** For a whole file's bytes (a folder's files hashed the same way, sync/packageFiles.ts). */
  output(size: number): Uint8Array {
    if (this.outputBuffer.length < size) this.outputBuffer = new Uint8Array(roundUp(size));
    return this.outputBuffer.subarray(0, size);
  }
}

/** Sizes grow by steps of 1 MiB, so a few similar entries share one buffer. */
function roundUp(size: number): number {
  const step = 1024 * 1024;
  return Math.ceil(Math.max(size, 1) / step) * step;
}
