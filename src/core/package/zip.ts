// Safe zip reading and writing, with node:zlib as the one deflate implementation. Every archive that comes from
// outside (a user's file, a server's export, a replace upload) is read by ZipArchive (zipArchive.ts), from disk or
// from memory: zip slip, symlinks and bombs are refused before any byte lands on disk or in a model. Every archive
// is written by ZipStreamWriter, entry by entry to a sink; writeZip is that writer with a sink in memory.
import { crc32, createDeflateRaw, type DeflateRaw } from 'node:zlib';
import { ZipArchive } from './zipArchive';
import { centralDirectory, dataDescriptor, entryName, localHeader, type WrittenEntry } from './zipRecords';
import { DEFAULT_ZIP_LIMITS, ZipSafetyError, checkEntryName, type ZipLimits } from './zipSafety';

/**
 * Unpacks an archive held in memory, for small ones (uploads, replies); folder entries are skipped. Throws
 * ZipSafetyError on an unsafe name, a symlink, too many entries, more declared bytes than allowed (before
 * inflating anything), or an entry that inflates past its declared size (as soon as it does).
 */
export async function readZip(
  bytes: Uint8Array,
  limits: ZipLimits = DEFAULT_ZIP_LIMITS,
): Promise<Map<string, Uint8Array>> {
  return (await ZipArchive.fromBytes(bytes, limits)).readAll();
}

/** Entry timestamp used unless one is given, so the same content always gives the same archive bytes. */
const REPRODUCIBLE_MTIME = new Date('2000-01-01T00:00:00Z');
const LEVEL = 6;

/** Writes entries (sorted by name, for reproducible archives) into a deflated zip, in memory. */
export async function writeZip(
  files: ReadonlyMap<string, Uint8Array> | Record<string, Uint8Array>,
  mtime: Date = REPRODUCIBLE_MTIME,
): Promise<Uint8Array> {
  const map = files instanceof Map ? files : new Map(Object.entries(files));
  const parts: Uint8Array[] = [];
  const writer = new ZipStreamWriter(async (chunk) => {
    parts.push(chunk);
  }, mtime);
  for (const name of [...map.keys()].sort()) await writer.addFile(name, [map.get(name) as Uint8Array]);
  await writer.finish();
  return concat(parts);
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** Resolves once zlib has taken `chunk` in (it no longer needs the bytes). */
function deflated(deflate: DeflateRaw, chunk: Uint8Array): Promise<void> {
  return new Promise((resolve, reject) => {
    deflate.write(chunk, (err) => (err ? reject(err) : resolve()));
  });
}

/**
 * Writes an archive entry by entry to an async sink (a file handle, a request body), so memory stays
 * bounded by one input chunk and its deflated output instead of the whole package. Entries are written
 * in the order added; callers sort names for reproducible archives. Entries carry data descriptors
 * (sizes follow the data), which ZipArchive accepts.
 */
export class ZipStreamWriter {
  private readonly names = new Set<string>();
  private readonly written: WrittenEntry[] = [];
  private offset = 0;

  constructor(
    private readonly sink: (chunk: Uint8Array) => Promise<void>,
    private readonly mtime: Date = REPRODUCIBLE_MTIME,
  ) {}

  /**
   * Adds one file from its chunks (read lazily, each one used up before the next is asked for); resolves when its
   * compressed bytes reached the sink. Deflated natively (zlib) chunk by chunk.
   */
  async addFile(name: string, chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): Promise<void> {
    checkEntryName(name);
    if (this.names.has(name)) throw new ZipSafetyError(`Zip entry "${name}" was added twice.`, name);
    this.names.add(name);
    const { bytes, utf8 } = entryName(name);
    const start = this.offset;
    await this.write(localHeader({ name: bytes, utf8, mtime: this.mtime }));
    let size = 0;
    let crc = 0;
    let compressedSize = 0;
    const deflate = createDeflateRaw({ level: LEVEL });
    const emitted = (async (): Promise<void> => {
      for await (const out of deflate) {
        compressedSize += (out as Buffer).length;
        await this.write(out as Buffer);
      }
    })();
    // Its failure is awaited below; until then it must not count as unhandled (the source may be slow).
    emitted.catch(() => undefined);
    try {
      for await (const chunk of chunks) {
        size += chunk.length;
        crc = crc32(chunk, crc);
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
    const entry: WrittenEntry = { name: bytes, utf8, mtime: this.mtime, crc, compressedSize, size, offset: start };
    await this.write(dataDescriptor(entry));
    this.written.push(entry);
  }

  /** Writes the central directory; the archive is complete when this resolves. */
  async finish(): Promise<void> {
    await this.write(centralDirectory(this.written, this.offset));
  }

  private async write(chunk: Uint8Array): Promise<void> {
    await this.sink(chunk);
    this.offset += chunk.length;
  }
}
