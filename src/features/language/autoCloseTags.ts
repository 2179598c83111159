// Auto-closing tags while typing in TRSX and GrXML (language configurations cannot do it for XML): typing the `>`
// of an open tag inserts its close tag after the cursor; typing `</` completes the name of the element open
// there. Only for edits typed in the active editor, never for undo/redo or pasted text.
import * as vscode from 'vscode';
import type { LanguageServices } from '../../core/language/languageServices';
import { closeNameAfterSlash, closeTagAfterGt } from '../../core/language/xml/autoClose';
import { Disposable } from '../../host/lifecycle';
import type { Settings } from '../../host/settings';
import { languageOf } from './documentIds';
import type { DocumentSync } from './documentSync';

export class AutoCloseTags extends Disposable {
  constructor(private readonly services: LanguageServices, private readonly sync: DocumentSync, private readonly settings: Settings) {
    super();
    this._register(vscode.workspace.onDidChangeTextDocument((e) => this.onChange(e)));
  }

  private onChange(e: vscode.TextDocumentChangeEvent): void {
    if (!this.settings.value.language.autoCloseTags || !languageOf(e.document)) return;
    if (e.reason === vscode.TextDocumentChangeReason.Undo || e.reason === vscode.TextDocumentChangeReason.Redo) return;
    const [change] = e.contentChanges;
    if (e.contentChanges.length !== 1 || !change || change.rangeLength !== 0 || (change.text !== '>' && change.text !== '/')) return;
    const editor = vscode.window.activeTextEditor;
    if (!editor || editor.document !== e.document) return;
    const doc = e.document;
    const version = doc.version;
    const offset = change.rangeOffset + 1;
    // After the current change event has been handled everywhere (the services are synced by then).
    setTimeout(() => {
      if (doc.version !== version || this.isDisposed) return;
      const id = this.sync.ensure(doc);
      const held = this.services.documents.get(id);
      if (!held) return;
      const position = doc.positionAt(offset);
      if (change.text === '>') {
        const close = closeTagAfterGt(held.text, offset);
        if (close) void this.insert(editor, position, close, position);
      } else {
        const name = closeNameAfterSlash(held.text, offset, held.elementPathAt(offset - 2));
        if (name) void this.insert(editor, position, name, position.translate(0, name.length));
      }
    }, 0);
  }

  /** Inserts `text` at `at` as part of the same undo step as the typing, leaving the cursor at `cursor`. */
  private async insert(editor: vscode.TextEditor, at: vscode.Position, text: string, cursor: vscode.Position): Promise<void> {
    const done = await editor.edit((b) => b.insert(at, text), { undoStopBefore: false, undoStopAfter: false });
    if (done && editor.selections.length === 1) editor.selection = new vscode.Selection(cursor, cursor);
  }
}
