// Read-only text content of the sync feature: base copies (`cstudio-base:`), the empty side of a diff and the
// feature's own documents such as a push plan (`cstudio-sync:`). Base documents are refreshed when a pull or
// push rewrites the base.
import * as vscode from 'vscode';
import { readFile } from 'node:fs/promises';
import { relative, sep } from 'node:path';
import { isInside } from '../../core/fs/pathInside';
import { findWorkspaceRoot } from '../../core/sync/workspace';
import { WorkspacePaths } from '../../core/workspace/workspacePaths';
import { Disposable } from '../../host/lifecycle';
import { BASE_SCHEME, SYNC_SCHEME } from './documentIds';
import { baseUri, documentUri } from './syncUris';

export class BaseContentProvider extends Disposable implements vscode.TextDocumentContentProvider {
  private readonly changed = this._register(new vscode.EventEmitter<vscode.Uri>());
  readonly onDidChange = this.changed.event;

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const working = uri.with({ scheme: 'file' }).fsPath;
    const root = await findWorkspaceRoot(working);
    if (!root) return '';
    const path = relative(root, working).split(sep).join('/');
    const text = await readFile(new WorkspacePaths(root).baseFile(path), 'utf8').catch(() => '');
    return text;
  }

  /** Base copies under `root` changed: open base documents reload. */
  refresh(root: string): void {
    for (const doc of vscode.workspace.textDocuments) {
      if (doc.uri.scheme === BASE_SCHEME && isInside(root, doc.uri.fsPath)) this.changed.fire(doc.uri);
    }
  }

  static uriFor(workingFile: string): vscode.Uri {
    return baseUri(workingFile);
  }
}

/** Documents the feature writes (plans, outcomes) and the empty side of diffs. */
export class SyncDocuments extends Disposable implements vscode.TextDocumentContentProvider {
  private readonly texts = new Map<string, string>();
  private readonly changed = this._register(new vscode.EventEmitter<vscode.Uri>());
  readonly onDidChange = this.changed.event;

  provideTextDocumentContent(uri: vscode.Uri): string {
    if (uri.scheme !== SYNC_SCHEME || uri.path.startsWith('/empty/')) return '';
    return this.texts.get(uri.path) ?? '';
  }

  /** Sets a document's text and opens it (preview, beside nothing). */
  async show(name: string, text: string): Promise<vscode.TextDocument> {
    const uri = documentUri(name);
    this.texts.set(uri.path, text);
    this.changed.fire(uri);
    const doc = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(doc, { preview: true });
    return doc;
  }
}
