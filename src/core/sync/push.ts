// Push in two steps, as a wizard: `preparePush` checks everything and builds the plan without sending a
// thing (refusing when there are unresolved conflicts, invalid files, or remote changes since the base);
// the caller shows the plan and asks; `executePush` then locks (optionally), checks the remote once more,
// saves a backup before destructive operations, runs the operations, unlocks, and refreshes the base.
// The platform is asked once: the remote is judged by its version key (remoteDigest.ts), downloaded only when
// the key moved since the last export or refresh (or for a backup), and an append push that sent everything
// refreshes the base from what it sent (pushedBase.ts) instead of exporting the project again.
// Every push is recorded in .cstudio/pending-push.json until its outcome is known and the base refreshed;
// a push left unknown (Ctrl-C, kill, lost reply) is settled by the next push or status before anything
// else (pendingPush.ts), so nothing is sent twice.
import type { PlatformClient } from '../platform/client';
import { classifyPackagePath } from '../package/layout';
import { noProgress, type Progress } from '../progress';
import { buildAppendPlan } from './appendPlan';
import { requireSoundBase } from './baseCheck';
import { saveBackup, type BackupInfo } from './backups';
import { comparePackages, type FileChange } from './compare';
import { packWorkspace, type PackedUpload } from './packageUpload';
import { HashCache } from './hashCache';
import { FolderFiles } from './packageFiles';
import { analyzeChanges, type PlanContext } from './planContext';
import { refreshBase, settlePendingPush, type BaseRefresh, type PullResult } from './pull';
import { endedJobs, refreshFromSent, StagedBase, stampFiles, type FileStamp } from './pushedBase';
import { clearPendingPush, PushJournal, runningContentJobs } from './pendingPush';
import { testKillPoint } from './testKillPoints';
import { PushRefusedError } from './pushErrors';
import type { PushMode, PushPlan, ReplaceScope } from './pushPlan';
import { acquireLock, releaseLock, runOperations, type HeldLock, type OperationResult } from './pushRun';
import { downloadExport, requireSameConnection, type RemoteExport } from './remote';
import {
  checkRemoteAgainstBase,
  fetchRemoteKey,
  remoteStillAt,
  type RemoteCheck,
  type RemoteKey,
} from './remoteDigest';
import { buildReplacePlan } from './replacePlan';
import { formatProblem, validateLayout, validationErrors, type ValidationProblem } from './validation';
import { requireWorkspaceState, requireWritable, type WorkspaceState } from './workspace';
import { WorkspacePaths } from '../workspace/workspacePaths';
import { EntryScratch } from '../package/zipArchive';

export interface PreparePushOptions {
  readonly mode: PushMode;
  readonly scope?: ReplaceScope;
  /** Lock the project with these notes while pushing. */
  readonly lock?: { readonly notes: string };
  readonly signal?: AbortSignal;
  readonly progress?: Progress;
  /** Settle an earlier unknown push without waiting for a request of it that may still arrive (lateRequests.ts). */
  readonly force?: boolean;
}

export interface PreparedPush {
  readonly paths: WorkspacePaths;
  readonly state: WorkspaceState;
  readonly plan: PushPlan;
  /** Validation warnings (errors refuse the push). */
  readonly warnings: readonly ValidationProblem[];
  /** An earlier push whose outcome was unknown, settled before this plan was built. */
  readonly settled?: PullResult;
  /** The platform's key when the remote was seen at the base. */
  readonly remoteKey: RemoteKey;
  /** Jobs of the project that had ended when listed, just before `remoteKey` was fetched. */
  readonly endedBefore: ReadonlySet<string>;
  /** Every job of the project then (undefined: not listed): a job of a late request is none of these (lateRequests.ts). */
  readonly jobsBefore?: ReadonlySet<string>;
  /** How long the latest completed job of each type took, so the polls of ours are placed around its expected end. */
  readonly jobDurations: ReadonlyMap<string, number>;
  /** Local files that differ from the base, and the stamps they had when read for the plan. */
  readonly changes: readonly FileChange[];
  readonly stamps: ReadonlyMap<string, FileStamp>;
}

