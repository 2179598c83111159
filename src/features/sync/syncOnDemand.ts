// What activation keeps of the sync feature: a shell for each command, and the watch for its first use without
// one. The feature (dist/syncFeature.js, with core/sync and the TRSX model) loads on the first sync command, when
// the window holds a pulled project folder (at a workspace folder's root or one level below, where the Source
// Control view and status bar show it) or one appears, and at once when an editor or workspace folder uses one of
// its own URI schemes (its file system and documents must be there when VS Code restores them).
import * as vscode from 'vscode';
import { join } from 'node:path';
import { STATE_DIR, STATE_FILE } from '../../core/workspace/workspacePaths';
import { isPulledFolder } from '../../core/workspace/pulledFolder';
import type { Logger } from '../../core/logger';
import { commandIdsIn } from '../../host/commandIds';
import { FeatureOnDemand, type PlatformShellDeps } from '../../host/featureOnDemand';
import { Disposable } from '../../host/lifecycle';
import { separateBundle } from '../../host/separateBundle';
import type * as SyncModule from './syncFeature';
import { BASE_SCHEME, SYNC_SCHEME, ZIP_SCHEME } from './documentIds';
import type { SyncFeature, SyncFeatureDeps } from './syncFeature';

export const SYNC_COMMAND_IDS = commandIdsIn('sync');

const SYNC_SCHEMES = new Set([BASE_SCHEME, ZIP_SCHEME, SYNC_SCHEME]);

export type SyncOnDemandDeps = PlatformShellDeps<SyncFeatureDeps>;

function usesSyncScheme(): boolean {
  const folders = (vscode.workspace.workspaceFolders ?? []).map((f) => f.uri);
  const tabs = vscode.window.tabGroups.all
    .flatMap((g) => g.tabs)
    .flatMap((t) => {
      const input = t.input;
      if (input instanceof vscode.TabInputText) return [input.uri];
      if (input instanceof vscode.TabInputTextDiff) return [input.original, input.modified];
      return [];
    });
  return [...folders, ...tabs].some((uri) => SYNC_SCHEMES.has(uri.scheme));
}

async function hasPulledFolder(): Promise<boolean> {
  for (const folder of vscode.workspace.workspaceFolders ?? []) {
    if (folder.uri.scheme !== 'file') continue;
    if (await isPulledFolder(folder.uri.fsPath)) return true;
    const below = await vscode.workspace.fs.readDirectory(folder.uri).then(
      (entries) => entries,
      () => [],
    );
    for (const [name, type] of below) {
      if (type === vscode.FileType.Directory && (await isPulledFolder(join(folder.uri.fsPath, name)))) return true;
    }
  }
  return false;
}

export class SyncOnDemand extends Disposable {
  readonly feature: FeatureOnDemand<SyncFeature>;
  private readonly logger: Logger;

  constructor({ bundlePath, commands, registry, ...deps }: SyncOnDemandDeps) {
    super();
    this.logger = deps.logger;
    const bundle = separateBundle<typeof SyncModule>(bundlePath);
    this.feature = this._register(
      new FeatureOnDemand({
        name: 'Project sync',
        commandIds: SYNC_COMMAND_IDS,
        commands,
        start: (sink) => new (bundle().SyncFeature)({ ...deps, registry: registry(), commands: sink }),
      }),
    );
    if (usesSyncScheme()) {
      this.feature.load();
      return;
    }
    // A pull from the CLI in the terminal makes a pulled folder appear; the feature's own watcher takes over once loaded.
    const watcher = this._register(
      vscode.workspace.createFileSystemWatcher(`**/${STATE_DIR}/${STATE_FILE}`, false, true, true),
    );
    this._register(watcher.onDidCreate(() => this.loadInBackground()));
    this._register(
      vscode.workspace.onDidChangeWorkspaceFolders(() => {
        void this.lookForPulledFolders();
      }),
    );
    void this.lookForPulledFolders();
  }

  private async lookForPulledFolders(): Promise<void> {
    try {
      if (!this.feature.current && !this.isDisposed && (await hasPulledFolder())) this.loadInBackground();
    } catch (e) {
      this.logger.warn('could not look for pulled project folders', e);
    }
  }

  private loadInBackground(): void {
    if (this.feature.current || this.isDisposed) return;
    try {
      this.feature.load();
    } catch (e) {
      this.logger.error('could not load project sync', e);
    }
  }
}
