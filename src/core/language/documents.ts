// The document model cache: one entry per open document, holding its text and version and the parse results
// for that version, computed on first use. TRSX results follow edits incrementally when every edit since the
// last parse stays inside <samples> (trsx/incrementalParse.ts); otherwise the next request parses in full.

import { LineIndex } from '../formats/diagnostic';
import { parseGrxml, type GrxmlParseResult } from '../formats/grxml/parse';
import { parseTrsx, type TrsxParseResult } from '../formats/trsx/parse';
import { localName } from '../formats/grxml/xmlNames';
import type { XmlDocument } from '../formats/xml/tree';
import { applyChange, mergeDirty, type DirtyRegion, type TextChange } from './textChange';
import { patchTrsx } from './trsx/incrementalParse';
import type { TrsxTransition } from './trsx/incrementalValidator';
import { openElementsBetween } from './xml/cursorContext';
import { positionIn } from './xml/treeQuery';

export type LanguageId = 'trsx' | 'grxml';

/** Edits closer than this (characters) to pending ones are merged with them. */
const NEARBY = 2048;

export function languageOfPath(path: string): LanguageId | undefined {
  const lower = path.toLowerCase();
  if (lower.endsWith('.trsx')) return 'trsx';
  if (lower.endsWith('.grxml') || lower.endsWith('.srgs')) return 'grxml';
  return undefined;
}

export class LanguageDocument {
  private currentText: string;
  private currentVersion: number;
  private lineIndex: LineIndex | undefined;
  /** The last TRSX parse, of the text before `dirty` (or of the current text when `dirty` is undefined). */
  private trsxBase: TrsxParseResult | undefined;
  private dirty: DirtyRegion | undefined;
  private grxmlResult: GrxmlParseResult | undefined;
  /** The last incremental step (which result it started from), for the incremental validator. */
  private transition: TrsxTransition | undefined;

  constructor(
    /** The document's key: an absolute file path for files on disk, the URI otherwise. */
    readonly id: string,
    readonly languageId: LanguageId,
    version: number,
    text: string,
    /** A file path when the document is a file (external grammar references and the project resolve from it). */
    readonly path: string | undefined = id,
  ) {
    this.currentText = text;
    this.currentVersion = version;
  }

  get text(): string {
    return this.currentText;
  }

  get version(): number {
    return this.currentVersion;
  }

  /** Where the edits not yet reflected in the TRSX parse start (undefined when it is up to date). */
  get pendingEditStart(): number | undefined {
    return this.dirty?.start;
  }

  /** Applies the editor's changes (in order, each against the text the previous one produced). */
  update(version: number, changes: readonly TextChange[]): void {
    for (const change of changes) {
      const next = applyChange(this.currentText, change);
      if (this.trsxBase) {
        // Pending edits far from this one are applied first, while they can be on their own: merged, they would
        // make one wide span that the next incremental update has to re-read in full.
        if (this.dirty && (change.end < this.dirty.start - NEARBY || change.start > this.dirty.end + NEARBY)) this.tryPatch();
        this.dirty = mergeDirty(this.dirty, change);
      }
      this.currentText = next;
    }
    this.replace(version, this.currentText, false);
  }

  /** Replaces the whole text (a reload, or a client that sends full texts). */
  setText(version: number, text: string): void {
    this.replace(version, text, true);
  }

  lines(): LineIndex {
    this.lineIndex ??= new LineIndex(this.currentText);
    return this.lineIndex;
  }

  /** The TRSX parse of the current text. */
  trsx(): TrsxParseResult {
    if (this.trsxBase && !this.tryPatch()) return this.trsxBase;
    if (!this.trsxBase || this.dirty) {
      this.trsxBase = parseTrsx(this.currentText);
      this.dirty = undefined;
      this.transition = undefined;
    }
    return this.trsxBase;
  }

  /** The current parse and, when the last update was incremental, the step that led to it. */
  trsxWithTransition(): { result: TrsxParseResult; transition?: TrsxTransition } {
    const result = this.trsx();
    return this.transition?.patch.result === result ? { result, transition: this.transition } : { result };
  }

  /**
   * The TRSX model as of the last successful parse, without parsing the current text in full: up to date when
   * the edits since allow an incremental update, otherwise the previous one (`current: false`; its names are
   * still useful to completion while the user is in the middle of typing markup, its offsets are not).
   */
  trsxForNames(): { result: TrsxParseResult; current: boolean } {
    if (this.trsxBase && this.dirty && this.tryPatch()) return { result: this.trsxBase, current: false };
    return { result: this.trsx(), current: true };
  }

  /** Applies pending edits incrementally when possible; true when edits remain that need a full parse. */
  private tryPatch(): boolean {
    const base = this.trsxBase;
    if (!base || !this.dirty) return false;
    const patch = patchTrsx(base, this.dirty, this.currentText);
    if (!patch) return true;
    this.trsxBase = patch.result;
    this.transition = { base, patch };
    this.dirty = undefined;
    return false;
  }

  /**
   * Names of the elements that enclose `offset` (start before it, end after it), outermost first. For TRSX this
   * works without a full parse while markup is half-written: before the edited span the last good tree still
   * holds, inside it the edited text is scanned on top of the elements open where it starts.
   */
  elementPathAt(offset: number): string[] {
    if (this.languageId === 'grxml') return enclosing(this.grxml().tree, offset).map(localName);
    const { result, current } = this.trsxForNames();
    const dirty = this.dirty;
    if (current || !dirty || offset <= dirty.start) return enclosing(result.tree, offset);
    if (offset <= dirty.end) return openElementsBetween(this.currentText, dirty.start, offset, enclosing(result.tree, dirty.oldStart));
    return enclosing(result.tree, offset - (dirty.end - dirty.oldEnd));
  }

  grxml(): GrxmlParseResult {
    this.grxmlResult ??= parseGrxml(this.currentText, this.path === undefined ? {} : { uri: this.path });
    return this.grxmlResult;
  }

  private replace(version: number, text: string, whole: boolean): void {
    this.currentText = text;
    this.currentVersion = version;
    this.lineIndex = undefined;
    this.grxmlResult = undefined;
    if (whole) {
      this.trsxBase = undefined;
      this.dirty = undefined;
      this.transition = undefined;
    }
  }
}

function enclosing(tree: XmlDocument, offset: number): string[] {
  return positionIn(tree, offset).path.filter((el) => el.range.start < offset).map((el) => el.name);
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
