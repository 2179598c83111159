// Which pulled project folder a command acts on: the command's `{ folder }` argument, else the pulled project of
// the active editor's file, else the pulled projects found in the workspace (its folders and one level below),
// picked when there are several. Model Health and the Try panel ask here.
import * as vscode from 'vscode';
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { METADATA_FILE } from '../core/package/layout';
import { argObject } from './commands';
import type { Prompter } from './prompter';

export const isPulledProject = (dir: string): boolean => existsSync(join(dir, METADATA_FILE));

/** The pulled project folder holding `file` (its nearest ancestor that is one), else undefined. */
export function pulledProjectOf(file: string): string | undefined {
  for (let dir = dirname(file); ; dir = dirname(dir)) {
    if (isPulledProject(dir)) return dir;
    if (dirname(dir) === dir) return undefined;
  }
}

/** Pulled projects in the workspace: its folders, and their subfolders one level down. */
export async function workspaceProjects(): Promise<string[]> {
  const out: string[] = [];
  for (const f of vscode.workspace.workspaceFolders ?? []) {
    const root = f.uri.fsPath;
    if (isPulledProject(root)) { out.push(root); continue; }
    const entries = await readdir(root, { withFileTypes: true }).catch(() => []);
    for (const e of entries) if (e.isDirectory() && !e.name.startsWith('.') && isPulledProject(join(root, e.name))) out.push(join(root, e.name));
  }
  return out;
}

/** The folder to act on, or undefined when the user dismissed the pick. */
export async function pickPulledFolder(arg: unknown, prompter: Prompter, title: string): Promise<string | undefined> {
  const given = argObject(arg).folder;
  if (typeof given === 'string') {
    if (!isPulledProject(given)) throw new Error(`${given} is not a pulled project folder (no ${METADATA_FILE}); pull a project into it first.`);
    return given;
  }
  const active = vscode.window.activeTextEditor?.document.uri;
  const fromEditor = active?.scheme === 'file' ? pulledProjectOf(active.fsPath) : undefined;
  if (fromEditor) return fromEditor;
  const found = await workspaceProjects();
  if (found.length === 0) throw new Error('No pulled project folder is open (a folder with metadata.json); pull a project (Conversational Studio: Pull Project) or open its folder.');
  if (found.length === 1) return found[0];
  return prompter.pick(found.map((f) => ({ label: basename(f), description: f, value: f })), { title });
}
