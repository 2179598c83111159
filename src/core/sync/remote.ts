// The remote side of a workspace: exporting the project package to disk (streamed, never whole in memory)
// and making sure a workspace is only synced with the platform and project it was pulled from.
import { mkdir, mkdtemp, readdir, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ownerRuns } from '../fs/processOwner';
import { randomBytes } from 'node:crypto';
import { connectionUrlKey } from '../connections/connectionConfig';
import type { PlatformClient } from '../platform/client';
import { noProgress, type Progress } from '../progress';
import { classifyPackagePath } from '../package/layout';
import { ZipFiles, type KnownEntry } from './packageFiles';
import { checkPackageNames } from './writeFiles';
import type { EntryScratch } from '../package/zipArchive';
import { requireWritable, WorkspaceError, writeProblem, type WorkspaceState } from './workspace';
import type { WorkspacePaths } from '../workspace/workspacePaths';

/** Exports can be large; this is the same cap as the package reader's. */
const MAX_EXPORT_BYTES = 512 * 1024 * 1024;

export interface RemoteExport {
  /** The zip on disk, opened for random access; close it when done. */
  readonly files: ZipFiles;
  readonly path: string;
  readonly fileName?: string;
  readonly bytes: number;
  /** Whether the export held restricted files (only professional-services users get them). */
  readonly restrictedVisible: boolean;
}

export interface ExportOptions {
  readonly signal?: AbortSignal;
  readonly progress?: Progress;
  /** Buffers to hash the export's entries in, shared by the exports of one operation (see ZipFiles). */
  readonly scratch?: EntryScratch;
  /** Entries of the previous export (remoteDigest.ts): those stored the same way are not inflated to be hashed. */
  readonly knownStored?: Readonly<Record<string, KnownEntry>>;
  /** The caller only reads (status): a folder that cannot be written gets the export in the system's temp folder, not kept. */
  readonly readOnly?: boolean;
}

/**
 * Downloads the project package into `.cstudio/remote.zip` (through a temp file in this process's own temp folder,
 * so a failed download leaves the previous one) and opens it; an unsafe archive is refused before anything reads
 * it. `kept` is false when a read-only caller got it outside the folder (see ExportOptions.readOnly).
 */
export async function downloadExport(
  client: PlatformClient,
  projectId: string,
  paths: WorkspacePaths,
  options: ExportOptions = {},
): Promise<RemoteExport & { kept: boolean }> {
  const progress = options.progress ?? noProgress;
  progress.report({ message: `Exporting project ${projectId}…` });
  const elsewhere = options.readOnly === true && (await writeProblem(paths)) !== undefined;
  if (!elsewhere) await requireWritable(paths, 'this command');
  const dir = elsewhere ? await mkdtemp(join(tmpdir(), 'cstudio-export-')) : paths.processTmpDir;
  await mkdir(dir, { recursive: true });
  const temp = join(dir, `export-${randomBytes(6).toString('hex')}.zip`);
  const target = elsewhere ? temp : paths.remoteZip;
  try {
    const download = await client.projects.exportPackage(projectId, {
      signal: options.signal,
      maxBytes: MAX_EXPORT_BYTES,
    });
    const bytes = await download.toFile(temp);
    if (!elsewhere) await rename(temp, paths.remoteZip);
    const files = await ZipFiles.open(
      target,
      `the remote export of project ${projectId}`,
      options.scratch,
      undefined,
      options.knownStored,
    );
    // Every reader of an export (pull, status, compare, a push's check) refuses the same names.
    try {
      checkPackageNames(files.archive.names);
    } catch (err) {
      await files.close();
      throw err;
    }
    const restrictedVisible = files.archive.names.some((n) => classifyPackagePath(n).restricted);
    return { files, path: target, fileName: download.fileName, bytes, restrictedVisible, kept: !elsewhere };
  } finally {
    // Outside the folder the zip is read through its open handle; its name goes now (where the system allows it).
    await rm(elsewhere ? dir : temp, { recursive: true, force: true }).catch(() => undefined);
  }
}

/** Removes this process's temp folder and those of processes that no longer run (never another live command's). */
export async function removeTempFolders(paths: WorkspacePaths): Promise<void> {
  await rm(paths.processTmpDir, { recursive: true, force: true });
  let names: string[];
  try {
    names = await readdir(paths.tmpDir);
  } catch {
    return;
  }
  // Plain files were left by versions that wrote straight into tmp/, which do not run beside this one.
  await Promise.all(
    names.filter((n) => !ownerRuns(n)).map((n) => rm(join(paths.tmpDir, n), { recursive: true, force: true })),
  );
}

/** Refuses a client of another platform than the one the workspace was pulled from. */
export function requireSameConnection(
  client: Pick<PlatformClient, 'connection'>,
  state: WorkspaceState,
  root: string,
): void {
  const here = client.connection;
  const sameUrl = connectionUrlKey(here.baseUrl) === connectionUrlKey(state.connection.baseUrl);
  const sameName =
    here.name !== undefined && state.connection.name !== undefined && here.name === state.connection.name;
  if (sameUrl || sameName) return;
  throw new WorkspaceError(
    `${root} was pulled from ${state.connection.name ? `"${state.connection.name}" (${state.connection.baseUrl})` : state.connection.baseUrl}, ` +
      `but the current connection is ${here.name ? `"${here.name}" (${here.baseUrl})` : here.baseUrl}. Connect to the platform the folder came from, ` +
      'or pull the project into a new folder.',
    root,
  );
}
