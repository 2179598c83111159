// Read-only documents a feature writes for reading (a build report, a grammar test's results, a record's JSON, a
// push plan): held in memory and served by a content provider under the feature's own scheme, so VS Code opens
// them without a save prompt, nothing can be edited by mistake and nothing is written to disk. The one provider
// of its kind; each instance owns its documents (no global state).
import * as vscode from 'vscode';
import { Disposable } from './lifecycle';

export interface ReadOnlyDocumentsOptions {
  readonly scheme: string;
  /** The text of a URI that is not (or no longer) held: what to do to see it again, or '' (a diff's empty side). */
  readonly gone: (uri: vscode.Uri) => string;
  /** How many documents are held; the one written longest ago goes first. Unbounded when absent. */
  readonly keep?: number;
  /** The language documents open in (default: by the path's extension, as VS Code does). */
  readonly language?: string;
}

export class ReadOnlyDocuments extends Disposable implements vscode.TextDocumentContentProvider {
  private readonly contents = new Map<string, string>();
  private readonly changed = this._register(new vscode.EventEmitter<vscode.Uri>());
  readonly onDidChange = this.changed.event;
  private written = 0;

  constructor(private readonly options: ReadOnlyDocumentsOptions) {
    super();
    this._register(vscode.workspace.registerTextDocumentContentProvider(options.scheme, this));
  }

  /**
   * Stores `text` at `path` (`/…`), replacing what was there (an open editor of it reloads), and returns its URI.
   * With `fresh`, each call makes a new document instead, so one shown earlier stays as it was.
   */
  put(path: string, text: string, how: { fresh?: boolean } = {}): vscode.Uri {
    const uri = vscode.Uri.from({
      scheme: this.options.scheme,
      path,
      ...(how.fresh ? { query: String(++this.written) } : {}),
    });
    const key = uri.toString();
    this.contents.delete(key);
    this.contents.set(key, text);
    const keep = this.options.keep ?? Infinity;
    while (this.contents.size > keep) this.contents.delete(this.contents.keys().next().value as string);
    this.changed.fire(uri);
    return uri;
  }

  /** Opens a stored document in a preview editor, `beside` the active one (keeping the focus there) or in it. */
  async open(uri: vscode.Uri, how: { beside?: boolean } = {}): Promise<vscode.TextEditor> {
    let doc = await vscode.workspace.openTextDocument(uri);
    if (this.options.language && doc.languageId !== this.options.language)
      doc = await vscode.languages.setTextDocumentLanguage(doc, this.options.language);
    return vscode.window.showTextDocument(
      doc,
      how.beside ? { viewColumn: vscode.ViewColumn.Beside, preview: true, preserveFocus: true } : { preview: true },
    );
  }

  /** `put` then `open`; returns the document's URI. */
  async show(path: string, text: string, how: { fresh?: boolean; beside?: boolean } = {}): Promise<vscode.Uri> {
    const uri = this.put(path, text, how);
    await this.open(uri, how);
    return uri;
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.contents.get(uri.toString()) ?? this.options.gone(uri);
  }
}
