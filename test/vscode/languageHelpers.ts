// Helpers of the language suites: files of the test workspace (a temp copy of test/fixtures/workspace), the
// real-world corpus beside the repository, opening documents in an editor and finding positions by text.
import * as vscode from 'vscode';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

export function workspaceFile(...parts: string[]): string {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder) throw new Error('the extension-host tests run with the test workspace open');
  return join(folder.uri.fsPath, ...parts);
}

function repoRoot(): string {
  let dir = __dirname;
  while (!existsSync(join(dir, 'package.json'))) {
    const up = dirname(dir);
    if (up === dir) throw new Error(`no package.json above ${__dirname}`);
    dir = up;
  }
  return dir;
}

/** `<repo root>/../shared/corpus/<folder>`, or undefined when the corpus is absent. */
export function corpusPath(folder: string): string | undefined {
  const dir = join(repoRoot(), '..', 'shared', 'corpus', folder);
  return existsSync(dir) ? dir : undefined;
}

export async function openLanguageDocument(path: string): Promise<vscode.TextDocument> {
  const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(path));
  await vscode.window.showTextDocument(doc, { preview: false });
  return doc;
}

/** The position of the `occurrence`-th `needle` in `doc`, moved `delta` characters. */
export function positionOf(doc: vscode.TextDocument, needle: string, delta = 0, occurrence = 0): vscode.Position {
  const text = doc.getText();
  let at = -1;
  for (let i = 0; i <= occurrence; i++) {
    at = text.indexOf(needle, at + 1);
    if (at === -1) throw new Error(`"${needle}" (#${occurrence}) not found in ${doc.uri.fsPath}`);
  }
  return doc.positionAt(at + delta);
}

export async function textAt(location: vscode.Location): Promise<string> {
  const doc = await vscode.workspace.openTextDocument(location.uri);
  return doc.getText(location.range);
}

/** Puts `doc` back to `text` and saves it (whatever editor is active), so later tests see the fixture as written. */
export async function restoreDocument(doc: vscode.TextDocument, text: string): Promise<void> {
  if (doc.getText() !== text) {
    const edit = new vscode.WorkspaceEdit();
    edit.replace(doc.uri, new vscode.Range(doc.positionAt(0), doc.positionAt(doc.getText().length)), text);
    await vscode.workspace.applyEdit(edit);
  }
  if (doc.isDirty) await doc.save();
}
