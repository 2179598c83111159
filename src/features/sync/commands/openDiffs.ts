// The diffs of one working file: against its base copy (what was pulled), and against the platform's current
// version (a fresh export, read through the `cstudio-zip:` file system). Also the diff of a file of the
// Package Comparison view.
import * as vscode from 'vscode';
import { relative, sep } from 'node:path';
import { downloadExport } from '../../../core/sync/remote';
import { findWorkspaceRoot, requireWorkspaceState } from '../../../core/sync/workspace';
import { WorkspacePaths } from '../../../core/workspace/workspacePaths';
import { CommandIds } from '../../../host/commandIds';
import type { Command } from '../../../host/commands';
import type { SyncCommandDeps } from '../syncDeps';
import { clientForState } from '../syncTargets';
import { baseUri, emptyUri, zipUri } from '../syncUris';

/** The working file a diff command is about: its argument (URI or resource state) or the active editor. */
async function workingFile(arg: unknown): Promise<{ file: string; root: string; path: string }> {
  const uri =
    arg instanceof vscode.Uri
      ? arg
      : (arg as { resourceUri?: unknown } | undefined)?.resourceUri instanceof vscode.Uri
        ? (arg as { resourceUri: vscode.Uri }).resourceUri
        : vscode.window.activeTextEditor?.document.uri;
  if (!uri || uri.scheme !== 'file') throw new Error('Open a file of a pulled project folder first.');
  const root = await findWorkspaceRoot(uri.fsPath);
  if (!root) throw new Error(`${uri.fsPath} is not inside a pulled project folder.`);
  return { file: uri.fsPath, root, path: relative(root, uri.fsPath).split(sep).join('/') };
}

export class OpenBaseDiffCommand implements Command {
  readonly id = CommandIds.syncOpenBaseDiff;

  async execute(arg?: unknown): Promise<void> {
    const { file, path } = await workingFile(arg);
    await vscode.commands.executeCommand(
      'vscode.diff',
      baseUri(file),
      vscode.Uri.file(file),
      `${path} (base ↔ working)`,
      { preview: true },
    );
  }
}

export class OpenRemoteDiffCommand implements Command {
  readonly id = CommandIds.syncOpenRemoteDiff;
  constructor(private readonly deps: SyncCommandDeps) {}

  async execute(arg?: unknown): Promise<void> {
    const { file, root, path } = await workingFile(arg);
    const paths = new WorkspacePaths(root);
    const state = await requireWorkspaceState(paths);
    const client = await clientForState(this.deps, state);
    const has = await this.deps.prompter.withProgress(
      { title: `Exporting ${state.projectName ?? state.projectId}` },
      async (progress, signal) => {
        const remote = await downloadExport(client, state.projectId, paths, { progress, signal });
        try {
          return remote.files.archive.has(path);
        } finally {
          await remote.files.close();
        }
      },
    );
    await this.deps.zipFs.invalidate(paths.remoteZip);
    await vscode.commands.executeCommand(
      'vscode.diff',
      has ? zipUri(paths.remoteZip, path) : emptyUri(path),
      vscode.Uri.file(file),
      `${path} (platform ↔ working)`,
      { preview: true },
    );
  }
}

export class OpenComparisonDiffCommand implements Command {
  readonly id = CommandIds.syncOpenComparisonDiff;
  constructor(private readonly deps: SyncCommandDeps) {}

  async execute(arg?: unknown): Promise<void> {
    const path = (arg as { path?: unknown } | undefined)?.path;
    if (typeof path !== 'string') throw new Error('Choose a file in the Package Comparison view.');
    await this.deps.comparison.openDiff(path);
  }
}
