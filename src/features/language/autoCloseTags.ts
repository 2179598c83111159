// Auto-closing tags while typing in TRSX and GrXML (language configurations cannot do it for XML): typing the `>`
// of an open tag inserts its close tag after the cursor; typing `</` completes the name of the element open
// there. The language server says what to insert; only for edits typed in the active editor, never for undo/redo
// or pasted text.
import * as vscode from 'vscode';
import { Disposable } from '../../host/lifecycle';
import type { Settings } from '../../host/settings';
import { languageOf } from './documentIds';
import type { StudioLanguageClient } from './languageClient';

export class AutoCloseTags extends Disposable {
  constructor(private readonly client: StudioLanguageClient, private readonly settings: Settings) {
    super();
    this._register(vscode.workspace.onDidChangeTextDocument((e) => this.onChange(e)));
  }

  private onChange(e: vscode.TextDocumentChangeEvent): void {
    const language = languageOf(e.document);
    if (!this.settings.value.language.autoCloseTags || !language || language === 'dialog') return;
    if (e.reason === vscode.TextDocumentChangeReason.Undo || e.reason === vscode.TextDocumentChangeReason.Redo) return;
    const [change] = e.contentChanges;
    if (e.contentChanges.length !== 1 || !change || change.rangeLength !== 0 || (change.text !== '>' && change.text !== '/')) return;
    const editor = vscode.window.activeTextEditor;
    if (!editor || editor.document !== e.document) return;
    const doc = e.document;
    const version = doc.version;
    const position = doc.positionAt(change.rangeOffset + 1);
    const typed = change.text;
    // After every listener of this change event, the language client's included, has run: the server then has
    // the change before the request (the connection keeps the order of messages).
    setTimeout(() => {
      if (doc.version !== version || this.isDisposed) return;
      void this.client.autoClose(doc, position, typed).then(async (close) => {
        if (!close || doc.version !== version || this.isDisposed) return;
        const done = await editor.edit((b) => b.insert(position, close.text), { undoStopBefore: false, undoStopAfter: false });
        const cursor = position.translate(0, close.cursor);
        if (done && editor.selections.length === 1) editor.selection = new vscode.Selection(cursor, cursor);
      });
    }, 0);
  }
}
