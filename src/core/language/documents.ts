// The document model cache: one entry per open document, holding its text (editedText.ts: the last parsed text
// plus the edits since) and version and the parse results for that version, computed on first use. TRSX results
// follow edits incrementally when every edit since the last parse stays inside <samples>
// (trsx/incrementalParse.ts); otherwise the next request parses in full. Requests made while typing
// (completion, auto-close) read the last parse and the text around the cursor: they never parse.

import { readDialog, type DialogModel } from '../dialog/dialogModel';
import { DIALOG_FILE } from '../package/layout';
import { LineIndex } from '../formats/diagnostic';
import { parseGrxml, type GrxmlParseResult } from '../formats/grxml/parse';
import { parseTrsx, type TrsxParseResult } from '../formats/trsx/parse';
import { localName } from '../formats/grxml/xmlNames';
import type { XmlDocument } from '../formats/xml/tree';
import { EditedText, type TextPiece, type TextPosition } from './editedText';
import type { TextChange } from './textChange';
import { patchTrsx } from './trsx/incrementalParse';
import type { TrsxTransition } from './trsx/incrementalValidator';
import { openElementsBetween, tagContextAt, type TagContext } from './xml/cursorContext';
import { positionIn } from './xml/treeQuery';

/** `dialog`: a project package's dialog.json (core/dialog reads it). */
export type LanguageId = 'trsx' | 'grxml' | 'dialog';

export function languageOfPath(path: string): LanguageId | undefined {
  const lower = path.toLowerCase();
  if (lower === DIALOG_FILE || lower.endsWith(`/${DIALOG_FILE}`) || lower.endsWith(`\\${DIALOG_FILE}`)) return 'dialog';
  if (lower.endsWith('.trsx')) return 'trsx';
  if (lower.endsWith('.grxml') || lower.endsWith('.srgs')) return 'grxml';
  return undefined;
}

export class LanguageDocument {
  /** The text, as the text of the last TRSX parse (or GrXML read) plus the edits since. */
  private readonly content: EditedText;
  private currentVersion: number;
  private lineIndex: LineIndex | undefined;
  /** The last TRSX parse: of `content.base`, the pieces are the edits not in it yet. */
  private trsxBase: TrsxParseResult | undefined;
  private grxmlResult: GrxmlParseResult | undefined;
  /** The dialog read of the current version, or the error that reading it threw. */
  private dialogResult: { model: DialogModel } | { error: Error } | undefined;
  /**
   * Told of each incremental TRSX step as it happens, before the next one re-links the same tree (the
   * diagnostics engine's validator follows them).
   */
  onTrsxStep: ((step: TrsxTransition) => void) | undefined;

  constructor(
    /** The document's key: an absolute file path for files on disk, the URI otherwise. */
    readonly id: string,
    readonly languageId: LanguageId,
    version: number,
    text: string,
    /** A file path when the document is a file (external grammar references and the project resolve from it). */
    readonly path: string | undefined = id,
  ) {
    this.content = new EditedText(text);
    this.currentVersion = version;
  }

  /** The whole text (joined from the edits on first use after them: prefer `slice` near a position). */
  get text(): string {
    return this.content.toString();
  }

  get length(): number {
    return this.content.length;
  }

  /** Part of the current text, read without joining the whole. */
  slice(from: number, to: number): string {
    return this.content.slice(from, to);
  }

  charCodeAt(offset: number): number {
    return this.content.charCodeAt(offset);
  }

  get version(): number {
    return this.currentVersion;
  }

  /** Where the edits not yet reflected in the TRSX parse start (undefined when it is up to date). */
  get pendingEditStart(): number | undefined {
    return this.trsxBase ? this.content.pieces[0]?.start : undefined;
  }

  /** Applies the editor's changes (in order, each against the text the previous one produced). */
  update(version: number, changes: readonly TextChange[]): void {
    for (const change of changes) this.content.apply(change);
    this.touch(version);
  }

  /** Replaces the whole text (a reload, or a client that sends full texts). */
  setText(version: number, text: string): void {
    this.content.reset(text);
    this.trsxBase = undefined;
    this.touch(version);
  }

  /** Zero-based line and character of an offset (the line table follows edits: no whole-text scan). */
  positionAt(offset: number): TextPosition {
    return this.content.positionAt(offset);
  }

  offsetAt(position: TextPosition): number {
    return this.content.offsetAt(position);
  }

  lines(): LineIndex {
    this.lineIndex ??= new LineIndex(this.text);
    return this.lineIndex;
  }

  /** The TRSX parse of the current text: the last one moved over the edits since, or a full parse. */
  trsx(): TrsxParseResult {
    const base = this.trsxBase;
    if (base && this.content.pieces.length === 0) return base;
    const patched = base ? this.patched(base) : undefined;
    if (patched) {
      this.trsxBase = patched;
    } else {
      this.trsxBase = parseTrsx(this.content.toString());
    }
    this.content.rebase();
    return this.trsxBase;
  }