export async function preparePush(
  client: PlatformClient,
  dir: string,
  options: PreparePushOptions,
): Promise<PreparedPush> {
  const paths = new WorkspacePaths(dir);
  requireSameConnection(client, await requireWorkspaceState(paths), paths.root);
  // A push records its journal and refreshes the base: a folder it cannot write is refused before anything is sent.
  await requireWritable(paths, 'a push');
  const settled = await settlePendingPush(client, dir, {
    signal: options.signal,
    progress: options.progress,
    force: options.force,
  });
  const state = await requireWorkspaceState(paths);
  if (state.conflicts.length > 0) {
    throw new PushRefusedError(
      'conflicts',
      `The last pull left conflicts in ${state.conflicts.map((c) => c.path).join(', ')}; settle them first (pull again choosing a side: cstudio pull --keep-local or --take-remote).`,
    );
  }
  const progress = options.progress ?? noProgress;
  // Side by side with the local comparison: the project's jobs, then the platform's key. Jobs ended when listed
  // are in what the key shows (see pushedBase.ts); settled here so a failure waits for its turn below.
  const asked = (async () => {
    const jobs =
      options.mode === 'append'
        ? await endedJobs(client, state.projectId, options.signal).catch(() => undefined)
        : undefined;
    return {
      all: jobs?.all,
      ended: jobs?.ended ?? new Set<string>(),
      durations: jobs?.durations ?? new Map<string, number>(),
      key: (await fetchRemoteKey(client, state.projectId, options.signal)).key,
    };
  })().then(
    (r) => ({ ok: true as const, ...r }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  progress.report({ message: 'Comparing the workspace with the base…' });
  // One buffer for the workspace's files: a changed file is hashed in one read into it and read into it again for
  // the plan, never held twice.
  const local = new FolderFiles(paths.root, 'the workspace', new EntryScratch());
  const base = new FolderFiles(paths.baseDir, 'the base');
  const hashes = await HashCache.load(paths);
  // What the plan subtracts must be the base state.json records: a missing or damaged copy is restored or refused.
  await requireSoundBase(client, paths, state, hashes, { signal: options.signal, progress });
  const stamps = await stampFiles(paths, await local.list(options.signal));
  // Files unchanged since their hash was recorded (hashes.json) are not read; a file whose size differs from its
  // base copy is changed without being hashed (the new base's hash is taken beside the jobs, pushedBase.ts); the
  // hashes of other changed files are kept on their changes, so a refresh from what was sent need not read them again.
  const comparison = await comparePackages(base, local, {
    beforeRecords: state.base,
    fileLevelOnly: true,
    afterHashes: hashes,
    sizeShowsChange: true,
    signal: options.signal,
  });
  await hashes.save();
  // The remote is checked before the workspace's files are validated, while little is in memory (the first
  // download of a process also compiles the HTTP parser, tens of MB for a moment), but its refusal still comes
  // after the workspace's own: an invalid workspace is refused as such whatever the remote says or does.
  const platform = await asked;
  const remote = await (platform.ok
    ? checkRemoteAgainstBase(
        client,
        state,
        paths,
        { signal: options.signal, progress },
        (r) => remoteChanges(state, paths, r, options.signal),
        platform.key,
      )
    : Promise.reject(platform.error)
  ).then(
    (check) => ({ ok: true as const, check }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  progress.report({ message: 'Reading the changed files…' });
  const analyzed = await analyzeChanges(local, base, comparison.files, options.signal, options.mode === 'append');
  const problems = [...(await validateLayout(local, options.signal)), ...analyzed.problems];
  const errors = validationErrors(problems);
  if (errors.length > 0)
    throw new PushRefusedError(
      'invalid',
      `The workspace has ${errors.length} error(s); fix them before pushing:`,
      errors.slice(0, 20).map(formatProblem),
    );
  if (!remote.ok) throw remote.error;
  requireRemoteAtBase(state, remote.check);
  const ctx: PlanContext = {
    projectId: state.projectId,
    restrictedVisible: state.restrictedVisible,
    local,
    locales: analyzed.locales,
    otherFiles: analyzed.otherFiles,
  };
  progress.report({ message: 'Building the plan…' });
  const plan =
    options.mode === 'append'
      ? await buildAppendPlan(ctx, options.lock)
      : await buildReplacePlan(ctx, options.scope ?? 'auto', options.lock);
  return {
    paths,
    state,
    plan,
    warnings: problems.filter((p) => p.severity !== 'error'),
    settled,
    remoteKey: remote.check.key,
    endedBefore: platform.ok ? platform.ended : new Set(),
    jobsBefore: platform.ok ? platform.all : undefined,
    jobDurations: platform.ok ? platform.durations : new Map(),
    changes: comparison.files,
    stamps,
  };
}

export type PushStatus = 'completed' | 'partial' | 'failed' | 'nothing';

export interface PushOutcome {
  readonly status: PushStatus;
  readonly results: OperationResult[];
  readonly notAttempted: PushPlan['operations'];
  readonly backup?: BackupInfo;
  /** A problem releasing the lock, to show the user. */
  readonly lockProblem?: string;
  readonly refresh?: BaseRefresh;
  /**
   * Why the outcome is not settled yet (an operation whose effect is unknown, or the push was stopped): the
   * base was left as it was, and the next push or status settles it with the platform.
   */
  readonly pending?: string;
}

export interface ExecuteOptions {
  readonly signal?: AbortSignal;
  readonly progress?: Progress;
}

export async function executePush(
  client: PlatformClient,
  prepared: PreparedPush,
  options: ExecuteOptions = {},
): Promise<PushOutcome> {
  const { paths, state, plan } = prepared;
  if (plan.operations.length === 0) return { status: 'nothing', results: [], notAttempted: [] };
  const lock: HeldLock = plan.lock
    ? await acquireLock(client, state.projectId, plan.lock.notes, options.signal)
    : { acquired: false };
  // The check before sending and the refresh after hash their exports in the same buffers.
  const exportOptions = { ...options, scratch: new EntryScratch() };
  let backup: BackupInfo | undefined;
  let packed: PackedUpload | undefined;
  let run: Awaited<ReturnType<typeof runOperations>> | undefined;
  let lockProblem: string | undefined;
  let keyBefore = prepared.remoteKey;
  // Jobs ended before the key was checked are in what it saw; any other job found after ours is someone else's
  // (or ended since: then the refresh downloads).
  let endedBefore = prepared.endedBefore;
  let jobsBefore = prepared.jobsBefore;
  // The new base, staged from what is sent while the operations and their jobs run; committed only after them.
  let staging: Promise<StagedBase | undefined> = Promise.resolve(undefined);
  try {
    // The plan may have waited on the user: the remote must still be at the base when we send. Its key says so
    // in two small requests; only a moved key costs the export and a comparison.
    // A destructive push (replace) is always judged against the export itself: the key cannot show an edit made
    // directly (not by a job) while an earlier append's jobs ran, and a replace would erase it.
    if (plan.backup || !(await remoteStillAt(client, prepared.remoteKey, options.signal)).same) {
      const check = await checkRemoteAgainstBase(client, state, paths, exportOptions, (r) =>
        remoteChanges(state, paths, r, options.signal),
      );
      requireRemoteAtBase(state, check);
      keyBefore = check.key;
      endedBefore = new Set();
      jobsBefore = undefined;
    }
    if (plan.backup) {
      const remote = await downloadExport(client, state.projectId, paths, exportOptions);
      try {
        backup = await saveBackup(paths, remote.path, state.projectId, plan.mode);
      } finally {
        await remote.files.close();
      }
    }
    // A destructive push checked the remote before its backup; right before sending, nothing may have moved since
    // and no other push or import may be running: two replaces overlapping would each erase the other's edit.
    if (plan.backup) await requireNoConcurrentChange(client, state.projectId, keyBefore, options.signal);
    // The jobs the project has before the first request: a re-run that finds another one knows a late request arrived.
    jobsBefore ??= (await endedJobs(client, state.projectId, options.signal).catch(() => undefined))?.all;
    const journal = await PushJournal.begin(paths, state.projectId, plan.operations, {
      jobsBefore,
      settleMs: client.timeoutMs,
    });
    testKillPoint('push:journal');
    staging = StagedBase.stage({ paths, state, plan, changes: prepared.changes, stamps: prepared.stamps }).catch(
      () => undefined,
    );
    run = await runOperations(client, state.projectId, plan.operations, {
      ...options,
      journal,
      expectedJobMs: (type) => prepared.jobDurations.get(type),
      packageBlob: async () => {
        packed = await packWorkspace(new FolderFiles(paths.root), paths, state.restrictedVisible, options.signal);
        return { blob: packed.blob, fileName: `${state.projectId}.zip` };
      },
    });
  } catch (err) {
    await (await staging)?.abandon();
    throw err;
  } finally {
    await packed?.dispose();
    lockProblem = await releaseLock(client, state.projectId, lock);
  }
  const applied = run.results.filter((r) => r.status === 'applied').length;
  const status: PushStatus =
    applied === plan.operations.length
      ? 'completed'
      : applied > 0 || run.results.some((r) => r.status === 'unknown')
        ? 'partial'
        : 'failed';
  const unknown = run.results.filter((r) => r.status === 'unknown');
  if (unknown.length > 0 || options.signal?.aborted) {
    // The base stays where it was: refreshing it now could take a remote some job has not reached yet.
    const pending =
      unknown.length > 0
        ? `The outcome of ${unknown.length} operation(s) is not known yet; the base was left as it was. The next push or status waits for the project's jobs, compares with the platform and sends only what is missing.`
        : 'The push was stopped; the base was left as it was. The next push or status settles it with the platform first.';
    await (await staging)?.abandon();
    return { status, results: run.results, notAttempted: run.notAttempted, backup, lockProblem, pending };
  }
  testKillPoint('push:refresh');
  const jobs = run.results.flatMap((r) => (r.job ? [r.job] : []));
  // Only a push that applied every operation may take what it sent as the remote; any doubt downloads (the
  // staging dropped first: the download's merge stages in the same transaction folder).
  const staged = await staging;
  const fromSent =
    status === 'completed' && staged
      ? await refreshFromSent(
          client,
          { paths, state, plan, changes: prepared.changes, stamps: prepared.stamps, keyBefore, jobs, endedBefore },
          staged,
          options.signal,
        ).catch(() => undefined)
      : undefined;
  if (!fromSent) await staged?.abandon();
  const refresh = fromSent
    ? { ok: true as const, result: fromSent }
    : await refreshBase(client, paths, state, exportOptions, '; the next push, status or pull brings it up to date.');
  if (refresh?.ok) await clearPendingPush(paths);
  return { status, results: run.results, notAttempted: run.notAttempted, backup, lockProblem, refresh };
}

/** Remote files that differ from the base (file level; restricted files only when the export shows them). */
export async function remoteChanges(
  state: WorkspaceState,
  paths: WorkspacePaths,
  remote: RemoteExport,
  signal?: AbortSignal,
): Promise<FileChange[]> {
  const comparison = await comparePackages(new FolderFiles(paths.baseDir, 'the base'), remote.files, {
    beforeRecords: state.base,
    fileLevelOnly: true,
    signal,
    exclude: (p) => !remote.restrictedVisible && classifyPackagePath(p).restricted,
  });
  return comparison.files;
}

/** Refuses when the project's content is changing (a job runs) or changed (its key moved) since `key` was taken. */
async function requireNoConcurrentChange(
  client: PlatformClient,
  projectId: string,
  key: RemoteKey,
  signal?: AbortSignal,
): Promise<void> {
  const [running, still] = await Promise.all([
    runningContentJobs(client, projectId, signal),
    remoteStillAt(client, key, signal),
  ]);
  const job = running[0];
  if (job) {
    throw new PushRefusedError(
      'remoteChanged',
      `Project ${projectId} is being changed right now (job ${job.id}${job.type ? `, ${job.type}` : ''}: another push or import); nothing was sent — a replace now would erase what it brings. Wait for it to end, pull to merge it (your local edits are kept), then push again.`,
    );
  }
  if (!still.same) {
    throw new PushRefusedError(
      'remoteChanged',
      `Project ${projectId} changed on the platform while this push was being prepared; nothing was sent. Pull to merge the remote changes (your local edits are kept), then push again.`,
    );
  }
}

function requireRemoteAtBase(state: WorkspaceState, { changed, ...remote }: RemoteCheck): void {
  if (changed.length === 0) return;
  const unseen = changed.filter(
    (f) => f.restricted && f.change === 'added' && !state.restrictedVisible && remote.restrictedVisible,
  );
  if (unseen.length > 0) {
    throw new PushRefusedError(
      'remoteChanged',
      'The project holds restricted files your last pull could not see; nothing was sent. Pull again (as this user) so the workspace holds them — a push must never delete what it could not see:',
      unseen.map((f) => f.path),
    );
  }
  throw new PushRefusedError(
    'remoteChanged',
    `Project ${state.projectId} changed on the platform since the last pull; nothing was sent. Pull to merge the remote changes (your local edits are kept), then push again:`,
    changed.map((f) => `${f.path} ${f.change} remotely`),
  );
}
