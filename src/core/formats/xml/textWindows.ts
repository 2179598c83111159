// A document's decoded text without holding it as one string: read as consecutive windows (scanXmlWindows) and
// sliced at the few ranges a reader quotes. A large UTF-8 file then costs its bytes (read into a buffer the
// caller may reuse for the next file) plus one window at a time, instead of its bytes and its whole decoded
// string, and a window that is garbage dies young. Offsets are UTF-16 offsets into the decoded text, as everywhere.
import { isAscii } from 'node:buffer';
import { decodeXmlBytes, utf8BodyStart } from './decode';

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

/**
 * Valid UTF-8 bytes decoded a piece at a time: pieces end on character boundaries, and where each starts in the
 * text is recorded as it is first decoded, so a slice decodes only from the piece it starts in. The bytes must
 * not change while this is in use.
 */
export class Utf8Text implements DocumentText {
  /** Piece i starts at byte byteStarts[i] and at text offset charStarts[i]; the last entry is the end. */
  private readonly byteStarts: number[];
  private readonly charStarts: number[] = [0];
  private readonly encoding: 'latin1' | 'utf8';
  private readonly bytes: Buffer;

  /** `bytes` from `start` on are valid UTF-8 (see utf8BodyStart). */
  private constructor(bytes: Uint8Array, start: number) {
    this.bytes = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.byteStarts = [start];
    // ASCII is the same text in latin1, which decodes faster, and every offset is then a byte offset.
    this.encoding = isAscii(bytes.subarray(start)) ? 'latin1' : 'utf8';
  }

  /** The text of XML file bytes as decodeXmlBytes reads them, a window at a time when they are plain UTF-8. */
  static of(bytes: Uint8Array): DocumentText {
    const start = utf8BodyStart(bytes);
    return start === undefined ? new WholeText(decodeXmlBytes(bytes).text) : new Utf8Text(bytes, start);
  }

  *windows(): Iterable<string> {
    for (let i = 0; (this.byteStarts[i] as number) < this.bytes.length; i++) yield this.piece(i);
  }

  slice(start: number, end: number): string {
    if (end <= start) return '';
    if (this.encoding === 'latin1') {
      const at = this.byteStarts[0] as number;
      return this.bytes.toString('latin1', at + start, Math.min(this.bytes.length, at + end));
    }
    // The last piece starting at or before `start`, decoding further pieces until one is known.
    while ((this.charStarts.at(-1) as number) <= start && (this.byteStarts.at(-1) as number) < this.bytes.length) this.piece(this.charStarts.length - 1);
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
    const text = this.bytes.toString('utf8', from, Math.min(this.bytes.length, from + (end - offset) * 3));
    return text.slice(start - offset, end - offset);
  }

  whole(): string {
    return this.bytes.toString(this.encoding, this.byteStarts[0] as number);
  }

  /** Decodes piece i (the pieces before it are known), recording where the next one starts. */
  private piece(i: number): string {
    const from = this.byteStarts[i] as number;
    let to = Math.min(this.bytes.length, from + PIECE_BYTES);
    while (to < this.bytes.length && ((this.bytes[to] as number) & 0xc0) === 0x80) to--; // not inside a character
    const text = this.bytes.toString(this.encoding, from, to);
    if (i === this.byteStarts.length - 1) {
      this.byteStarts.push(to);
      this.charStarts.push((this.charStarts[i] as number) + text.length);
    }
    return text;
  }
}
