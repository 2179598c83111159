// The changed-samples window (changedWindow.ts) of two versions that are not read whole: their common prefix and
// suffix are found by comparing them a chunk at a time through two small buffers, then only the head (prolog up to
// <samples>), the bytes around the change and the tail are read, and changedSamplesWindow runs on those shortened
// copies; what is cut out is identical on both sides, so the window is the same, its positions shifted back.
// Markup ("<!", "<?") anywhere in the before version, which changedSamplesWindow refuses, is looked for in the chunks
// as they pass. A status of a one-sample edit of a 25 MB file then reads the file and its base copy once through
// 1 MiB buffers instead of holding both (and faulting in 50 MB of fresh memory); a merge holds no copy of the local file.
import { open, type FileHandle } from 'node:fs/promises';
import { throwIfAborted } from '../../progress';
import { changedSamplesWindow, type ChangedWindow } from './changedWindow';

/** Random access to a version's bytes. */
export interface ByteSource {
  readonly size: number;
  /** Bytes [position, position + length): a view of `into` (or of the source's own bytes). */
  read(position: number, length: number, into: Uint8Array): Promise<Uint8Array>;
}

export type SourcesWindow =
  /** Byte for byte the same. */
  | { readonly kind: 'same' }
  | { readonly kind: 'window'; readonly window: ChangedWindow }
  /** No window from the parts read (a change outside <samples>, markup, an unusual layout): read the files whole. */
  | { readonly kind: 'whole' };

const CHUNK = 1024 * 1024;
/** How much of the head is read to find <samples>, and of the bytes around the change to find sample boundaries. */
const HEAD = 256 * 1024;
const MARGIN = 256 * 1024;
const TAIL = 64 * 1024;
const LT = 0x3c;
const BANG = 0x21;
const QUESTION = 0x3f;

export function bytesSource(bytes: Uint8Array): ByteSource {
  return {
    size: bytes.length,
    read: (position, length) => Promise.resolve(bytes.subarray(position, position + length)),
  };
}

/** A file opened for random access; close it when done. */
export async function openFileSource(path: string): Promise<FileSource> {
  const handle: FileHandle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    return {
      size,
      async read(position, length, into) {
        let done = 0;
        while (done < length) {
          const { bytesRead } = await handle.read(into, done, length - done, position + done);
          if (bytesRead === 0) throw new Error(`${path} shrank while it was read; try again.`);
          done += bytesRead;
        }
        return into.subarray(0, length);
      },
      close: () => handle.close(),
    };
  } catch (err) {
    await handle.close();
    throw err;
  }
}

type FileSource = ByteSource & { close(): Promise<void> };

/** openFileSource, or undefined when there is no such file (any other error is thrown). */
async function openIfPresent(path: string): Promise<FileSource | undefined> {
  return openFileSource(path).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT' || err.code === 'ENOTDIR' || err.code === 'EISDIR') return undefined;
    throw err;
  });
}

/**
 * Runs `use` on two versions, each a file (opened for random access here and closed after) or a source already
 * at hand; undefined, without running `use`, when a file is absent.
 */
export async function withSources<T>(
  before: string | ByteSource,
  after: string | ByteSource,
  use: (before: ByteSource, after: ByteSource) => Promise<T>,
): Promise<T | undefined> {
  const opened: FileSource[] = [];
  const sourceOf = async (version: string | ByteSource): Promise<ByteSource | undefined> => {
    if (typeof version !== 'string') return version;
    const file = await openIfPresent(version);
    if (file) opened.push(file);
    return file;
  };
  try {
    const b = await sourceOf(before);
    const a = b && (await sourceOf(after));
    return b && a ? await use(b, a) : undefined;
  } finally {
    for (const file of opened) await file.close();
  }
}

