// Random access to a package zip on disk: the central directory is read once, then one entry at a time is
// inflated on demand. Pull, compare and the `cstudio-zip:` file system use it so a package is never held
// whole in memory. Every name is checked (zip slip), links and duplicates are refused, and inflation is
// capped by the declared size and the archive's total, so a lying header cannot turn into a bomb.
import { open, type FileHandle } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { createInflateRaw, crc32, inflateRawSync } from 'node:zlib';
import { inflateSync } from 'fflate';
import { DEFAULT_ZIP_LIMITS, ZipSafetyError, checkEntryName, type ZipLimits } from '../package/zip';
import { throwIfAborted } from '../progress';

export interface ZipArchiveEntry {
  /** Entry name (`/`-separated); folders are not listed. */
  readonly name: string;
  /** Uncompressed size as the central directory declares it. */
  readonly size: number;
  readonly compressedSize: number;
  /** Entry modification time (DOS time, local). */
  readonly mtime: Date;
  readonly method: number;
  readonly crc: number;
  readonly localHeaderOffset: number;
}

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
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
        if (produced > entry.size) throw this.tooLong(entry);
        crc = crc32(bytes, crc);
        yield bytes;
      }
    } catch (err) {
      throw signal?.aborted ? err : this.failure(entry, err);
    } finally {
      pieces.destroy();
      inflate?.destroy();
    }
    this.checkOutput(entry, produced, crc);
  }

  /**
   * The entry's bytes in one buffer, inflated in one native call into a buffer of the declared size: no
   * intermediate chunks to concatenate and no copies, which is what keeps reading a package's files within
   * about their own size (a JS inflater allocated several times each entry's size in short-lived buffers).
   */
  async read(name: string, signal?: AbortSignal): Promise<Uint8Array> {
    const entry = this.require(name);
    const stored = await this.stored(entry, signal);
    let data: Buffer;
    try {
      // One byte of room past the declared size: zlib then ends in that buffer instead of allocating another.
      data = entry.method === 8 ? inflateRawSync(stored, { chunkSize: Math.max(64, entry.size + 1), maxOutputLength: Math.max(1, entry.size) }) : stored;
    } catch (err) {
      throw this.failure(entry, err);
    }
    this.checkOutput(entry, data.length, crc32(data));
    // A plain view (no copy): callers get the same kind of bytes whichever way the entry was stored.
    return new Uint8Array(data.buffer, data.byteOffset, data.length);
  }

  /**
   * The entry's bytes, read and inflated into `scratch`'s buffers: valid only until the next call with the same
   * scratch. For passes over every entry (hashing a package) that keep nothing: no garbage per entry.
   */
  async readInto(name: string, scratch: EntryScratch, signal?: AbortSignal): Promise<Uint8Array> {
    const entry = this.require(name);
    const stored = scratch.stored(entry.compressedSize);
    let filled = 0;
    for await (const piece of this.storedPieces(entry, signal, stored)) filled += piece.length;
    let data = stored.subarray(0, filled);
    if (entry.method === 8) {
      // One byte of room past the declared size shows an entry that inflates further (writes past the
      // buffer are dropped, so it can never grow into a bomb).
      try {
        data = inflateSync(data, { out: scratch.output(entry.size + 1) });
      } catch (err) {
        throw this.failure(entry, err);
      }
      if (data.length > entry.size) throw this.tooLong(entry);
    }
    this.checkOutput(entry, data.length, crc32(data));
    return data;
  }

  private require(name: string): ZipArchiveEntry {
    const entry = this.byName.get(name);
    if (!entry) throw new ZipSafetyError(`${this.path} has no entry "${name}".`, name);
    return entry;
  }

  /** Where the entry's stored bytes begin, past its local header. */
  private async dataStart(entry: ZipArchiveEntry): Promise<number> {
    const header = Buffer.alloc(30);
    await this.handle.read(header, 0, 30, entry.localHeaderOffset);
    if (header.readUInt32LE(0) !== LOCAL_SIGNATURE) throw new ZipSafetyError(`Zip entry "${entry.name}" in ${this.path} has no local header where the directory says; the archive is corrupt.`, entry.name);
    return entry.localHeaderOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
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

  private checkOutput(entry: ZipArchiveEntry, produced: number, crc: number): void {
    if (produced !== entry.size) throw new ZipSafetyError(`Zip entry "${entry.name}" holds ${produced} bytes, not the ${entry.size} its header declares; the archive is corrupt.`, entry.name);
    if ((crc >>> 0) !== entry.crc) throw new ZipSafetyError(`Zip entry "${entry.name}" fails its CRC check; the archive is corrupt.`, entry.name);
  }

  private tooLong(entry: ZipArchiveEntry): ZipSafetyError {
    return new ZipSafetyError(`Zip entry "${entry.name}" inflates past its declared ${entry.size} bytes; refusing it as a possible zip bomb.`, entry.name);
  }

  /** Inflation failures as the archive's errors: past the declared size, or corrupt data. */
  private failure(entry: ZipArchiveEntry, err: unknown): Error {
    if (err instanceof ZipSafetyError) return err;
    if ((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') return this.tooLong(entry);
    return new ZipSafetyError(`Zip entry "${entry.name}" in ${this.path} is corrupt: ${(err as Error).message}`, entry.name);
  }

  close(): Promise<void> {
    return this.handle.close();
  }
}

async function readCentralDirectory(handle: FileHandle, path: string, limits: ZipLimits): Promise<Map<string, ZipArchiveEntry>> {
  const { size } = await handle.stat();
  const tailLength = Math.min(size, 22 + 0xffff);
  const tail = Buffer.alloc(tailLength);
  await handle.read(tail, 0, tailLength, size - tailLength);
  let eocd = -1;
  for (let i = tailLength - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === EOCD_SIGNATURE) { eocd = i; break; }
  }
  if (eocd < 0) throw new ZipSafetyError(`${path} is not a zip archive: it has no end-of-central-directory record.`);
  const count = tail.readUInt16LE(eocd + 10);
  const cdSize = tail.readUInt32LE(eocd + 12);
  const cdOffset = tail.readUInt32LE(eocd + 16);
  if (count === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) {
    throw new ZipSafetyError(`${path} is a ZIP64 archive; project packages are plain zips. Export the project again.`);
  }
  if (count > limits.maxEntries) throw new ZipSafetyError(`${path} has ${count} entries, more than ${limits.maxEntries}; refusing it as a possible zip bomb.`);
  if (cdOffset + cdSize > size) throw new ZipSafetyError(`${path} is truncated: its central directory lies past the end of the file.`);
  const cd = Buffer.alloc(cdSize);
  await handle.read(cd, 0, cdSize, cdOffset);
  const entries = new Map<string, ZipArchiveEntry>();
  const seen = new Set<string>();
  const decoder = new TextDecoder();
  let total = 0;
  let p = 0;
  for (let n = 0; n < count; n++) {
    if (p + 46 > cd.length || cd.readUInt32LE(p) !== CENTRAL_SIGNATURE) throw new ZipSafetyError(`${path} has a damaged central directory (entry ${n + 1} of ${count}).`);
    const madeBy = cd.readUInt16LE(p + 4) >> 8;
    const flags = cd.readUInt16LE(p + 8);
    const method = cd.readUInt16LE(p + 10);
    const mtime = dosTime(cd.readUInt16LE(p + 14), cd.readUInt16LE(p + 12));
    const crc = cd.readUInt32LE(p + 16);
    const compressedSize = cd.readUInt32LE(p + 20);
    const uncompressed = cd.readUInt32LE(p + 24);
    const nameLen = cd.readUInt16LE(p + 28);
    const extraLen = cd.readUInt16LE(p + 30);
    const commentLen = cd.readUInt16LE(p + 32);
    const external = cd.readUInt32LE(p + 38);
    const localHeaderOffset = cd.readUInt32LE(p + 42);
    const name = decoder.decode(cd.subarray(p + 46, p + 46 + nameLen));
    p += 46 + nameLen + extraLen + commentLen;
    checkEntryName(name);
    if (seen.has(name)) throw new ZipSafetyError(`Zip entry "${name}" appears twice in ${path}; refusing an ambiguous archive.`, name);
    seen.add(name);
    if (madeBy === 3 && ((external >>> 16) & S_IFMT) === S_IFLNK) throw new ZipSafetyError(`Zip entry "${name}" is a symbolic link; links are not allowed in packages.`, name);
    if (name.endsWith('/')) continue;
    if ((flags & 1) !== 0) throw new ZipSafetyError(`Zip entry "${name}" is encrypted; packages are not.`, name);
    if (method !== 0 && method !== 8) throw new ZipSafetyError(`Zip entry "${name}" uses compression method ${method}; only stored and deflated entries are read.`, name);
    total += uncompressed;
    if (total > limits.maxTotalBytes) throw new ZipSafetyError(`${path} expands to more than ${limits.maxTotalBytes} bytes; refusing it as a possible zip bomb.`, name);
    entries.set(name, { name, size: uncompressed, compressedSize, mtime, method, crc, localHeaderOffset });
  }
  return entries;
}

/** Buffers reused from one `readInto` to the next, grown to the largest entry met. */
export class EntryScratch {
  private storedBuffer = new Uint8Array(0);
  private outputBuffer = new Uint8Array(0);

  stored(size: number): Uint8Array {
    if (this.storedBuffer.length < size) this.storedBuffer = new Uint8Array(roundUp(size));
    return this.storedBuffer;
  }

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

function dosTime(date: number, time: number): Date {
  return new Date(((date >> 9) & 0x7f) + 1980, ((date >> 5) & 0xf) - 1, date & 0x1f, (time >> 11) & 0x1f, (time >> 5) & 0x3f, (time & 0x1f) * 2);
}
