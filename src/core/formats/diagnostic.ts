// One diagnostic shape for every format (TRSX, GrXML, lists) so the CLI, the language services and the
// sandbox's import validation report problems the same way.

/** Half-open range of UTF-16 offsets into the document text. */
export interface TextRange {
  start: number;
  end: number;
}

export type Severity = 'error' | 'warning' | 'info';

export interface Diagnostic {
  /** Stable code, e.g. `TRSX012` or `SRGS003`; never reused for another meaning. */
  code: string;
  severity: Severity;
  message: string;
  range: TextRange;
}

/** What each format's code table (`codes.ts`) says of a code: how severe it is, and what it means in one line. */
export interface CodeInfo {
  severity: Severity;
  meaning: string;
}

export interface LineColumn {
  /** 1-based line. */
  line: number;
  /** 1-based column, in UTF-16 code units. */
  column: number;
}

/** Maps offsets to 1-based line:column in O(log n) after an O(n) scan. */
export class LineIndex {
  /** Line starts in a typed array: a 100k-line file's would otherwise be a JS array V8 copies young as it grows. */
  private starts = new Int32Array(64);
  private count = 1;

  constructor(text: string) {
    this.add(text, 0);
    if (text.charCodeAt(text.length - 1) === 13) this.push(text.length);
  }

  /**
   * The index of a text given as consecutive pieces (read a window at a time), told each piece as it comes:
   * `add(piece)`, then `done()` for the index.
   */
  static builder(): { add(piece: string): void; done(): LineIndex } {
    const index = new LineIndex('');
    let offset = 0;
    let cr = false; // the text so far ends in '\r': a line break unless the next piece starts with '\n'
    return {
      add(piece: string): void {
        if (piece.length === 0) return;
        if (cr && piece.charCodeAt(0) !== 10) index.push(offset);
        index.add(piece, offset);
        offset += piece.length;
        cr = piece.charCodeAt(piece.length - 1) === 13;
      },
      done(): LineIndex {
        if (cr) index.push(offset);
        cr = false;
        return index;
      },
    };
  }

  private push(start: number): void {
    if (this.count === this.starts.length) {
      const grown = new Int32Array(this.starts.length * 2);
      grown.set(this.starts);
      this.starts = grown;
    }
    this.starts[this.count++] = start;
  }

  /** Line starts in `piece` (at `offset` in the text); a '\r' ending it is the caller's (the next piece decides). */
  private add(piece: string, offset: number): void {
    const last = piece.length - 1;
    for (let i = 0; i < last; i++) {
      const c = piece.charCodeAt(i);
      if (c === 10) this.push(offset + i + 1);
      else if (c === 13 && piece.charCodeAt(i + 1) !== 10) this.push(offset + i + 1);
    }
    if (last >= 0 && piece.charCodeAt(last) === 10) this.push(offset + last + 1);
  }

  position(offset: number): LineColumn {
    let lo = 0;
    let hi = this.count - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.starts[mid] ?? 0) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - (this.starts[lo] ?? 0) + 1 };
  }

  offset(pos: LineColumn): number {
    const start = this.starts[Math.max(0, Math.min(this.count - 1, pos.line - 1))] ?? 0;
    return start + pos.column - 1;
  }

  get lineCount(): number {
    return this.count;
  }
}

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error');
}