/** The window of the change from `before` to `after`, reading only what it needs. */
export async function changedSamplesWindowOf(
  before: ByteSource,
  after: ByteSource,
  signal?: AbortSignal,
): Promise<SourcesWindow> {
  const nb = before.size;
  const na = after.size;
  const bufB = new Uint8Array(Math.min(CHUNK, Math.max(nb, 1)));
  const bufA = new Uint8Array(Math.min(CHUNK, Math.max(na, 1)));
  const common = Math.min(nb, na);
  let markup = false;

  // The common prefix, chunk by chunk.
  let prefix = 0;
  let before0: number | undefined;
  while (prefix < common) {
    throwIfAborted(signal);
    const length = Math.min(bufB.length, bufA.length, common - prefix);
    const b = await before.read(prefix, length, bufB);
    const a = await after.read(prefix, length, bufA);
    markup ||= hasMarkupIn(b, prefix, before0, undefined);
    before0 = b[length - 1];
    const differ = firstDifference(b, a, length);
    if (differ < length) {
      prefix += differ;
      break;
    }
    prefix += length;
  }
  if (prefix === nb && nb === na) return { kind: 'same' };

  // The common suffix, at most what the prefix left, chunk by chunk from the end.
  let suffix = 0;
  let after0: number | undefined;
  const limit = common - prefix;
  while (suffix < limit) {
    throwIfAborted(signal);
    const length = Math.min(bufB.length, bufA.length, limit - suffix);
    const b = await before.read(nb - suffix - length, length, bufB);
    const a = await after.read(na - suffix - length, length, bufA);
    markup ||= hasMarkupIn(b, nb - suffix - length, undefined, after0);
    after0 = b[0];
    const same = sameFromEnd(b, a, length);
    if (same < length) {
      suffix += same;
      break;
    }
    suffix += length;
  }
  if (markup) return { kind: 'whole' };

  // Shortened copies: the head, the bytes around the change, the tail; the cuts lie in the common prefix/suffix.
  const head = Math.min(prefix, HEAD);
  const lo = Math.max(head, prefix - MARGIN);
  const tail = Math.min(suffix, TAIL);
  const hiB = Math.min(nb - tail, nb - suffix + MARGIN);
  const hiA = hiB + (na - nb);
  const shortB = await joinParts(before, [
    [0, head],
    [lo, hiB],
    [nb - tail, nb],
  ]);
  const shortA = await joinParts(after, [
    [0, head],
    [lo, hiA],
    [na - tail, na],
  ]);
  const w = changedSamplesWindow(shortB, shortA);
  if (!w) return { kind: 'whole' };
  const cutHead = lo - head;
  const middleEnd = head + (hiB - lo);
  // Everything the window needed must lie in the parts kept whole, never across a cut.
  if (cutHead > 0 && (w.start < head || w.samplesStart > head)) return { kind: 'whole' };
  if (hiB < nb - tail && w.beforeEnd + 16 > middleEnd) return { kind: 'whole' };
  return {
    kind: 'window',
    window: { ...w, start: w.start + cutHead, beforeEnd: w.beforeEnd + cutHead, afterEnd: w.afterEnd + cutHead },
  };
}

/** The parts [from, to) of `source`, one after the other, in a new array. */
async function joinParts(source: ByteSource, parts: Array<[number, number]>): Promise<Uint8Array> {
  const out = new Uint8Array(parts.reduce((n, [from, to]) => n + (to - from), 0));
  let at = 0;
  for (const [from, to] of parts) {
    if (to <= from) continue;
    const bytes = await source.read(from, to - from, out.subarray(at, at + (to - from)));
    if (bytes.buffer !== out.buffer || bytes.byteOffset !== out.byteOffset + at) out.set(bytes, at);
    at += to - from;
  }
  return out;
}

function firstDifference(b: Uint8Array, a: Uint8Array, length: number): number {
  const bb = Buffer.from(b.buffer, b.byteOffset, length);
  const ab = Buffer.from(a.buffer, a.byteOffset, length);
  if (bb.equals(ab)) return length;
  let lo = 0;
  let hi = length;
  // Halving with native compares: a few dozen memcmp calls, not a byte loop over the chunk.
  while (hi - lo > 64) {
    const mid = (lo + hi) >>> 1;
    if (bb.compare(ab, lo, mid, lo, mid) === 0) lo = mid;
    else hi = mid;
  }
  while (lo < hi && b[lo] === a[lo]) lo++;
  return lo;
}

/** How many bytes at the end of the two chunks are the same. */
function sameFromEnd(b: Uint8Array, a: Uint8Array, length: number): number {
  const bb = Buffer.from(b.buffer, b.byteOffset, length);
  const ab = Buffer.from(a.buffer, a.byteOffset, length);
  if (bb.equals(ab)) return length;
  let lo = 0; // bytes known the same from the end
  let hi = length;
  while (hi - lo > 64) {
    const mid = (lo + hi) >>> 1;
    if (bb.compare(ab, length - mid, length, length - mid, length) === 0) lo = mid;
    else hi = mid;
  }
  while (lo < hi && b[length - 1 - lo] === a[length - 1 - lo]) lo++;
  return lo;
}

/**
 * Whether the chunk (at file position `at`) holds "<!" or "<?" (the XML declaration at 0 aside), counting a pair
 * across its edges through the bytes just before and just after it.
 */
function hasMarkupIn(
  chunk: Uint8Array,
  at: number,
  byteBefore: number | undefined,
  byteAfter: number | undefined,
): boolean {
  const buf = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length);
  for (const mark of [BANG, QUESTION]) {
    for (let i = buf.indexOf(mark); i >= 0; i = buf.indexOf(mark, i + 1)) {
      const prev = i > 0 ? buf[i - 1] : byteBefore;
      if (prev === LT && !(mark === QUESTION && at + i === 1)) return true;
    }
    if (buf[buf.length - 1] === LT && byteAfter === mark && !(mark === QUESTION && at + buf.length === 1)) return true;
  }
  return false;
}
