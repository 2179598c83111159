// Refreshing the base after a push from what it sent, not from a new export. When an append push sent every
// local change (nothing left out of the plan) and every job completed, the remote now means what the local
// files mean: the changed files become the base as they were read for the plan, and the platform's key
// fetched after the jobs is recorded as "the remote is the base" (remoteDigest.ts), so status and the next
// push compare hashes instead of downloading. The platform is trusted with this only when it shows that
// nothing but our own jobs touched the project since the key checked before sending:
//   - every job of the project now is ours or was already ended when listed just before that check (so its
//     effect is in the base);
//   - the project's updateTime moved, but not past the end of our last job (no edit landed after it).
// Anything else (an edited file, a foreign job, a missing time) answers `undefined`: the caller downloads the
// export and merges it as a pull does. What this cannot see is a direct (non-job) edit made by someone else
// while our jobs ran; the next change of the key brings its export, and a pull merges it.
import { stat } from 'node:fs/promises';
import type { PlatformClient } from '../platform/client';
import { isTerminalJobStatus } from '../platform/jobPoller';
import type { Job } from '../platform/types';
import type { FileChange } from './compare';
import { sha256 } from './hashing';
import { HashCache } from './hashCache';
import { recordBaseCopies } from './baseCheck';
import { FolderFiles } from './packageFiles';
import type { PullResult } from './pull';
import { PullTransaction } from './pullTransaction';
import type { PushPlan } from './pushPlan';
import { fetchRemoteKey, recordRemoteAsBase, type RemoteKey } from './remoteDigest';
import { METADATA_FILE } from '../package/layout';
import { workspaceStateText, type BaseFileRecord, type WorkspaceState } from './workspace';
import type { WorkspacePaths } from '../workspace/workspacePaths';

/** A local file's stat, taken before the plan read it: unchanged at refresh means the same bytes. */
export interface FileStamp {
  readonly size: number;
  readonly mtimeMs: number;
  readonly ino: number;
}

/** Stamps of the workspace's package files, taken before they are compared with the base. */
export async function stampFiles(paths: WorkspacePaths, files: readonly string[]): Promise<Map<string, FileStamp>> {
  const stamps = new Map<string, FileStamp>();
  for (const path of files) {
    const info = await stat(paths.file(path)).catch(() => undefined);
    if (info) stamps.set(path, { size: info.size, mtimeMs: info.mtimeMs, ino: info.ino });
  }
  return stamps;
}

export interface SentPush {
  readonly paths: WorkspacePaths;
  readonly state: WorkspaceState;
  readonly plan: PushPlan;
  /** Local files that differed from the base when the plan was made. */
  readonly changes: readonly FileChange[];
  readonly stamps: ReadonlyMap<string, FileStamp>;
  /** The platform's key when the remote was last seen at the base, just before sending. */
  readonly keyBefore: RemoteKey;
  /** Our jobs, all COMPLETED. */
  readonly jobs: readonly Job[];
  /** Jobs of the project that had ended when listed, before the remote was last checked (see `endedJobs`). */
  readonly endedBefore: ReadonlySet<string>;
}

/** How many jobs of the project are looked through for a foreign one before giving up (and downloading). */
const MAX_JOBS_LISTED = 1000;

/** What a push would refresh the base from, before its operations run. */
export type StagingInput = Pick<SentPush, 'paths' | 'state' | 'plan' | 'changes' | 'stamps'>;

/**
 * The sent files staged as the new base in a pull transaction, while the push's jobs run (copying and hashing a
 * 25 MB TRSX and flushing it to disk take hundreds of ms, spent beside the job wait instead of after it).
 * Nothing is committed until `refreshFromSent` has the platform's word; a failed or stopped push abandons it, and a
 * killed one leaves a staging folder without commit record, which the next command rolls back.
 */
export class StagedBase {
  private constructor(
    private readonly txn: PullTransaction,
    private readonly newBase: Record<string, BaseFileRecord>,
  ) {}

