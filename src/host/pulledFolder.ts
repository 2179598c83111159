// Which project folder a command acts on: the command's `{ folder }` argument, else the project folder of the
// active editor's file, else the project folders found in the workspace (its folders and one level below),
// picked when there are several. Model Health, the Try panel and NLU tests ask here. A project folder is
// core/package/projectFolder.ts's (metadata.json at the root; a pull or an unzipped export), not only a pulled one.
import * as vscode from 'vscode';
import { readdir } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { METADATA_FILE } from '../core/package/layout';
import { isProjectFolderSync, projectFolderOf } from '../core/package/projectFolder';
import { argObject } from './commands';
import type { Prompter } from './prompter';

/** Project folders in the workspace: its folders, and their subfolders one level down. */
export async function workspaceProjects(): Promise<string[]> {
  const out: string[] = [];
  for (const f of vscode.workspace.workspaceFolders ?? []) {
    const root = f.uri.fsPath;
    if (isProjectFolderSync(root)) {
      out.push(root);
      continue;
    }
    const entries = await readdir(root, { withFileTypes: true }).catch(() => []);
    for (const e of entries)
      if (e.isDirectory() && !e.name.startsWith('.') && isProjectFolderSync(join(root, e.name)))
        out.push(join(root, e.name));
  }
  return out;
}

/** The folder to act on, or undefined when the user dismissed the pick. */
export async function pickPulledFolder(arg: unknown, prompter: Prompter, title: string): Promise<string | undefined> {
  const given = argObject(arg).folder;
  if (typeof given === 'string') {
    if (!isProjectFolderSync(given))
      throw new Error(`${given} is not a pulled project folder (no ${METADATA_FILE}); pull a project into it first.`);
    return given;
  }
  const active = vscode.window.activeTextEditor?.document.uri;
  const fromEditor = active?.scheme === 'file' ? projectFolderOf(active.fsPath) : undefined;
  if (fromEditor) return fromEditor;
  const found = await workspaceProjects();
  if (found.length === 0)
    throw new Error(
      'No pulled project folder is open (a folder with metadata.json); pull a project (Conversational Studio: Pull Project) or open its folder.',
    );
  if (found.length === 1) return found[0];
  return prompter.pick(
    found.map((f) => ({ label: basename(f), description: f, value: f })),
    { title },
  );
}
