// Read-only text content of the sync feature: base copies (`cstudio-base:`), the empty side of a diff and the
// feature's own documents such as a push plan (`cstudio-sync:`, held by host/readOnlyDocuments.ts). Base documents
// are refreshed when a pull or push rewrites the base.
import * as vscode from 'vscode';
import { readFile } from 'node:fs/promises';
import { relative, sep } from 'node:path';
import { isInside } from '../../core/fs/pathInside';
import { findWorkspaceRoot } from '../../core/sync/workspace';
import { WorkspacePaths } from '../../core/workspace/workspacePaths';
import { Disposable } from '../../host/lifecycle';
import { ReadOnlyDocuments } from '../../host/readOnlyDocuments';
import { BASE_SCHEME, SYNC_SCHEME } from './documentIds';
import { baseUri } from './syncUris';

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

/** Documents the feature writes (`/Push Plan`, outcomes) and the empty side of diffs (`/empty/…`, never written). */
export function syncDocuments(): ReadOnlyDocuments {
  return new ReadOnlyDocuments({ scheme: SYNC_SCHEME, gone: () => '' });
}
