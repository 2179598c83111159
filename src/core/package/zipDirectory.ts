// The one reading of a zip's structure and the one inflation of its entries, with the caps every archive
// from outside gets: the central directory is checked whole before any entry is inflated (unsafe names,
// links, duplicates, encryption, unknown methods, ZIP64, too many entries, a declared total over the cap),
// then each entry inflates into at most its declared size, so a header that understates a size is refused
// after that many bytes of work instead of after the whole bomb. ZipArchive, the one reader (from a file on
// disk or from bytes in memory), reads through here.
import { crc32, inflateRawSync } from 'node:zlib';
import { ZipSafetyError, checkEntryName, type ZipLimits } from './zipSafety';

export interface ZipEntryInfo {
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

/** Where the central directory lies, from the end-of-central-directory record. */
export interface DirectoryLocation {
  count: number;
  size: number;
  offset: number;
}

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
export const LOCAL_SIGNATURE = 0x04034b50;
export const LOCAL_HEADER_SIZE = 30;
/** The end record is 22 bytes plus a comment of up to 65535. */
export const MAX_TAIL = 22 + 0xffff;
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

/** Finds the end record in the file's last MAX_TAIL bytes and checks the directory fits in the file. */
export function locateDirectory(
  tail: Uint8Array,
  fileSize: number,
  label: string,
  limits: ZipLimits,
): DirectoryLocation {
  const view = new DataView(tail.buffer, tail.byteOffset, tail.byteLength);
  let eocd = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (view.getUint32(i, true) === EOCD_SIGNATURE) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new ZipSafetyError(`${label} is not a zip archive: it has no end-of-central-directory record.`);
  const count = view.getUint16(eocd + 10, true);
  const size = view.getUint32(eocd + 12, true);
  const offset = view.getUint32(eocd + 16, true);
  if (count === 0xffff || size === 0xffffffff || offset === 0xffffffff) {
    throw new ZipSafetyError(`${label} is a ZIP64 archive; project packages are plain zips. Export the project again.`);
  }
  if (count > limits.maxEntries)
    throw new ZipSafetyError(
      `${label} has more than ${limits.maxEntries} entries (${count}); refusing it as a possible zip bomb.`,
    );
  if (offset + size > fileSize)
    throw new ZipSafetyError(`${label} is truncated: its central directory lies past the end of the file.`);
  return { count, size, offset };
}

/** Reads and checks every central-directory record; file entries by name (folders are checked, not listed). */
export function parseDirectory(
  cd: Uint8Array,
  count: number,
  label: string,
  limits: ZipLimits,
): Map<string, ZipEntryInfo> {
  const view = new DataView(cd.buffer, cd.byteOffset, cd.byteLength);
  const entries = new Map<string, ZipEntryInfo>();
  const seen = new Set<string>();
  const decoder = new TextDecoder();
  let total = 0;
  let p = 0;
  for (let n = 0; n < count; n++) {
    if (p + 46 > cd.length || view.getUint32(p, true) !== CENTRAL_SIGNATURE)
      throw new ZipSafetyError(`${label} has a damaged central directory (entry ${n + 1} of ${count}).`);
    const madeBy = view.getUint16(p + 4, true) >> 8;
    const flags = view.getUint16(p + 8, true);
    const method = view.getUint16(p + 10, true);
    const mtime = dosTime(view.getUint16(p + 14, true), view.getUint16(p + 12, true));
    const crc = view.getUint32(p + 16, true);
    const compressedSize = view.getUint32(p + 20, true);
    const size = view.getUint32(p + 24, true);
    const nameLen = view.getUint16(p + 28, true);
    const extraLen = view.getUint16(p + 30, true);
    const commentLen = view.getUint16(p + 32, true);
    const external = view.getUint32(p + 38, true);
    const localHeaderOffset = view.getUint32(p + 42, true);
    const name = decoder.decode(cd.subarray(p + 46, p + 46 + nameLen));
    p += 46 + nameLen + extraLen + commentLen;
    checkEntryName(name);
    if (seen.has(name))
      throw new ZipSafetyError(`Zip entry "${name}" appears twice in ${label}; refusing an ambiguous archive.`, name);
    seen.add(name);
    if (madeBy === 3 && ((external >>> 16) & S_IFMT) === S_IFLNK)
      throw new ZipSafetyError(`Zip entry "${name}" is a symbolic link; links are not allowed in packages.`, name);
    if (name.endsWith('/')) continue;
    if ((flags & 1) !== 0) throw new ZipSafetyError(`Zip entry "${name}" is encrypted; packages are not.`, name);
    if (method !== 0 && method !== 8)
      throw new ZipSafetyError(
        `Zip entry "${name}" uses compression method ${method}; only stored and deflated entries are read.`,
        name,
      );
    total += size;
    if (total > limits.maxTotalBytes)
      throw new ZipSafetyError(
        `${label} expands to more than ${limits.maxTotalBytes} bytes; refusing it as a possible zip bomb.`,
        name,
      );
    entries.set(name, { name, size, compressedSize, mtime, method, crc, localHeaderOffset });
  }
  return entries;
}

/** Where the entry's stored bytes begin, from its local header (whose name and extra lengths may differ). */
export function dataOffset(localHeader: Uint8Array, entry: ZipEntryInfo, label: string): number {
  const view = new DataView(localHeader.buffer, localHeader.byteOffset, localHeader.byteLength);
  if (localHeader.length < LOCAL_HEADER_SIZE || view.getUint32(0, true) !== LOCAL_SIGNATURE) {
    throw new ZipSafetyError(
      `Zip entry "${entry.name}" in ${label} has no local header where the directory says; the archive is corrupt.`,
      entry.name,
    );
  }
  return entry.localHeaderOffset + LOCAL_HEADER_SIZE + view.getUint16(26, true) + view.getUint16(28, true);
}

/**
 * The entry's bytes from its stored bytes, inflated natively into one buffer of the declared size: zlib stops
 * as soon as the output passes that size, so an entry that lies about it costs no more than an honest one.
 */
export function inflateEntry(stored: Uint8Array, entry: ZipEntryInfo, label: string): Uint8Array {
  let data: Uint8Array;
  try {
    // One byte of room past the declared size: zlib then ends in that buffer, or shows it would grow further.
    data =
      entry.method === 8
        ? inflateRawSync(stored, { chunkSize: Math.max(64, entry.size + 1), maxOutputLength: Math.max(1, entry.size) })
        : stored;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw inflatesPast(entry);
    throw new ZipSafetyError(`Zip entry "${entry.name}" in ${label} is corrupt: ${(err as Error).message}`, entry.name);
  }
  checkEntryOutput(entry, data.length, crc32(data));
  // A plain view (no copy): callers get the same kind of bytes whichever way the entry was stored.
  return new Uint8Array(data.buffer, data.byteOffset, data.length);
}

export function inflatesPast(entry: ZipEntryInfo): ZipSafetyError {
  return new ZipSafetyError(
    `Zip entry "${entry.name}" inflates past its declared ${entry.size} bytes; refusing it as a possible zip bomb.`,
    entry.name,
  );
}

export function checkEntryOutput(entry: ZipEntryInfo, produced: number, crc: number): void {
  if (produced !== entry.size)
    throw new ZipSafetyError(
      `Zip entry "${entry.name}" holds ${produced} bytes, not the ${entry.size} its header declares; the archive is corrupt.`,
      entry.name,
    );
  if (crc >>> 0 !== entry.crc)
    throw new ZipSafetyError(`Zip entry "${entry.name}" fails its CRC check; the archive is corrupt.`, entry.name);
}

function dosTime(date: number, time: number): Date {
  return new Date(
    ((date >> 9) & 0x7f) + 1980,
    ((date >> 5) & 0xf) - 1,
    date & 0x1f,
    (time >> 11) & 0x1f,
    (time >> 5) & 0x3f,
    (time & 0x1f) * 2,
  );
}
