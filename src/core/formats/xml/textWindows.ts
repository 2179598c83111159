// A document's decoded text without holding it as one string: read as consecutive windows (scanXmlWindows) and
// sliced at the few ranges a reader quotes. A large UTF-8 file then costs one 16 KB piece at a time, read from
// disk, instead of its bytes and its whole decoded string. Offsets are UTF-16 offsets into the decoded text.
import { isUtf8 } from 'node:buffer';
import { closeSync, fstatSync, openSync, readFileSync, readSync } from 'node:fs';
import { ENCODING_HEAD_BYTES, decodeXmlBytes, utf8BodyStart } from './decode';

export interface DocumentText {
  /** The text as consecutive pieces (their concatenation is the text); each call reads it again. */
  windows(): Iterable<string>;
  /** `text.slice(start, end)`. */
  slice(start: number, end: number): string;
  /** The whole text as one string (for a reader that cannot go window by window). */
  whole(): string;
}

/** A text already held as one string (an open editor document, a test). */
export class WholeText implements DocumentText {
  constructor(readonly text: string) {}

  windows(): Iterable<string> {
    return [this.text];
  }

  slice(start: number, end: number): string {
    return this.text.slice(start, end);
  }

  whole(): string {
    return this.text;
  }
}

/** Bytes per decoded piece: a slice decodes at most this much before its start. */
const PIECE_BYTES = 16 * 1024;

/** The file is not plain valid UTF-8 after all (a bad byte met while reading): read it whole instead. */
export class NotPlainUtf8Error extends Error {
  constructor(readonly path: string) {
    super(`${path} is not valid UTF-8 throughout; it is read whole.`);
    this.name = 'NotPlainUtf8Error';
  }
}

/**
 * A UTF-8 file read a piece at a time from disk: nothing of it is held but one piece (16 KB) and where each piece
 * starts, recorded as it is first decoded, so a slice reads and decodes only from the piece it starts in. Reads
 * are synchronous (the readers of a DocumentText are); close() when done. A piece that is not valid UTF-8 throws
 * NotPlainUtf8Error: decodeXmlBytes would decode the file differently, so the caller reads it whole (whole()).
 */
export class Utf8FileText implements DocumentText {
  /** Piece i starts at byte byteStarts[i] and at text offset charStarts[i]; the last entry is the end. */
  private readonly byteStarts: number[];
  private readonly charStarts: number[] = [0];
  private readonly buffer = Buffer.allocUnsafe(PIECE_BYTES);

  private constructor(
    readonly path: string,
    private readonly fd: number,
    private readonly size: number,
    start: number,
  ) {
    this.byteStarts = [start];
  }

  /** The text of the XML file at `path` as decodeXmlBytes reads it: a window at a time when it is UTF-8, else whole. */
  static open(path: string): DocumentText & { close(): void } {
    const fd = openSync(path, 'r');
    try {
      const size = fstatSync(fd).size;
      const head = Buffer.allocUnsafe(Math.min(size, ENCODING_HEAD_BYTES));
      const start = utf8BodyStart(head.subarray(0, readSync(fd, head, 0, head.length, 0)));
      if (start !== undefined) return new Utf8FileText(path, fd, size, start);
    } catch (e) {
      closeSync(fd);
      throw e;
    }
    closeSync(fd);
    const text = new WholeText(decodeXmlBytes(readFileSync(path)).text);
    return Object.assign(text, { close: () => undefined });
  }

  close(): void {
    closeSync(this.fd);
  }

  *windows(): Iterable<string> {
    for (let i = 0; (this.byteStarts[i] as number) < this.size; i++) yield this.piece(i);
  }

  slice(start: number, end: number): string {
    if (end <= start) return '';
    // The last piece starting at or before `start`, decoding further pieces until one is known.
    while ((this.charStarts.at(-1) as number) <= start && (this.byteStarts.at(-1) as number) < this.size)
      this.piece(this.charStarts.length - 1);
    let lo = 0;
    let hi = this.charStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.charStarts[mid] as number) <= start) lo = mid;
      else hi = mid - 1;
    }
    const from = this.byteStarts[lo] as number;
    const offset = this.charStarts[lo] as number;
    // A UTF-16 unit takes at most 3 bytes: this many bytes hold the range (a character cut at the end lies past it).
    const bytes = Buffer.allocUnsafe(Math.min(this.size - from, (end - offset) * 3));
    const read = readSync(this.fd, bytes, 0, bytes.length, from);
    return bytes.toString('utf8', 0, read).slice(start - offset, end - offset);
  }

  whole(): string {
    return decodeXmlBytes(readFileSync(this.path)).text;
  }

  /** Decodes piece i (the pieces before it are known), recording where the next one starts. */
  private piece(i: number): string {
    const from = this.byteStarts[i] as number;
    const buffer = this.buffer;
    const read = readSync(this.fd, buffer, 0, Math.min(buffer.length, this.size - from), from);
    let to = read;
    if (from + read < this.size) {
      // end the piece before a character cut off by the read
      let lead = read - 1;
      while (lead > 0 && ((buffer[lead] as number) & 0xc0) === 0x80) lead--;
      const b = buffer[lead] as number;
      if (lead + (b < 0x80 ? 1 : b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : 2) > read) to = lead;
    }
    if (to === 0 || !isUtf8(buffer.subarray(0, to))) throw new NotPlainUtf8Error(this.path);
    const text = buffer.toString('utf8', 0, to);
    if (i === this.byteStarts.length - 1) {
      this.byteStarts.push(from + to);
      this.charStarts.push((this.charStarts[i] as number) + text.length);
    }
    return text;
  }
}
