// Edits as the editor reports them, and a region of text that changed since the last good parse (one piece of
// editedText.ts, as incremental parsing takes it). Changes of one editor event apply in order, each against the
// text the previous one produced (the LSP rule, which VS Code's change events follow).

export interface TextChange {
  /** Start offset (UTF-16) in the text before this change. */
  start: number;
  /** End offset (exclusive) in the text before this change. */
  end: number;
  text: string;
}

/** The changed span: `[oldStart, oldEnd)` of the base text became `[start, end)` of the current text. */
export interface DirtyRegion {
  start: number;
  end: number;
  oldStart: number;
  oldEnd: number;
}

export function applyChange(text: string, change: TextChange): string {
  if (change.start < 0 || change.end < change.start || change.end > text.length) {
    throw new RangeError(
      `Edit [${change.start}, ${change.end}) is outside the document (length ${text.length}); re-open the document to resynchronize.`,
    );
  }
  return text.slice(0, change.start) + change.text + text.slice(change.end);
}
