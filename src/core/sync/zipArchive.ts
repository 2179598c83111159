// Random access to a package zip on disk: the central directory is read once, then one entry at a time is
// inflated on demand. Pull, compare and the `cstudio-zip:` file system use it so a package is never held
// whole in memory. Every name is checked (zip slip), links and duplicates are refused, and inflation is
// capped by the declared size and the archive's total, so a lying header cannot turn into a bomb.
import { open, type FileHandle } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { createInflateRaw, crc32 } from 'node:zlib';
import { DEFAULT_ZIP_LIMITS, ZipSafetyError, type ZipLimits } from '../package/zipSafety';
import {
  LOCAL_HEADER_SIZE, MAX_TAIL, checkEntryOutput, dataOffset, inflateEntry, inflatesPast, locateDirectory, parseDirectory,
  type ZipEntryInfo,
} from '../package/zipDirectory';
import { throwIfAborted } from '../progress';

export type ZipArchiveEntry = ZipEntryInfo;

const CHUNK = 64 * 1024;
/** Entries up to this size are inflated whole even when asked for in chunks (one buffer, no per-chunk garbage). */
const WHOLE_UP_TO = 32 * 1024 * 1024;

export class ZipArchive {
  private constructor(
    readonly path: string,
    private readonly handle: FileHandle,
    private readonly byName: Map<string, ZipArchiveEntry>,
  ) {}

  /** Opens and checks an archive; throws ZipSafetyError for an unsafe or unreadable one (the file is then closed). */
  static async open(path: string, limits: ZipLimits = DEFAULT_ZIP_LIMITS): Promise<ZipArchive> {
    const handle = await open(path, 'r');
    try {
      const entries = await readCentralDirectory(handle, path, limits);
      return new ZipArchive(path, handle, entries);
    } catch (err) {
      await handle.close();
      throw err;
    }
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
    const stored = scratch.stored(entry.compressedSize);
    let filled = 0;
    for await (const piece of this.storedPieces(entry, signal, stored)) filled += piece.length;
    return inflateEntry(stored.subarray(0, filled), entry, this.path);
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
    const header = Buffer.alloc(LOCAL_HEADER_SIZE);
    await this.handle.read(header, 0, LOCAL_HEADER_SIZE, entry.localHeaderOffset);
    return dataOffset(header, entry, this.path);
  }

  /** The entry's stored (compressed) bytes in a buffer of their own. */
  private async stored(entry: ZipArchiveEntry, signal?: AbortSignal): Promise<Buffer> {
    const buffer = Buffer.allocUnsafe(entry.compressedSize);
    let filled = 0;
    for await (const piece of this.storedPieces(entry, signal, buffer)) filled += piece.length;
    return buffer.subarray(0, filled);
  }

  /** The entry's stored bytes in pieces of up to CHUNK bytes: fresh ones, or consecutive slices of `into`. */
  private async *storedPieces(entry: ZipArchiveEntry, signal?: AbortSignal, into?: Uint8Array): AsyncGenerator<Uint8Array> {
    let position = await this.dataStart(entry);
    let done = 0;
    while (done < entry.compressedSize) {
      throwIfAborted(signal);
      const length = Math.min(CHUNK, entry.compressedSize - done);
      const target = into ? into.subarray(done, done + length) : Buffer.allocUnsafe(length);
      const { bytesRead } = await this.handle.read(target, 0, length, position);
      if (bytesRead === 0) throw new ZipSafetyError(`Zip entry "${entry.name}" in ${this.path} is truncated.`, entry.name);
      position += bytesRead;
      done += bytesRead;
      yield target.subarray(0, bytesRead);
    }
  }

  /** Inflation failures as the archive's errors: past the declared size, or corrupt data. */
  private failure(entry: ZipArchiveEntry, err: unknown): Error {
    if (err instanceof ZipSafetyError) return err;
    return new ZipSafetyError(`Zip entry "${entry.name}" in ${this.path} is corrupt: ${(err as Error).message}`, entry.name);
  }

  close(): Promise<void> {
    return this.handle.close();
  }
}

async function readCentralDirectory(handle: FileHandle, path: string, limits: ZipLimits): Promise<Map<string, ZipArchiveEntry>> {
  const { size } = await handle.stat();
  const tailLength = Math.min(size, MAX_TAIL);
  const tail = Buffer.alloc(tailLength);
  await handle.read(tail, 0, tailLength, size - tailLength);
  const where = locateDirectory(tail, size, path, limits);
  const cd = Buffer.alloc(where.size);
  await handle.read(cd, 0, where.size, where.offset);
  return parseDirectory(cd, where.count, path, limits);
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