  /**
   * The TRSX model of the last parse, without parsing the edits since (`current: false`): its names serve
   * completion while the user types (edits inside <samples> cannot change them; a declaration being typed
   * shows up after the next diagnostics pass), its offsets hold before the first edit. Parses only when
   * there was no parse yet.
   */
  trsxForNames(): { result: TrsxParseResult; current: boolean } {
    if (this.trsxBase) return { result: this.trsxBase, current: this.content.pieces.length === 0 };
    return { result: this.trsx(), current: true };
  }

  /** Each edit piece applied incrementally in turn, or undefined when one of them needs a full parse. */
  private patched(base: TrsxParseResult): TrsxParseResult | undefined {
    const pieces = this.content.pieces;
    let result = base;
    let text = this.content.base;
    for (let i = 0; i < pieces.length; i++) {
      const p = pieces[i] as TextPiece;
      // Pieces before this one are applied already, so its start is the same offset in `text` as in the end.
      const oldEnd = p.start + (p.oldEnd - p.oldStart);
      const next =
        i === pieces.length - 1 ? this.content.toString() : text.slice(0, p.start) + p.text + text.slice(oldEnd);
      const patch = patchTrsx(
        result,
        { start: p.start, end: p.start + p.text.length, oldStart: p.start, oldEnd },
        next,
      );
      if (!patch) return undefined; // `result` may be consumed: the caller parses in full
      this.onTrsxStep?.({ base: result, patch });
      result = patch.result;
      text = next;
    }
    return result;
  }

  /** The context of `offset` (what is being typed), read from the text around it. */
  tagContextAt(offset: number): TagContext {
    const from = Math.max(0, offset - CONTEXT_BEFORE);
    return shiftContext(tagContextAt(this.content.slice(from, offset + CONTEXT_AFTER), offset - from), from);
  }

  /** The text around `offset`: `text` starts at `origin` of the document. */
  around(offset: number): { text: string; origin: number } {
    const origin = Math.max(0, offset - CONTEXT_BEFORE);
    return { text: this.content.slice(origin, offset + CONTEXT_AFTER), origin };
  }

  /**
   * Names of the elements that enclose `offset` (start before it, end after it), outermost first. For TRSX this
   * works without parsing the edits: outside the edited pieces the last tree holds (offsets moved back by the
   * edits before), inside one its text is scanned on top of the elements open where it starts.
   */
  elementPathAt(offset: number): string[] {
    if (this.languageId === 'grxml') return enclosing(this.grxml().tree, offset).map(localName);
    const { result, current } = this.trsxForNames();
    if (current) return enclosing(result.tree, offset);
    const piece = this.content.pieces.find((p) => p.start < offset && offset <= p.end);
    if (piece) return openElementsBetween(piece.text, 0, offset - piece.start, enclosing(result.tree, piece.oldStart));
    return enclosing(result.tree, this.content.toBase(offset));
  }

  grxml(): GrxmlParseResult {
    if (!this.grxmlResult) {
      this.grxmlResult = parseGrxml(this.content.toString(), this.path === undefined ? {} : { uri: this.path });
      if (!this.trsxBase) this.content.rebase();
    }
    return this.grxmlResult;
  }

  /** The dialog model of the current text; throws DialogReadError when it is not a dialog export. */
  dialog(): DialogModel {
    if (!this.dialogResult) {
      try {
        this.dialogResult = { model: readDialog(this.content.toString()) };
      } catch (e) {
        this.dialogResult = { error: e as Error };
      }
      this.content.rebase();
    }
    if ('error' in this.dialogResult) throw this.dialogResult.error;
    return this.dialogResult.model;
  }

  private touch(version: number): void {
    this.currentVersion = version;
    this.lineIndex = undefined;
    this.grxmlResult = undefined;
    this.dialogResult = undefined;
  }
}

/** How far around a position requests read the text (a tag, and an unterminated comment before it). */
const CONTEXT_BEFORE = 66 * 1024;
const CONTEXT_AFTER = 8 * 1024;

function shiftContext(context: TagContext, by: number): TagContext {
  if (by === 0 || context.kind === 'content' || context.kind === 'none') return context;
  const range = { start: context.range.start + by, end: context.range.end + by };
  return { ...context, range, tagStart: context.tagStart + by };
}

function enclosing(tree: XmlDocument, offset: number): string[] {
  return positionIn(tree, offset)
    .path.filter((el) => el.range.start < offset)
    .map((el) => el.name);
}

/** The open documents, by id. */
export class DocumentStore {
  private readonly documents = new Map<string, LanguageDocument>();

  open(id: string, languageId: LanguageId, version: number, text: string, path?: string): LanguageDocument {
    const doc = new LanguageDocument(id, languageId, version, text, path);
    this.documents.set(id, doc);
    return doc;
  }

  get(id: string): LanguageDocument | undefined {
    return this.documents.get(id);
  }

  /** The open document whose file is `path`, if any. */
  byPath(path: string): LanguageDocument | undefined {
    const direct = this.documents.get(path);
    if (direct?.path === path) return direct;
    for (const doc of this.documents.values()) if (doc.path === path) return doc;
    return undefined;
  }

  close(id: string): void {
    this.documents.delete(id);
  }

  all(): LanguageDocument[] {
    return [...this.documents.values()];
  }
}
