// Pull: export the project, then bring every package file of the workspace up to date without ever losing
// a local edit. Unchanged local files take the remote version; local edits stay; files changed on both
// sides merge item by item (TRSX); conflicts are listed and their local file is left untouched (unless the
// caller chose a side). Every write is staged and committed as one transaction (pullTransaction.ts), so an
// interruption leaves the old workspace or the new one. A push whose outcome is unknown (pendingPush.ts)
// is settled first: the project's running jobs end before the export is taken.
import { mkdir } from 'node:fs/promises';
import type { PlatformClient } from '../platform/client';
import { noProgress, throwIfAborted, type Progress } from '../progress';
import { classifyPackagePath } from '../package/layout';
import { sha256, StreamingHash } from './hashing';
import { FolderFiles, type PackageFiles } from './packageFiles';
import {
  downloadExport,
  removeTempFolders,
  requireSameConnection,
  type ExportOptions,
  type RemoteExport,
} from './remote';
import { fetchRemoteKey, previousExportEntries, recordRemoteExport } from './remoteDigest';
import type { ConflictPreference } from './semantic/trsxMerge';
import { decideFile, type FileDecision } from './threeWay';
import { LocalCopies } from './localCopies';
import { HashCache } from './hashCache';
import { recordBaseCopies } from './baseCheck';
import { checkPackageNames } from './writeFiles';
import { clearPendingPush, readPendingPush, waitForProjectJobs, type PendingOperation } from './pendingPush';
import { PullTransaction, removeStaleTemps } from './pullTransaction';
import { awaitLateRequests, type LateRequestOutcome } from './lateRequests';
import {
  WorkspaceError,
  readWorkspaceState,
  requireWritable,
  workspaceStateText,
  type BaseFileRecord,
  type ConflictRecord,
  type WorkspaceState,
} from './workspace';
import { WorkspacePaths } from '../workspace/workspacePaths';

export interface PullOptions {
  readonly signal?: AbortSignal;
  readonly progress?: Progress;
  /** How to settle conflicts; without it they are listed and their files left untouched. */
  readonly prefer?: ConflictPreference;
  /** Settle an earlier push without waiting for a request of it that may still arrive (it may then apply twice). */
  readonly force?: boolean;
}

export interface PullResult {
  readonly root: string;
  readonly projectId: string;
  /** True for the first pull into the folder. */
  readonly fresh: boolean;
  /** Files that took the remote version (written or deleted). */
  readonly updated: string[];
  readonly deleted: string[];
  /** Files rewritten with a merge of local edits and remote changes. */
  readonly merged: string[];
  /** Files whose local edits were kept as they are. */
  readonly keptLocal: string[];
  readonly conflicts: ConflictRecord[];
  /** Where local versions overridden by `prefer: 'remote'` were saved. */
  readonly savedLocalCopies?: string;
  /** An earlier push whose outcome was unknown, settled by this pull (its jobs waited for, the base refreshed). */
  readonly settledPush?: SettledPush;
}

export interface SettledPush {
  readonly operations: readonly PendingOperation[];
  /** Jobs of the project the pull waited for before exporting. */
  readonly jobsWaited: number;
  /** How a request of it that may still have been on its way settled (lateRequests.ts). */
  readonly late: LateRequestOutcome;
}

/** Pulls `projectId` (or, for a pulled folder, its own project) into `dir`. */
export async function pull(
  client: PlatformClient,
  dir: string,
  projectId: string | undefined,
  options: PullOptions = {},
): Promise<PullResult> {
  const paths = new WorkspacePaths(dir);
  const state = await readWorkspaceState(paths);
  if (state) {
    requireSameConnection(client, state, paths.root);
    if (projectId !== undefined && projectId !== state.projectId) {
      throw new WorkspaceError(
        `${paths.root} holds project ${state.projectId}; pull project ${projectId} into another folder.`,
        paths.root,
      );
    }
  }
  const id = projectId ?? state?.projectId;
  if (id === undefined)
    throw new WorkspaceError(
      `${paths.root} is not a pulled project folder; say which project to pull (cstudio pull <projectId> [dir]).`,
      paths.root,
    );
  await mkdir(paths.root, { recursive: true });
  await requireWritable(paths, 'a pull');
  const pending = state ? await readPendingPush(paths) : undefined;
  // A request of an earlier push that may still arrive settles first; then what it started must be on the remote
  // before the remote is compared with the base.
  const late: LateRequestOutcome = pending
    ? await awaitLateRequests(client, { ...pending, projectId: id }, options)
    : { kind: 'none' };
  const jobsWaited = pending ? await waitForProjectJobs(client, id, options) : 0;
  // The remote's version key before the export (see remoteDigest.ts), so a later status can reuse this export.
  const { key, project } = await fetchRemoteKey(client, id, options.signal);
  const knownStored = state ? await previousExportEntries(paths) : undefined;
  const remote = await downloadExport(client, id, paths, { ...options, knownStored });
  let result: PullResult;
  try {
    result = await integrate(
      client,
      paths,
      state,
      remote,
      { id, orgId: project.orgId, name: project.displayName },
      options,
    );
    await recordRemoteExport(paths, key, remote);
  } finally {
    await remote.files.close();
  }
  if (!pending) return result;
  await clearPendingPush(paths);
  return { ...result, settledPush: { operations: pending.operations, jobsWaited, late } };
}

