// Keeps the language services' documents (this thread) and the diagnostics worker's in step with the TRSX and
// GrXML documents open in VS Code: opened with their text, then changed edit by edit, closed when VS Code
// closes them. Listeners registered after the initial sync get every later change.
import * as vscode from 'vscode';
import type { LanguageServices } from '../../core/language/languageServices';
import type { OpenDocument } from '../../core/language/worker/protocol';
import { Disposable } from '../../host/lifecycle';
import { idOf, languageOf, pathOf } from './documentIds';

export interface DocumentMirror {
  open(doc: OpenDocument): void;
  change(id: string, version: number, changes: Array<{ start: number; end: number; text: string }>): void;
  close(id: string): void;
}

export class DocumentSync extends Disposable {
  private readonly changed = this._register(new vscode.EventEmitter<vscode.TextDocument>());
  /** A mirrored document changed (after the services saw the change). */
  readonly onDidChange = this.changed.event;
  private readonly closed = this._register(new vscode.EventEmitter<vscode.TextDocument>());
  readonly onDidClose = this.closed.event;

  constructor(private readonly services: LanguageServices, private readonly mirror: DocumentMirror) {
    super();
    this._register(vscode.workspace.onDidOpenTextDocument((d) => this.open(d)));
    this._register(vscode.workspace.onDidCloseTextDocument((d) => this.close(d)));
    this._register(vscode.workspace.onDidChangeTextDocument((e) => this.change(e)));
    for (const d of vscode.workspace.textDocuments) this.open(d);
  }

  /** The state a restarted worker needs: every mirrored document, or one of them. */
  snapshot(id?: string): OpenDocument[] {
    return vscode.workspace.textDocuments
      .filter((d) => languageOf(d) !== undefined && (id === undefined || idOf(d) === id))
      .map((d) => this.describe(d));
  }

  /** Makes sure the services hold `doc` at its current version (providers call this first). */
  ensure(doc: vscode.TextDocument): string {
    const id = idOf(doc);
    const held = this.services.documents.get(id);
    if (!held || held.version !== doc.version || held.languageId !== languageOf(doc)) this.open(doc);
    return id;
  }

  private describe(d: vscode.TextDocument): OpenDocument {
    const language = languageOf(d);
    if (!language) throw new Error(`${d.uri.toString()} is not a TRSX or GrXML document.`);
    const doc: OpenDocument = { id: idOf(d), languageId: language, version: d.version, text: d.getText() };
    const path = pathOf(d);
    if (path !== undefined) doc.path = path;
    return doc;
  }

  private open(d: vscode.TextDocument): void {
    if (!languageOf(d)) return;
    const doc = this.describe(d);
    this.services.documents.open(doc.id, doc.languageId, doc.version, doc.text, doc.path);
    this.services.projects.invalidate();
    this.mirror.open(doc);
    this.changed.fire(d);
  }

  private close(d: vscode.TextDocument): void {
    if (!languageOf(d)) return;
    const id = idOf(d);
    this.services.documents.close(id);
    this.services.projects.invalidate();
    this.mirror.close(id);
    this.closed.fire(d);
  }

  private change(e: vscode.TextDocumentChangeEvent): void {
    const d = e.document;
    if (!languageOf(d) || e.contentChanges.length === 0) return;
    const id = idOf(d);
    const held = this.services.documents.get(id);
    if (!held || held.languageId !== languageOf(d)) { this.open(d); return; }
    const changes = e.contentChanges.map((c) => ({ start: c.rangeOffset, end: c.rangeOffset + c.rangeLength, text: c.text }));
    try {
      held.update(d.version, changes);
    } catch {
      held.setText(d.version, d.getText()); // out of step (should not happen): take the editor's text
    }
    this.mirror.change(id, d.version, changes);
    this.changed.fire(d);
  }
}
