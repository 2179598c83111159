// Auto-closing tags while typing in TRSX and GrXML (language configurations cannot do it for XML): typing the `>`
// of an open tag inserts its close tag after the cursor; typing `</` completes the name of the element open
// there. The language server says what to insert; only for keys typed in the active editor, never for undo/redo
// or pasted text.
//
// Fast typing (issue 26): the server's answer comes back after more keys were typed. An edit made then with
// `editor.edit` at the position seen at the key was refused (the version changed: close tags dropped at 30-60 ms a
// key), and when it did land, the cursor was put back by a second, later call while keys kept arriving, so they went
// on both sides of the close tag (`>arge</annotation>l`). Now a close tag goes where the cursor is, as a snippet
// whose final tab stop leaves the cursor in front of it: VS Code applies that in one step, and only on the document
// version it was given (a key arriving in between makes VS Code refuse it; the next key's event tries again). The
// cursor is known per document version: at the typed `>` or `/` (just after it), from the keyboard's selection event
// after each key, and after an insertion of ours (where its tab stop put it). Selection events not from the
// keyboard are not trusted: after a snippet the extension host first hears of the cursor after the inserted text,
// and of the tab stop's place only with the next key (code-server 4.139.1). Close tags go in the order their `>` were typed, so an inner element's lands in front of an outer one's;
// never inside a tag still being typed, not when the keys typed since hold that close tag already, and not after a
// click elsewhere.
import * as vscode from 'vscode';
import { Disposable } from '../../host/lifecycle';
import type { Settings } from '../../host/settings';
import { languageOf } from './documentIds';
import type { StudioLanguageClient } from './languageClient';

/** A `>` or `/` typed in a document, waiting for its close tag. */
interface Pending {
  readonly typed: '>' | '/';
  /** Offset just after the typed character, moved by edits before it. */
  start: number;
  /** What the server said to insert, once it answered; `cursor` is where the cursor goes in it. */
  close?: { readonly text: string; readonly cursor: number };
}

/** A document with keys waiting for close tags, in the order they were typed. */
interface Waiting {
  readonly editor: vscode.TextEditor;
  readonly list: Pending[];
  /** Where the cursor is (an offset) at document version `cursorVersion`. */
  cursor: number;
  cursorVersion: number;
  applying: boolean;
}

export class AutoCloseTags extends Disposable {
  private readonly waiting = new Map<vscode.TextDocument, Waiting>();

  constructor(
    private readonly client: StudioLanguageClient,
    private readonly settings: Settings,
  ) {
    super();
    this._register(vscode.workspace.onDidChangeTextDocument((e) => this.onChange(e)));
    this._register(vscode.workspace.onDidCloseTextDocument((doc) => this.waiting.delete(doc)));
    this._register(vscode.window.onDidChangeTextEditorSelection((e) => this.onSelection(e)));
  }

  private onChange(e: vscode.TextDocumentChangeEvent): void {
    if (e.contentChanges.length === 0) return;
    const doc = e.document;
    const w = this.waiting.get(doc);
    if (w) this.follow(w, e);
    const language = languageOf(doc);
    if (!this.settings.value.language.autoCloseTags || !language || language === 'dialog') return;
    if (e.reason === vscode.TextDocumentChangeReason.Undo || e.reason === vscode.TextDocumentChangeReason.Redo) return;
    const [change] = e.contentChanges;
    if (
      e.contentChanges.length !== 1 ||
      !change ||
      change.rangeLength !== 0 ||
      (change.text !== '>' && change.text !== '/')
    )
      return;
    const editor = vscode.window.activeTextEditor;
    if (!editor || editor.document !== doc || editor.selections.length !== 1) return;
    const entry: Pending = { typed: change.text, start: change.rangeOffset + 1 };
    const waiting = this.waiting.get(doc) ?? {
      editor,
      list: [],
      cursor: entry.start,
      cursorVersion: doc.version,
      applying: false,
    };
    if (waiting.editor !== editor) return;
    // A typed `>` or `/` is never part of an auto-closed pair: the cursor is right after it.
    waiting.cursor = entry.start;
    waiting.cursorVersion = doc.version;
    waiting.list.push(entry);
    this.waiting.set(doc, waiting);
    const position = doc.positionAt(entry.start);
    const alive = (): boolean => !this.isDisposed && this.waiting.get(doc)?.list.includes(entry) === true;
    // After every listener of this change event, the language client's included, has run: the server then has
    // the change before the request (the connection keeps the order of messages). Keys typed since do not move
    // the position asked about: they go after it.
    setTimeout(() => {
      if (!alive()) return;
      void this.client.autoClose(doc, position, entry.typed).then(
        (close) => {
          if (!alive()) return;
          if (close) entry.close = close;
          else this.drop(doc, entry);
          this.applyNext(doc);
        },
        () => {
          if (alive()) this.drop(doc, entry);
        },
      );
    }, 0);
  }