  /** Stages the changed files as the plan read them; undefined when a refresh from them is impossible. */
  static async stage(input: StagingInput): Promise<StagedBase | undefined> {
    const { paths, state, plan, changes } = input;
    if (plan.mode !== 'append' || plan.notSent.length > 0 || changes.some((c) => c.change === 'removed'))
      return undefined;
    // The files as the plan read them: a stamp that moved means an edit since, whose bytes were not sent. The
    // system copies each file into the staged base; its hash (when the plan did not compute it) is taken from the
    // file after the copy, and the stamp checked unchanged after both, so copy and hash hold the bytes sent.
    const local = new FolderFiles(paths.root, 'the workspace');
    const newBase: Record<string, BaseFileRecord> = { ...state.base };
    const txn = await PullTransaction.begin(paths);
    try {
      for (const change of changes) {
        if (!(await stampUnchanged(input, change.path))) return await abandoned(txn);
        await txn.putCopy('base', change.path, paths.file(change.path));
        const hash = change.hash ?? (await local.hash(change.path));
        if (hash === undefined || !(await stampUnchanged(input, change.path))) return await abandoned(txn);
        newBase[change.path] = { hash };
      }
    } catch (err) {
      await txn.abandon();
      throw err;
    }
    return new StagedBase(txn, newBase);
  }

  /** Drops what was staged (nothing once committed). */
  abandon(): Promise<void> {
    return this.txn.abandon();
  }

  /** Adds the platform's metadata.json (when not edited locally), commits and records the remote as the base. */
  async commit(input: StagingInput, after: RemoteKey, metadataText: string): Promise<void> {
    const { paths, state, changes } = input;
    const newBase = this.newBase;
    // Looked at now, after the jobs: an edit made while they ran is kept.
    const metadataLocal = await new FolderFiles(paths.root, 'the workspace').read(METADATA_FILE);
    const metadataUntouched =
      metadataLocal !== undefined &&
      state.base[METADATA_FILE]?.hash === sha256(metadataLocal) &&
      !changes.some((c) => c.path === METADATA_FILE);
    try {
      // The push moved the project's metadata.json (its lastModified): take it from the metadata export fetched for
      // the key, into the folder and the base, unless it is edited locally (then the next pull merges it).
      if (metadataUntouched) {
        const metadata = new TextEncoder().encode(metadataText);
        newBase[METADATA_FILE] = { hash: sha256(metadata) };
        await this.txn.put('base', METADATA_FILE, metadata);
        await this.txn.put('work', METADATA_FILE, metadata);
      }
      await this.txn.commit(
        workspaceStateText({
          ...withoutVersion(state),
          pulledAt: new Date().toISOString(),
          base: newBase,
          conflicts: [],
        }),
      );
    } catch (err) {
      await this.txn.abandon();
      throw err;
    }
    // Two separate files, written side by side (each atomic; neither is needed for the other to be right).
    await Promise.all([
      recordRemoteAsBase(
        paths,
        after,
        Object.fromEntries(Object.entries(newBase).map(([p, r]) => [p, r.hash])),
        state.restrictedVisible,
      ),
      this.recordHashes(input, metadataUntouched),
    ]);
  }

  /**
   * Status then knows the pushed files as the base without reading them again, when they are still as sent (and
   * their mtime has settled): a file edited since the copy is left to be hashed again.
   */
  private async recordHashes(input: StagingInput, metadataUntouched: boolean): Promise<void> {
    const { paths, changes } = input;
    const hashes = await HashCache.load(paths);
    for (const change of changes) {
      if (await stampUnchanged(input, change.path))
        await hashes.record(change.path, paths.file(change.path), this.newBase[change.path]?.hash ?? '');
    }
    if (metadataUntouched)
      await hashes.record(METADATA_FILE, paths.file(METADATA_FILE), this.newBase[METADATA_FILE]?.hash ?? '');
    // The base copies committed above hold exactly these hashes: the next push's base check (baseCheck.ts) trusts them.
    const written = [...changes.map((c) => c.path), ...(metadataUntouched ? [METADATA_FILE] : [])];
    await recordBaseCopies(
      paths,
      hashes,
      Object.fromEntries(written.flatMap((p) => (this.newBase[p] ? [[p, this.newBase[p].hash]] : []))),
    );
    await hashes.save();
  }
}

