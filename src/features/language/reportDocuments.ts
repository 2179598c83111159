// Read-only documents that show grammar test reports (a virtual `cstudio-grammar-test:` scheme): plain text, so
// nothing in them can run, and they can be copied, searched and kept open beside the grammar.
import * as vscode from 'vscode';
import { Disposable } from '../../host/lifecycle';

export const REPORT_SCHEME = 'cstudio-grammar-test';
const KEPT = 20;

export class ReportDocuments extends Disposable implements vscode.TextDocumentContentProvider {
  private readonly contents = new Map<string, string>();
  private readonly changed = this._register(new vscode.EventEmitter<vscode.Uri>());
  readonly onDidChange = this.changed.event;
  private counter = 0;

  constructor() {
    super();
    this._register(vscode.workspace.registerTextDocumentContentProvider(REPORT_SCHEME, this));
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.contents.get(uri.toString()) ?? 'This report is no longer available; run the test again.';
  }

  /** Opens `text` beside the current editor under `title`. */
  async show(title: string, text: string): Promise<vscode.Uri> {
    const uri = vscode.Uri.from({ scheme: REPORT_SCHEME, path: `/${title}`, query: String(++this.counter) });
    this.contents.set(uri.toString(), text);
    while (this.contents.size > KEPT) this.contents.delete(this.contents.keys().next().value as string);
    const doc = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.Beside, preview: true, preserveFocus: true });
    return uri;
  }
}
