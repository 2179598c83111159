// Edits as the editor reports them, and the one region of text that changed since the last good parse.
// Changes of one editor event apply in order, each against the text the previous one produced (the LSP rule,
// which VS Code's change events follow). Several edits are merged into one dirty region, so an incremental
// update can re-read everything they touched in one go.

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
    throw new RangeError(`Edit [${change.start}, ${change.end}) is outside the document (length ${text.length}); re-open the document to resynchronize.`);
  }
  return text.slice(0, change.start) + change.text + text.slice(change.end);
}

export function applyChanges(text: string, changes: readonly TextChange[]): string {
  let out = text;
  for (const c of changes) out = applyChange(out, c);
  return out;
}

/** Widens `dirty` (or starts one) to cover `change`, keeping the mapping back to the base text. */
export function mergeDirty(dirty: DirtyRegion | undefined, change: TextChange): DirtyRegion {
  const inserted = change.start + change.text.length;
  if (!dirty) return { start: change.start, end: inserted, oldStart: change.start, oldEnd: change.end };
  const delta = change.text.length - (change.end - change.start);
  // Before the region, current and base offsets agree; after it they differ by (end - oldEnd).
  const start = Math.min(dirty.start, change.start);
  const oldStart = change.start < dirty.start ? change.start : dirty.oldStart;
  if (change.end <= dirty.end) {
    return { start, end: Math.max(dirty.end + delta, inserted), oldStart, oldEnd: dirty.oldEnd };
  }
  return { start, end: inserted, oldStart, oldEnd: change.end - (dirty.end - dirty.oldEnd) };
}