/** Settles an earlier push whose outcome is unknown (a pull that waits for its jobs); undefined when none. */
export async function settlePendingPush(
  client: PlatformClient,
  dir: string,
  options: PullOptions = {},
): Promise<PullResult | undefined> {
  const paths = new WorkspacePaths(dir);
  if (!(await readPendingPush(paths))) return undefined;
  options.progress?.report({ message: 'An earlier push did not end cleanly; settling it with the platform first…' });
  return pull(client, dir, undefined, options);
}

/** A base refresh after a push or restore: the merge, or why it failed (reported, since the change itself went out). */
export type BaseRefresh =
  | { readonly ok: true; readonly result: PullResult }
  | { readonly ok: false; readonly error: string };

/**
 * Re-exports the project and merges it into the workspace (local edits kept), so the base matches the platform
 * again after a push or restore changed it. A failure says what failed, then `advice` (how the base catches up).
 */
export async function refreshBase(
  client: PlatformClient,
  paths: WorkspacePaths,
  state: WorkspaceState,
  options: ExportOptions,
  advice: string,
): Promise<BaseRefresh> {
  try {
    const remote = await downloadExport(client, state.projectId, paths, options);
    try {
      const project = { id: state.projectId, orgId: state.orgId, name: state.projectName };
      return { ok: true, result: await integrate(client, paths, state, remote, project, options) };
    } finally {
      await remote.files.close();
    }
  } catch (err) {
    return { ok: false, error: `${err instanceof Error ? err.message : String(err)}${advice}` };
  }
}

/**
 * Brings the workspace up to date with an export already on disk; the push uses it to refresh the base
 * after sending. Local edits are never lost.
 */
export async function integrate(
  client: PlatformClient,
  paths: WorkspacePaths,
  state: WorkspaceState | undefined,
  remote: RemoteExport,
  project: { id: string; orgId?: string; name?: string },
  options: PullOptions = {},
): Promise<PullResult> {
  // Local files are hashed through a small buffer and a sample edit is read around the change only (localFile
  // below), so a merge holds the base, the remote version and the windows: no copy of the local file.
  const local = new FolderFiles(paths.root, 'the workspace');
  const remoteNames = await remote.files.list();
  checkPackageNames(remoteNames);
  const oldBase = state?.base ?? {};
  const all = new Set([...remoteNames, ...Object.keys(oldBase), ...(await local.list(options.signal))]);
  const sorted = [...all].sort();
  const txn = await PullTransaction.begin(paths);
  const run = new Integration(paths, remote, options, txn, local, oldBase, {
    root: paths.root,
    projectId: project.id,
    fresh: state === undefined,
    updated: [],
    deleted: [],
    merged: [],
    keptLocal: [],
    conflicts: [],
  });
  const { result, newBase } = run;
  try {
    await run.decideAll(sorted);
    await run.stageBase();
    await txn.commit(
      workspaceStateText({
        connection: { name: client.connection.name, baseUrl: client.connection.baseUrl },
        orgId: project.orgId,
        projectId: project.id,
        projectName: project.name,
        pulledAt: new Date().toISOString(),
        exportFileName: remote.fileName,
        restrictedVisible: remote.restrictedVisible,
        base: newBase,
        conflicts: result.conflicts,
      }),
    );
  } catch (err) {
    await txn.abandon();
    throw err;
  }
  await removeStaleTemps(paths, sorted);
  await removeTempFolders(paths);
  // The base copies just renamed into place hold their records' hashes: the next push's base check need not read them.
  const hashes = await HashCache.load(paths);
  await recordBaseCopies(
    paths,
    hashes,
    Object.fromEntries([...run.baseStaged].flatMap((p) => (newBase[p] ? [[p, newBase[p].hash]] : []))),
  );
  await hashes.save();
  return run.copies.folder ? { ...result, savedLocalCopies: run.copies.folder } : result;
}

/** One integration's decisions, file by file, and the work and base copies it stages in its transaction. */
class Integration {
  readonly newBase: Record<string, BaseFileRecord> = {};
  readonly copies: LocalCopies;
  private readonly base: FolderFiles;
  private readonly progress: Progress;
  private readonly baseWritten = new Set<string>();
  /** Base copies this transaction writes (never an old copy kept as it was, which is the base check's to judge). */
  readonly baseStaged = new Set<string>();