  /** Moves the waiting keys' offsets by a change; a change across one of them ends its wait. */
  private follow(w: Waiting, e: vscode.TextDocumentChangeEvent): void {
    for (const p of [...w.list]) {
      for (const c of e.contentChanges) {
        const end = c.rangeOffset + c.rangeLength;
        // Text typed at the start is typed after the key (it stays); a change reaching the key itself ends the wait.
        if (c.rangeOffset >= p.start) continue;
        if (end < p.start || (end === p.start && c.rangeLength === 0)) p.start += c.text.length - c.rangeLength;
        else {
          this.drop(e.document, p);
          break;
        }
      }
    }
  }

  private onSelection(e: vscode.TextEditorSelectionChangeEvent): void {
    const doc = e.textEditor.document;
    const w = this.waiting.get(doc);
    if (!w || w.editor !== e.textEditor) return;
    // A click elsewhere, or several cursors: not typing on where the keys were typed.
    if (e.kind === vscode.TextEditorSelectionChangeKind.Mouse) {
      this.waiting.delete(doc);
      return;
    }
    if (e.kind !== vscode.TextEditorSelectionChangeKind.Keyboard) return;
    const [only] = e.selections;
    if (e.selections.length !== 1 || !only?.isEmpty) {
      this.waiting.delete(doc);
      return;
    }
    w.cursor = doc.offsetAt(only.active);
    w.cursorVersion = doc.version;
    this.applyNext(doc);
  }

  private drop(doc: vscode.TextDocument, p: Pending): void {
    const w = this.waiting.get(doc);
    if (!w) return;
    const i = w.list.indexOf(p);
    if (i >= 0) w.list.splice(i, 1);
    if (w.list.length === 0 && !w.applying) this.waiting.delete(doc);
  }

  /** The oldest waiting close tag, once answered, where the cursor is now; the later ones wait for it. */
  private applyNext(doc: vscode.TextDocument): void {
    const w = this.waiting.get(doc);
    const p = w?.list[0];
    if (!w || !p?.close || w.applying || w.cursorVersion !== doc.version) return;
    const cursor = w.cursor;
    const active = doc.positionAt(cursor);
    if (p.typed === '/') {
      // After `</`, a key typed since makes the name the user's.
      if (cursor !== p.start) {
        this.drop(doc, p);
        this.applyNext(doc);
        return;
      }
    } else {
      const typed = doc.getText(new vscode.Range(doc.positionAt(p.start), active));
      if (typed.includes(p.close.text)) {
        this.drop(doc, p);
        this.applyNext(doc);
        return;
      } // closed by hand
      const tag = typed.lastIndexOf('<');
      if (tag > typed.lastIndexOf('>')) {
        // A close tag being typed (`</`) is the user's own closing: no auto-close for what it closes. Another tag
        // being typed: wait for its `>`.
        if (typed.startsWith('</', tag)) {
          this.drop(doc, p);
          this.applyNext(doc);
        }
        return;
      }
    }
    void this.insert(doc, w, p, p.close, active);
  }

  private async insert(
    doc: vscode.TextDocument,
    w: Waiting,
    p: Pending,
    close: NonNullable<Pending['close']>,
    at: vscode.Position,
  ): Promise<void> {
    if (vscode.window.activeTextEditor !== w.editor) {
      this.waiting.delete(doc);
      return;
    }
    const snippet = new vscode.SnippetString()
      .appendText(close.text.slice(0, close.cursor))
      .appendTabstop(0)
      .appendText(close.text.slice(close.cursor));
    const version = doc.version;
    const offset = doc.offsetAt(at);
    w.applying = true;
    let done = false;
    try {
      done = await w.editor.insertSnippet(snippet, at, { undoStopBefore: false, undoStopAfter: false });
    } catch {
      done = false; // the editor was closed
    } finally {
      w.applying = false;
    }
    if (this.waiting.get(doc) !== w) return;
    // Refused: a key arrived first; its selection event (now, or soon) tries again at the new cursor.
    if (done) {
      this.drop(doc, p);
      // Ours was the only change since: the cursor is where the tab stop put it. (After a key too, its event says.)
      if (doc.version === version + 1) {
        w.cursor = offset + close.cursor;
        w.cursorVersion = doc.version;
      }
    }
    if (w.list.length === 0) this.waiting.delete(doc);
    else this.applyNext(doc);
  }
}
