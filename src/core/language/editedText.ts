// A document's text as a flat base text plus the edits made since, kept as a few small pieces and joined only
// when the whole text is asked for. A JavaScript string edited in place is a new rope, and the first character
// read from it copies the whole text: ~25 ms of CPU per keystroke on a 4 MB TRSX file, paid before any request
// of that keystroke could be answered. Here a keystroke costs the size of its piece plus one pass over the line
// table, and requests that read around the cursor (completion, auto-close) read through the pieces.
// Line starts of the current text follow every edit, so positions never need the joined text either.

import type { TextChange } from './textChange';

/** A replaced span: `[oldStart, oldEnd)` of the base text is `text`, at `[start, end)` of the current text. */
export interface TextPiece {
  readonly start: number;
  readonly end: number;
  readonly oldStart: number;
  readonly oldEnd: number;
  readonly text: string;
}

/** Zero-based line and UTF-16 character, as the Language Server Protocol counts. */
export interface TextPosition {
  line: number;
  character: number;
}

/** Edits closer than this (characters) to a piece join it, so a run of typing stays one span. */
const NEARBY = 2048;
/** More pieces than this are joined into one span (reads walk the pieces). */
const MAX_PIECES = 16;

const LF = 10;
const CR = 13;

export class EditedText {
  private baseText: string;
  private list: TextPiece[] = [];
  private joined: string | undefined;
  private currentLength: number;
  /** Where each line of the current text starts; undefined: recomputed from the joined text when needed. */
  private starts: number[] | undefined;

  constructor(text: string) {
    this.baseText = text;
    this.joined = text;
    this.currentLength = text.length;
  }

  get length(): number {
    return this.currentLength;
  }

  /** The text the pieces apply to. */
  get base(): string {
    return this.baseText;
  }

  /** The edits since the base, in text order, apart from each other. */
  get pieces(): readonly TextPiece[] {
    return this.list;
  }

  /** The whole current text (joined once per edit, on first request). */
  toString(): string {
    if (this.joined === undefined) {
      let out = '';
      let baseAt = 0;
      for (const p of this.list) {
        out += this.baseText.slice(baseAt, p.oldStart) + p.text;
        baseAt = p.oldEnd;
      }
      out += this.baseText.slice(baseAt);
      flatten(out);
      this.joined = out;
    }
    return this.joined;
  }

  /** Makes the current text the base: the pieces were consumed (parsed) by the owner. */
  rebase(): void {
    this.baseText = this.toString();
    this.list = [];
  }

  /** Replaces the whole text. */
  reset(text: string): void {
    this.baseText = text;
    this.joined = text;
    this.list = [];
    this.currentLength = text.length;
    this.starts = undefined;
  }

  /** Applies one edit (offsets in the current text). */
  apply(change: TextChange): void {
    const { start, end } = change;
    if (start < 0 || end < start || end > this.currentLength) {
      throw new RangeError(
        `Edit [${start}, ${end}) is outside the document (length ${this.currentLength}); re-open the document to resynchronize.`,
      );
    }
    const lineSafe = this.starts !== undefined && this.linesFollow(change);
    const removed = end - start;
    const delta = change.text.length - removed;
    // The pieces this edit touches or comes near join it into one.
    let first = 0;
    while (first < this.list.length && (this.list[first] as TextPiece).end < start - NEARBY) first++;
    let last = first;
    while (last < this.list.length && (this.list[last] as TextPiece).start <= end + NEARBY) last++;
    const joinedFirst = this.list[first];
    const spanStart = first < last ? Math.min(start, (joinedFirst as TextPiece).start) : start;
    const spanEnd = first < last ? Math.max(end, (this.list[last - 1] as TextPiece).end) : end;
    const old = this.slice(spanStart, spanEnd);
    const text = old.slice(0, start - spanStart) + change.text + old.slice(end - spanStart);
    const piece: TextPiece = {
      start: spanStart,
      end: spanStart + text.length,
      text,
      oldStart: this.toBase(spanStart, first),
      oldEnd: this.toBase(spanEnd, last),
    };
    const after = this.list.slice(last).map((p) => ({ ...p, start: p.start + delta, end: p.end + delta }));
    // An edit that gives back the base text (an undo, a retyped character) leaves nothing to parse again.
    const restores =
      text.length === piece.oldEnd - piece.oldStart && text === this.baseText.slice(piece.oldStart, piece.oldEnd);
    this.list = [...this.list.slice(0, first), ...(restores ? [] : [piece]), ...after];
    if (this.list.length > MAX_PIECES) this.joinAll();
    this.joined = undefined;
    this.currentLength += delta;
    if (lineSafe) this.moveLines(change, delta);
    else this.starts = undefined;
  }

  /** The current text of `[from, to)`, read through the pieces (no whole-text copy). */
  slice(from: number, to: number = this.currentLength): string {
    const a = Math.max(0, Math.min(from, this.currentLength));
    const b = Math.max(a, Math.min(to, this.currentLength));
    if (this.joined !== undefined) return this.joined.slice(a, b);
    let out = '';
    let at = 0; // current offset where the base run before the next piece starts
    let baseAt = 0;
    for (const p of this.list) {
      if (p.start > a && at < b)
        out += this.baseText.slice(baseAt + Math.max(0, a - at), baseAt + Math.min(p.start, b) - at);
      if (p.end > a && p.start < b) out += p.text.slice(Math.max(0, a - p.start), Math.min(p.end, b) - p.start);
      at = p.end;
      baseAt = p.oldEnd;
      if (at >= b) return out;
    }
    if (at < b) out += this.baseText.slice(baseAt + Math.max(0, a - at), baseAt + b - at);
    return out;
  }