  constructor(
    paths: WorkspacePaths,
    private readonly remote: RemoteExport,
    private readonly options: PullOptions,
    private readonly txn: PullTransaction,
    private readonly local: FolderFiles,
    private readonly oldBase: Readonly<Record<string, BaseFileRecord>>,
    readonly result: PullResult,
  ) {
    this.base = new FolderFiles(paths.baseDir, 'the base copy');
    this.copies = new LocalCopies(paths);
    this.progress = options.progress ?? noProgress;
  }

  /** Restricted files missing from an export the caller could not see them in are not deletions. */
  private inScope(path: string): boolean {
    return this.remote.restrictedVisible || !classifyPackagePath(path).restricted;
  }

  async decideAll(sorted: readonly string[]): Promise<void> {
    const { local, remote, base, options, oldBase, newBase } = this;
    for (const path of sorted) {
      throwIfAborted(options.signal);
      const record = oldBase[path];
      if (!this.inScope(path)) {
        if (record) newBase[path] = record;
        continue;
      }
      const localHash = await local.hash(path, options.signal);
      const remoteHash = await remote.files.hash(path, options.signal);
      const decision = await decideFile(
        {
          path,
          base: record,
          localHash,
          remoteHash,
          readBase: () => readVerified(base, path, record),
          readLocal: () => local.readTransient(path),
          readRemote: () => remote.files.readTransient(path, options.signal),
          localFile: localHash === undefined ? undefined : local.fullPath(path),
        },
        options.prefer,
      );
      const next = await this.applyDecision(decision, { path, record, localHash, remoteHash });
      if (next) newBase[path] = next;
      // The base copy is staged now, while the remote version is the entry just read (ZipFiles keeps the last).
      if (next && record?.hash !== next.hash) await this.stageBaseCopy(path);
      this.progress.report({ message: path, increment: 100 / sorted.length });
    }
  }

  /** Applies one decision to the local file and returns the path's new base record. */
  private async applyDecision(
    d: FileDecision,
    f: { path: string; record?: BaseFileRecord; localHash?: string; remoteHash?: string },
  ): Promise<BaseFileRecord | undefined> {
    const { path, record, localHash, remoteHash } = f;
    const { result, copies, local, remote, txn, options } = this;
    const remoteRecord = remoteHash === undefined ? undefined : { hash: remoteHash };
    switch (d.action) {
      case 'conflict':
        result.conflicts.push({ path, remoteHash, items: d.items });
        return record;
      case 'take': {
        if (d.overridesLocal && localHash !== undefined) await copies.save(path, await local.read(path));
        const data = remoteHash === undefined ? undefined : await remote.files.readTransient(path, options.signal);
        if (data) {
          await txn.put('work', path, data);
          if (record?.hash !== remoteHash) {
            await txn.put('base', path, data);
            this.baseStaged.add(path);
          }
          this.baseWritten.add(path);
          result.updated.push(path);
        } else if (localHash !== undefined) {
          txn.remove('work', path);
          result.deleted.push(path);
        }
        return remoteRecord;
      }
      case 'merge':
        if (d.conflictsResolved > 0 && options.prefer === 'remote') await copies.save(path, await local.read(path));
        await txn.putParts('work', path, d.parts);
        result.merged.push(path);
        return remoteRecord && d.same ? { ...remoteRecord, same: [sha256Parts(d.parts)] } : remoteRecord;
      case 'keep':
        if (localHash !== undefined && !d.same) result.keptLocal.push(path);
        if (record && record.hash === remoteHash) return record;
        return remoteRecord && d.same && localHash !== undefined && localHash !== remoteHash
          ? { ...remoteRecord, same: [localHash] }
          : remoteRecord;
    }
  }

  /** The remote version as the base copy of `path`, unless staged already. */
  private async stageBaseCopy(path: string): Promise<void> {
    if (this.baseWritten.has(path)) return;
    const data = await this.remote.files.readTransient(path, this.options.signal);
    if (data) {
      await this.txn.put('base', path, data);
      this.baseStaged.add(path);
    }
    this.baseWritten.add(path);
  }

  /** Base copies of every path whose base record changed (most staged already); base copies of paths no longer known go. */
  async stageBase(): Promise<void> {
    for (const [path, record] of Object.entries(this.newBase)) {
      if (this.oldBase[path]?.hash !== record.hash) await this.stageBaseCopy(path);
    }
    for (const path of Object.keys(this.oldBase)) {
      if (!(path in this.newBase)) this.txn.remove('base', path);
    }
  }
}

function sha256Parts(parts: readonly Uint8Array[]): string {
  const hash = new StreamingHash();
  for (const part of parts) hash.update(part);
  return hash.digest();
}

/** A base file's bytes, trusted only when they still match the recorded hash. */
async function readVerified(
  base: PackageFiles,
  path: string,
  record: BaseFileRecord | undefined,
): Promise<Uint8Array | undefined> {
  if (!record) return undefined;
  const data = await base.read(path);
  return data && sha256(data) === record.hash ? data : undefined;
}
