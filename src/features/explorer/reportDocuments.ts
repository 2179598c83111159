// Read-only Markdown documents the explorer writes for reading (a build's report, a bot's integration
// details): served by a content provider under the `cstudio-report:` scheme, so they open without a save
// prompt and cannot be edited by mistake. Each instance owns its documents (no global state).
import * as vscode from 'vscode';
import { Disposable } from '../../host/lifecycle';

export const REPORT_SCHEME = 'cstudio-report';

export class ReportDocuments extends Disposable implements vscode.TextDocumentContentProvider {
  private readonly contents = new Map<string, string>();
  private readonly changed = this._register(new vscode.EventEmitter<vscode.Uri>());
  readonly onDidChange = this.changed.event;

  constructor() {
    super();
    this._register(vscode.workspace.registerTextDocumentContentProvider(REPORT_SCHEME, this));
  }

  /** Stores `markdown` as `cstudio-report:/<name>.md` (replacing an earlier one) and returns its URI. */
  put(name: string, markdown: string): vscode.Uri {
    const uri = vscode.Uri.from({ scheme: REPORT_SCHEME, path: `/${name.replace(/[\\/:*?"<>|]+/g, '-')}.md` });
    this.contents.set(uri.toString(), markdown);
    this.changed.fire(uri);
    return uri;
  }

  /** Opens a stored document as Markdown in an editor. */
  async open(uri: vscode.Uri): Promise<vscode.TextEditor> {
    const doc = await vscode.languages.setTextDocumentLanguage(await vscode.workspace.openTextDocument(uri), 'markdown');
    return vscode.window.showTextDocument(doc, { preview: true });
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.contents.get(uri.toString()) ?? `This report is no longer available (${uri.path}); run the command again to produce it.`;
  }
}