  charCodeAt(offset: number): number {
    if (this.joined !== undefined) return this.joined.charCodeAt(offset);
    const piece = this.list.find((p) => p.start <= offset && offset < p.end);
    return piece ? piece.text.charCodeAt(offset - piece.start) : this.baseText.charCodeAt(this.toBase(offset));
  }

  /**
   * Where a current offset lies in the base text: offsets inside a piece map to its start. `before`: the index of
   * the first piece at or after `offset`, when the caller knows it.
   */
  toBase(offset: number, before?: number): number {
    let delta = 0;
    const n = before ?? this.list.length;
    for (let i = 0; i < n; i++) {
      const p = this.list[i] as TextPiece;
      if (p.end > offset) {
        if (p.start <= offset) return p.oldStart;
        break;
      }
      delta = p.end - p.oldEnd;
    }
    return offset - delta;
  }

  positionAt(offset: number): TextPosition {
    const starts = this.lineStarts();
    const o = Math.max(0, Math.min(offset, this.currentLength));
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] as number) <= o) lo = mid;
      else hi = mid - 1;
    }
    const lineStart = starts[lo] as number;
    return { line: lo, character: this.beforeLineBreak(o, lineStart) - lineStart };
  }

  /** The offset of a position; a character past the end of its line means the line's end (the LSP rule). */
  offsetAt(position: TextPosition): number {
    const starts = this.lineStarts();
    if (position.line >= starts.length) return this.currentLength;
    if (position.line < 0) return 0;
    const lineStart = starts[position.line] as number;
    if (position.character <= 0) return lineStart;
    const next = position.line + 1 < starts.length ? (starts[position.line + 1] as number) : this.currentLength;
    return this.beforeLineBreak(Math.min(lineStart + position.character, next), lineStart);
  }

  /** Never inside or after a line's break (as vscode-languageserver-textdocument counts). */
  private beforeLineBreak(offset: number, lineStart: number): number {
    let o = offset;
    while (o > lineStart && (this.charCodeAt(o - 1) === LF || this.charCodeAt(o - 1) === CR)) o--;
    return o;
  }

  get lineCount(): number {
    return this.lineStarts().length;
  }

  private lineStarts(): number[] {
    this.starts ??= lineStartsOf(this.toString(), 0, [0]);
    return this.starts;
  }

  /** True when the line table can follow the edit by itself: no CR LF pair is split or formed at its ends. */
  private linesFollow(change: TextChange): boolean {
    const at = (o: number): number => (o >= 0 && o < this.currentLength ? this.charCodeAt(o) : -1);
    if (at(change.start - 1) === CR) return false;
    if (
      at(change.end) === LF &&
      (change.text.charCodeAt(change.text.length - 1) === CR ||
        (change.end > change.start && at(change.end - 1) === CR))
    )
      return false;
    return true;
  }

  private moveLines(change: TextChange, delta: number): void {
    const starts = this.starts as number[];
    // Line starts inside (start, end] came from removed breaks; those of the new text replace them.
    let lo = upperBound(starts, change.start);
    const hi = upperBound(starts, change.end);
    const added = lineStartsOf(change.text, change.start, []);
    if (delta !== 0) for (let i = hi; i < starts.length; i++) starts[i] = (starts[i] as number) + delta;
    if (added.length === hi - lo) {
      for (const s of added) starts[lo++] = s;
    } else if (added.length < 10_000) {
      // eslint-disable-next-line no-restricted-syntax -- bounded by the check above
      starts.splice(lo, hi - lo, ...added);
    } else {
      this.starts = starts.slice(0, lo).concat(added, starts.slice(hi));
    }
  }

  private joinAll(): void {
    const first = this.list[0] as TextPiece;
    const last = this.list[this.list.length - 1] as TextPiece;
    const text = this.slice(first.start, last.end);
    this.list = [{ start: first.start, end: last.end, oldStart: first.oldStart, oldEnd: last.oldEnd, text }];
  }
}

/** Line starts of `text` (placed at `origin`), appended to `out`. A CR LF pair is one break. */
function lineStartsOf(text: string, origin: number, out: number[]): number[] {
  // Without a CR, the breaks are found by indexOf (a native scan), several times faster on a large file.
  if (text.indexOf('\r') === -1) {
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) out.push(origin + i + 1);
    return out;
  }
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === LF) out.push(origin + i + 1);
    else if (c === CR && text.charCodeAt(i + 1) !== LF) out.push(origin + i + 1);
  }
  return out;
}

/** Index of the first value greater than `value` (values ascending). */
function upperBound(values: readonly number[], value: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((values[mid] as number) <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Makes V8 copy a joined string into one flat buffer now, once, rather than on some later read. */
function flatten(text: string): void {
  if (text.length > 0) text.charCodeAt(0);
}
