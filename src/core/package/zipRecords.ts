// The records zip.ts's one writer emits (APPNOTE.TXT 4.3: local file header, data descriptor, central directory
// header, end of central directory), for deflated entries streamed with data descriptors. zipDirectory.ts reads the
// same records back.

/** What the directory says about one written entry. */
export interface WrittenEntry {
  readonly name: Uint8Array;
  readonly utf8: boolean;
  readonly mtime: Date;
  readonly crc: number;
  readonly compressedSize: number;
  readonly size: number;
  readonly offset: number;
}

const DEFLATE = 8;
/** 2.0: deflate. */
const VERSION = 20;
const FLAG_DESCRIPTOR = 0x0008;
const FLAG_UTF8 = 0x0800;
/**
 * Made on Unix (APPNOTE 4.4.2), as a plain file readable by all (4.4.15: the mode in the high half): Info-ZIP unzip
 * reads the names of MS-DOS-made entries as an OEM code page whatever the UTF-8 flag says, and gives Unix-made
 * entries the mode stored here (mode 000 when none is).
 */
const MADE_BY_UNIX = 3 << 8;
const REGULAR_FILE_0644 = (0o100644 << 16) >>> 0;
/** Zip32 limits: entries and archives past them would need ZIP64, which packages never use. */
const MAX_32 = 0xffffffff;

export function entryName(name: string): { bytes: Uint8Array; utf8: boolean } {
  const bytes = new TextEncoder().encode(name);
  return { bytes, utf8: bytes.length !== name.length };
}

/**
 * The local header of an entry being streamed: its CRC and sizes are not known yet, so they are zero here and
 * follow the data in a data descriptor (general purpose bit 3).
 */
export function localHeader(e: Pick<WrittenEntry, 'name' | 'utf8' | 'mtime'>): Uint8Array {
  const out = new Uint8Array(30 + e.name.length);
  const v = new DataView(out.buffer);
  v.setUint32(0, 0x04034b50, true);
  v.setUint16(4, VERSION, true);
  v.setUint16(6, flags(e), true);
  v.setUint16(8, DEFLATE, true);
  setDosTime(v, 10, e.mtime);
  v.setUint16(26, e.name.length, true);
  out.set(e.name, 30);
  return out;
}

export function dataDescriptor(e: Pick<WrittenEntry, 'crc' | 'compressedSize' | 'size' | 'name'>): Uint8Array {
  checkSizes(e);
  const out = new Uint8Array(16);
  const v = new DataView(out.buffer);
  v.setUint32(0, 0x08074b50, true);
  v.setUint32(4, e.crc >>> 0, true);
  v.setUint32(8, e.compressedSize, true);
  v.setUint32(12, e.size, true);
  return out;
}

/** The central directory and its end record, for entries written from offset 0 up to `directoryOffset`. */
export function centralDirectory(entries: readonly WrittenEntry[], directoryOffset: number): Uint8Array {
  const size = entries.reduce((n, e) => n + 46 + e.name.length, 0);
  if (entries.length > 0xfffe || directoryOffset + size > MAX_32)
    throw new Error('The archive is too large for a plain zip (over 65534 entries or 4 GB); packages never are.');
  const out = new Uint8Array(size + 22);
  const v = new DataView(out.buffer);
  let p = 0;
  for (const e of entries) {
    checkSizes(e);
    v.setUint32(p, 0x02014b50, true);
    v.setUint16(p + 4, MADE_BY_UNIX | VERSION, true);
    v.setUint16(p + 6, VERSION, true);
    v.setUint16(p + 8, flags(e), true);
    v.setUint16(p + 10, DEFLATE, true);
    setDosTime(v, p + 12, e.mtime);
    v.setUint32(p + 16, e.crc >>> 0, true);
    v.setUint32(p + 20, e.compressedSize, true);
    v.setUint32(p + 24, e.size, true);
    v.setUint16(p + 28, e.name.length, true);
    v.setUint32(p + 38, REGULAR_FILE_0644, true);
    v.setUint32(p + 42, e.offset, true);
    out.set(e.name, p + 46);
    p += 46 + e.name.length;
  }
  v.setUint32(p, 0x06054b50, true);
  v.setUint16(p + 8, entries.length, true);
  v.setUint16(p + 10, entries.length, true);
  v.setUint32(p + 12, size, true);
  v.setUint32(p + 16, directoryOffset, true);
  return out;
}

function flags(e: Pick<WrittenEntry, 'utf8'>): number {
  return FLAG_DESCRIPTOR | (e.utf8 ? FLAG_UTF8 : 0);
}

function checkSizes(e: Pick<WrittenEntry, 'compressedSize' | 'size' | 'name'>): void {
  if (e.size > MAX_32 || e.compressedSize > MAX_32)
    throw new Error(`Zip entry "${new TextDecoder().decode(e.name)}" is 4 GB or more; a plain zip cannot hold it.`);
}

/** MS-DOS date and time (local time, 2-second steps; 1980 is the earliest year). */
function setDosTime(v: DataView, at: number, d: Date): void {
  const year = Math.max(1980, d.getFullYear());
  v.setUint16(at, (d.getHours() << 11) | (d.getMinutes() << 5) | (d.getSeconds() >> 1), true);
  v.setUint16(at + 2, ((year - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(), true);
}
