// Status of a pulled workspace: local against the base (hash every file; parse only those that differ) and,
// when a client is given, remote against the base (the last export while the platform says the project has not
// changed since, see remoteDigest.ts; else a fresh export). Ahead, behind and conflict follow.
import type { PlatformClient } from '../platform/client';
import { classifyPackagePath } from '../package/layout';
import type { Progress } from '../progress';
import { comparePackages, meaningfulChanges, type FileChange } from './compare';
import { HashCache } from './hashCache';
import { FolderFiles } from './packageFiles';
import { readPendingPush } from './pendingPush';
import { settlePendingPush, type PullResult } from './pull';
import { requireSameConnection } from './remote';
import { currentRemote, fetchRemoteKey } from './remoteDigest';
import { requireWorkspaceState, type ConflictRecord, type WorkspaceState } from './workspace';
import { WorkspacePaths } from '../workspace/workspacePaths';

export type SyncState = 'clean' | 'ahead' | 'behind' | 'diverged' | 'conflict';

export interface WorkspaceStatus {
  readonly root: string;
  readonly state: WorkspaceState;
  /** Local changes against the base (reformatted TRSX files included, flagged). */
  readonly local: FileChange[];
  /** Remote changes against the base; undefined when the remote was not checked. */
  readonly remote?: FileChange[];
  readonly remoteCheckedAt?: string;
  readonly conflicts: readonly ConflictRecord[];
  /** Files with local changes that mean something. */
  readonly ahead: number;
  /** Files changed on the remote; undefined when not checked. */
  readonly behind?: number;
  readonly sync: SyncState;
  /** An earlier push whose outcome was unknown, settled (a pull) before comparing; only with a client. */
  readonly settled?: PullResult;
  /** Offline: an earlier push's outcome is still unknown (the base may lag behind the platform). */
  readonly pendingPush: boolean;
}

export interface StatusOptions {
  readonly signal?: AbortSignal;
  readonly progress?: Progress;
  /** Also compare the remote with the base: the export on disk when the platform says nothing changed since, else a fresh one. */
  readonly client?: PlatformClient;
  /** File level only (no TRSX parsing). */
  readonly fileLevelOnly?: boolean;
}

export async function workspaceStatus(dir: string, options: StatusOptions = {}): Promise<WorkspaceStatus> {
  const paths = new WorkspacePaths(dir);
  let settled: PullResult | undefined;
  if (options.client) {
    requireSameConnection(options.client, await requireWorkspaceState(paths), paths.root);
    settled = await settlePendingPush(options.client, dir, { signal: options.signal, progress: options.progress });
  }
  const state = await requireWorkspaceState(paths);
  // The platform's key is asked for while the local files are read: the first request of a process also compiles
  // the HTTP parser, which then overlaps the file reads instead of following them.
  const asked = options.client
    ? fetchRemoteKey(options.client, state.projectId, options.signal).then(
        (r) => ({ ok: true as const, key: r.key }),
        (error: unknown) => ({ ok: false as const, error }),
      )
    : undefined;
  const base = new FolderFiles(paths.baseDir, 'the base');
  const hashes = await HashCache.load(paths);
  const local = await comparePackages(base, new FolderFiles(paths.root, 'the workspace'), {
    signal: options.signal,
    progress: options.progress,
    beforeRecords: state.base,
    fileLevelOnly: options.fileLevelOnly,
    afterHashes: hashes,
  });
  await hashes.save();
  let remote: FileChange[] | undefined;
  let remoteCheckedAt: string | undefined;
  if (options.client && asked) {
    requireSameConnection(options.client, state, paths.root);
    const key = await asked;
    if (!key.ok) throw key.error;
    // Status only reads: on a read-only folder the export is read from the system's temp folder instead.
    const exported = await currentRemote(options.client, state, paths, { ...options, readOnly: true }, key.key);
    if (exported.atBase) remote = [];
    else {
      try {
        const visible = exported.restrictedVisible;
        const comparison = await comparePackages(base, exported.files, {
          signal: options.signal,
          beforeRecords: state.base,
          fileLevelOnly: options.fileLevelOnly,
          exclude: (p) => !visible && classifyPackagePath(p).restricted,
        });
        remote = meaningfulChanges(comparison.files);
      } finally {
        await exported.files.close();
      }
    }
    remoteCheckedAt = new Date().toISOString();
  }
  const ahead = meaningfulChanges(local.files).length;
  const behind = remote?.length;
  const pendingPush = (await readPendingPush(paths)) !== undefined;
  return {
    root: paths.root,
    state,
    local: local.files,
    remote,
    remoteCheckedAt,
    conflicts: state.conflicts,
    ahead,
    behind,
    sync: syncState(ahead, behind, state.conflicts.length),
    settled,
    pendingPush,
  };
}

export function syncState(ahead: number, behind: number | undefined, conflicts: number): SyncState {
  if (conflicts > 0) return 'conflict';
  if (ahead > 0 && (behind ?? 0) > 0) return 'diverged';
  if (ahead > 0) return 'ahead';
  if ((behind ?? 0) > 0) return 'behind';
  return 'clean';
}