/**
 * Commits the base staged from what was sent, or answers undefined when the platform's word is not enough: the
 * caller, which owns the staging, then abandons it, downloads the export and merges it as a pull does.
 */
export async function refreshFromSent(
  client: PlatformClient,
  sent: SentPush,
  staged: StagedBase,
  signal?: AbortSignal,
): Promise<PullResult | undefined> {
  const { state } = sent;
  const before = timeOf(sent.keyBefore.updateTime);
  const lastJobEnd = sent.jobs.reduce((m, j) => Math.max(m, timeOf(j.updateTime)), -Infinity);
  if (!Number.isFinite(before) || !Number.isFinite(lastJobEnd) || sent.jobs.length === 0) return undefined;
  // The key and the job list side by side: a foreign job that lands between them either moved the key past our
  // last job (refused below) or has not changed the remote yet (the key recorded then differs from the next one).
  const [{ key: after, metadata }, jobsNow] = await Promise.all([
    fetchRemoteKey(client, state.projectId, signal),
    endedJobs(client, state.projectId, signal),
  ]);
  const updated = timeOf(after.updateTime);
  if (!Number.isFinite(updated) || updated > lastJobEnd || updated <= before) return undefined;
  const known = new Set([...sent.jobs.map((j) => j.id), ...sent.endedBefore]);
  if (!jobsNow || [...jobsNow.all].some((id) => !known.has(id))) return undefined;
  await staged.commit(sent, after, metadata.text);
  return {
    root: sent.paths.root,
    projectId: state.projectId,
    fresh: false,
    updated: [],
    deleted: [],
    merged: [],
    keptLocal: [],
    conflicts: [],
  };
}

/** Whether the file still has the stamp it had when the plan read it. */
async function stampUnchanged(sent: Pick<SentPush, 'paths' | 'stamps'>, path: string): Promise<boolean> {
  const stamp = sent.stamps.get(path);
  const seen = (await stampFiles(sent.paths, [path])).get(path);
  return (
    stamp !== undefined &&
    seen !== undefined &&
    stamp.size === seen.size &&
    stamp.mtimeMs === seen.mtimeMs &&
    stamp.ino === seen.ino
  );
}

async function abandoned(txn: PullTransaction): Promise<undefined> {
  await txn.abandon();
  return undefined;
}

/**
 * The project's jobs (all of them, and those that had ended when listed), and how long the latest completed job of
 * each type took (to place the polls of the next one); undefined when there are too many to tell. Listed before the
 * remote check, an ended job's effect is in what that check saw.
 */
export async function endedJobs(
  client: PlatformClient,
  projectId: string,
  signal?: AbortSignal,
): Promise<{ all: Set<string>; ended: Set<string>; durations: Map<string, number> } | undefined> {
  const all = new Set<string>();
  const ended = new Set<string>();
  const latest = new Map<string, { created: number; ms: number }>();
  for await (const job of client.jobs.list(projectId, { signal })) {
    if (all.size >= MAX_JOBS_LISTED) return undefined;
    all.add(job.id);
    if (isTerminalJobStatus(job.status)) ended.add(job.id);
    const created = timeOf(job.createTime);
    const ms = timeOf(job.updateTime) - created;
    if (job.status !== 'COMPLETED' || job.type === undefined || !(ms >= 0)) continue;
    if ((latest.get(job.type)?.created ?? -Infinity) < created) latest.set(job.type, { created, ms });
  }
  return { all, ended, durations: new Map([...latest].map(([type, { ms }]) => [type, ms])) };
}

function timeOf(iso: string | undefined): number {
  return iso === undefined ? NaN : Date.parse(iso);
}

function withoutVersion(state: WorkspaceState): Omit<WorkspaceState, 'version'> {
  const { version: _version, ...rest } = state;
  return rest;
}
