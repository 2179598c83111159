// Restoring a backup: the saved package replaces the project's content. The backup is checked like any
// package from outside (zip slip, layout, the right project) before anything is sent; the current remote
// package is backed up first, so a restore can itself be undone; local edits are kept by the refresh.
import { openAsBlob } from 'node:fs';
import type { PlatformClient } from '../platform/client';
import type { Job } from '../platform/types';
import { hasPackageErrors, METADATA_FILE, validatePackageLayout } from '../package/layout';
import { noProgress, type Progress } from '../progress';
import { findBackup, saveBackup, type BackupInfo } from './backups';
import { refreshBase, type BaseRefresh } from './pull';
import { PushRefusedError } from './pushErrors';
import { acquireLock, releaseLock, type HeldLock } from './pushRun';
import { downloadExport, requireSameConnection } from './remote';
import { ZipArchive } from '../package/zipArchive';
import { requireWorkspaceState } from './workspace';
import { WorkspacePaths } from '../workspace/workspacePaths';

export interface RestoreOptions {
  readonly signal?: AbortSignal;
  readonly progress?: Progress;
  readonly lock?: { readonly notes: string };
}

export interface RestoreOutcome {
  readonly restored: BackupInfo;
  /** The remote package as it was before the restore. */
  readonly savedCurrent: BackupInfo;
  readonly job: Job;
  readonly lockProblem?: string;
  readonly refresh?: BaseRefresh;
}

/** Checks a backup without sending anything; returns it (the newest when `name` is undefined). */
export async function checkBackup(dir: string, name: string | undefined): Promise<BackupInfo> {
  const paths = new WorkspacePaths(dir);
  const state = await requireWorkspaceState(paths);
  const backup = await findBackup(paths, name);
  const archive = await ZipArchive.open(backup.path);
  try {
    const issues = validatePackageLayout(archive.names);
    if (hasPackageErrors(issues)) {
      throw new PushRefusedError(
        'layout',
        `Backup ${backup.name} is not a valid package:`,
        issues.filter((i) => i.severity === 'error').map((i) => i.message),
      );
    }
    const metadata = JSON.parse(new TextDecoder().decode(await archive.read(METADATA_FILE))) as {
      id?: { project?: unknown };
    };
    const project = metadata.id?.project;
    if (project !== undefined && String(project) !== state.projectId) {
      throw new PushRefusedError(
        'layout',
        `Backup ${backup.name} is a package of project ${String(project)}, not of this folder's project ${state.projectId}; nothing was sent.`,
      );
    }
  } finally {
    await archive.close();
  }
  return backup;
}

export async function restoreBackup(
  client: PlatformClient,
  dir: string,
  name: string | undefined,
  options: RestoreOptions = {},
): Promise<RestoreOutcome> {
  const paths = new WorkspacePaths(dir);
  const state = await requireWorkspaceState(paths);
  requireSameConnection(client, state, paths.root);
  const backup = await checkBackup(dir, name);
  const progress = options.progress ?? noProgress;
  const lock: HeldLock = options.lock
    ? await acquireLock(client, state.projectId, options.lock.notes, options.signal)
    : { acquired: false };
  let savedCurrent: BackupInfo;
  let job: Job;
  let lockProblem: string | undefined;
  try {
    const current = await downloadExport(client, state.projectId, paths, options);
    try {
      savedCurrent = await saveBackup(paths, current.path, state.projectId, 'restore');
    } finally {
      await current.files.close();
    }
    progress.report({ message: `Restoring ${backup.name}…` });
    const blob = await openAsBlob(backup.path, { type: 'application/zip' });
    const started = await client.projects.replacePackage(state.projectId, blob, {
      signal: options.signal,
      fileName: backup.name,
    });
    job = await client.jobPoller.waitFor(state.projectId, started, {
      signal: options.signal,
      progress,
      label: `restore ${backup.name}`,
    });
  } finally {
    lockProblem = await releaseLock(client, state.projectId, lock);
  }
  const refresh = await refreshBase(client, paths, state, options, ' — pull to bring the base up to date.');
  return { restored: backup, savedCurrent, job, lockProblem, refresh };
}
