// Zip bombs made in the test, byte by byte, so no binary fixture is needed: a deflate stream of zeros that
// expands about 1000×, in an archive whose headers declare the true size (refused from the directory) or
// understate it (a lying header, refused while inflating).
import { constants, crc32, deflateRawSync } from 'node:zlib';

export interface RawEntry {
  name: string;
  /** The stored (compressed) bytes. */
  data: Uint8Array;
  method: 0 | 8;
  /** The uncompressed size the headers declare. */
  size: number;
  crc: number;
}

/** A deflate stream (raw) that inflates to `megabytes` MiB of zeros, built from one repeated 16 MiB block. */
export function zerosDeflated(megabytes: number): Buffer {
  const block = 16;
  // A sync flush ends the piece on a byte boundary without a final block, so copies can follow one another.
  const piece = deflateRawSync(Buffer.alloc(block * 1024 * 1024), { finishFlush: constants.Z_SYNC_FLUSH });
  const finalEmptyStoredBlock = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);
  return Buffer.concat([...Array.from({ length: Math.ceil(megabytes / block) }, () => piece), finalEmptyStoredBlock]);
}

export function storedEntry(name: string, text: string): RawEntry {
  const data = Buffer.from(text);
  return { name, data, method: 0, size: data.length, crc: crc32(data) };
}

/** A plain zip (local headers, central directory, end record) of the entries exactly as described. */
export function buildZip(entries: readonly RawEntry[]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(e.method, 8);
    local.writeUInt32LE(e.crc >>> 0, 14);
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(e.size, 22);
    local.writeUInt16LE(name.length, 26);
    parts.push(local, name, Buffer.from(e.data));
    const cd = Buffer.alloc(46);
    cd.writeUInt32LE(0x02014b50, 0);
    cd.writeUInt16LE(20, 4);
    cd.writeUInt16LE(20, 6);
    cd.writeUInt16LE(e.method, 10);
    cd.writeUInt32LE(e.crc >>> 0, 16);
    cd.writeUInt32LE(e.data.length, 20);
    cd.writeUInt32LE(e.size, 24);
    cd.writeUInt16LE(name.length, 28);
    cd.writeUInt32LE(offset, 42);
    central.push(cd, name);
    offset += 30 + name.length + e.data.length;
  }
  const cdBytes = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cdBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, cdBytes, end]);
}

/** A package-shaped zip whose TRSX inflates to 2 GiB of zeros: `honest` declares that size, else 1000 bytes. */
export function packageBomb(honest: boolean): Buffer {
  const bomb = zerosDeflated(2048);
  return buildZip([
    storedEntry('metadata.json', '{"name":"bomb"}'),
    storedEntry('dialog.json', '{}'),
    { name: 'en-US/en-US.trsx', data: bomb, method: 8, size: honest ? 2048 * 1024 * 1024 : 1000, crc: 0 },
  ]);
}
