// The pulled project folders of the window and their status. Folders are found at the root of each workspace
// folder and one level below it (`cstudio pull 1001` makes `./1001`); local status is recomputed (debounced)
// when files change, the remote side when a command checks it. Views listen to `onDidChange`.
import * as vscode from 'vscode';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { isInside } from '../../core/fs/pathInside';
import type { Logger } from '../../core/logger';
import type { PlatformClient } from '../../core/platform/client';
import type { FileChange } from '../../core/sync/compare';
import { syncState, workspaceStatus, type SyncState, type WorkspaceStatus } from '../../core/sync/status';
import { STATE_DIR, STATE_FILE } from '../../core/workspace/workspacePaths';
import { isPulledFolder } from '../../core/workspace/pulledFolder';
import { Disposable } from '../../host/lifecycle';

export interface RootStatus {
  readonly root: string;
  readonly status?: WorkspaceStatus;
  /** The last remote check, kept while the base it was made against is unchanged. */
  readonly remote?: { readonly files: FileChange[]; readonly checkedAt: string; readonly pulledAt: string };
  readonly error?: string;
  readonly sync: SyncState | 'unknown';
  readonly behind?: number;
}

const DEBOUNCE_MS = 400;

export class SyncModel extends Disposable {
  private readonly roots = new Map<string, RootStatus>();
  private readonly changed = this._register(new vscode.EventEmitter<string | undefined>());
  /** Fires with the root whose status changed (undefined: the set of roots changed). */
  readonly onDidChange = this.changed.event;
  private timers = new Map<string, NodeJS.Timeout>();
  private scanning: Promise<void> | undefined;

  constructor(private readonly logger: Logger) {
    super();
    const watcher = this._register(vscode.workspace.createFileSystemWatcher('**/*'));
    const onFile = (uri: vscode.Uri): void => this.fileChanged(uri);
    this._register(watcher.onDidChange(onFile));
    this._register(watcher.onDidCreate(onFile));
    this._register(watcher.onDidDelete(onFile));
    this._register(
      vscode.workspace.onDidChangeWorkspaceFolders(() => {
        void this.rescan();
      }),
    );
    this._register({
      dispose: () => {
        for (const t of this.timers.values()) clearTimeout(t);
      },
    });
  }

  /** Pulled folders, sorted. */
  list(): RootStatus[] {
    return [...this.roots.values()].sort((a, b) => (a.root < b.root ? -1 : 1));
  }

  get(root: string): RootStatus | undefined {
    return this.roots.get(root);
  }

  /** The pulled folder holding `file`, if any. */
  rootOf(file: string): string | undefined {
    return this.list()
      .map((r) => r.root)
      .filter((r) => isInside(r, file, { orSelf: true }))
      .sort((a, b) => b.length - a.length)[0];
  }

  /** Finds the pulled folders of the window again and refreshes each one's local status. */
  rescan(): Promise<void> {
    this.scanning ??= this.doRescan().finally(() => {
      this.scanning = undefined;
    });
    return this.scanning;
  }

  /** Recomputes one folder's local status (and keeps a remote check made against the same base). */
  async refresh(root: string): Promise<RootStatus> {
    let next: RootStatus;
    try {
      const status = await workspaceStatus(root);
      const previous = this.roots.get(root)?.remote;
      const remote = previous && previous.pulledAt === status.state.pulledAt ? previous : undefined;
      const behind = remote?.files.length;
      next = {
        root,
        status,
        remote,
        behind,
        sync: remote
          ? syncState(status.ahead, behind, status.conflicts.length)
          : status.conflicts.length > 0
            ? 'conflict'
            : 'unknown',
      };
    } catch (err) {
      this.logger.warn(`status of ${root} failed`, err);
      next = { root, error: err instanceof Error ? err.message : String(err), sync: 'unknown' };
    }
    this.roots.set(root, next);
    this.changed.fire(root);
    return next;
  }

  /**
   * After a pull, or a push whose base was refreshed: the base IS the platform's project now, so the remote side
   * is known (nothing to pull) without downloading the export again.
   */
  async remoteAtBase(root: string): Promise<RootStatus | undefined> {
    if (!this.roots.has(root)) return undefined; // not a folder of this window
    const local = await this.refresh(root);
    if (!local.status) return local;
    const remote = { files: [], checkedAt: new Date().toISOString(), pulledAt: local.status.state.pulledAt };
    const next: RootStatus = {
      ...local,
      remote,
      behind: 0,
      sync: syncState(local.status.ahead, 0, local.status.conflicts.length),
    };
    this.roots.set(root, next);
    this.changed.fire(root);
    return next;
  }

  /** Local and remote status; the remote check downloads the project's current export. */
  async checkRemote(root: string, client: PlatformClient, signal?: AbortSignal): Promise<RootStatus> {
    const status = await workspaceStatus(root, { client, signal });
    const next: RootStatus = {
      root,
      status,
      behind: status.behind,
      sync: status.sync,
      remote: {
        files: status.remote ?? [],
        checkedAt: status.remoteCheckedAt ?? new Date().toISOString(),
        pulledAt: status.state.pulledAt,
      },
    };
    this.roots.set(root, next);
    this.changed.fire(root);
    return next;
  }

  private async doRescan(): Promise<void> {
    const found = new Set<string>();
    for (const folder of vscode.workspace.workspaceFolders ?? []) {
      if (folder.uri.scheme !== 'file') continue;
      const top = folder.uri.fsPath;
      if (await isPulledFolder(top)) found.add(top);
      const entries = await readdir(top, { withFileTypes: true }).catch(() => []);
      for (const e of entries) {
        if (e.isDirectory() && !e.name.startsWith('.') && (await isPulledFolder(join(top, e.name))))
          found.add(join(top, e.name));
      }
    }
    for (const root of [...this.roots.keys()]) if (!found.has(root)) this.roots.delete(root);
    this.changed.fire(undefined);
    await Promise.all([...found].map((root) => this.refresh(root)));
  }

  private fileChanged(uri: vscode.Uri): void {
    if (uri.scheme !== 'file') return;
    const path = uri.fsPath;
    if (path.endsWith(join(STATE_DIR, STATE_FILE))) {
      void this.rescan();
      return;
    }
    const root = this.rootOf(path);
    if (!root || isInside(join(root, STATE_DIR), path, { orSelf: true })) return;
    clearTimeout(this.timers.get(root));
    this.timers.set(
      root,
      setTimeout(() => {
        this.timers.delete(root);
        void this.refresh(root);
      }, DEBOUNCE_MS),
    );
  }
}
