// The remote side of a workspace: exporting the project package to disk (streamed, never whole in memory)
// and making sure a workspace is only synced with the platform and project it was pulled from.
import { mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { normalizeUrl } from '../connections/connectionConfig';
import type { PlatformClient } from '../platform/client';
import { noProgress, type Progress } from '../progress';
import { classifyPackagePath } from '../package/layout';
import { ZipFiles, type KnownEntry } from './packageFiles';
import type { EntryScratch } from '../package/zipArchive';
import { WorkspaceError, type WorkspacePaths, type WorkspaceState } from './workspace';

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
}

/**
 * Downloads the project package into `.cstudio/remote.zip` (through a temp file, so a failed download
 * leaves the previous one) and opens it; an unsafe archive is refused before anything reads it.
 */
export async function downloadExport(client: PlatformClient, projectId: string, paths: WorkspacePaths, options: ExportOptions = {}): Promise<RemoteExport> {
  const progress = options.progress ?? noProgress;
  progress.report({ message: `Exporting project ${projectId}…` });
  await mkdir(paths.tmpDir, { recursive: true });
  const temp = join(paths.tmpDir, `export-${randomBytes(6).toString('hex')}.zip`);
  try {
    const download = await client.projects.exportPackage(projectId, { signal: options.signal, maxBytes: MAX_EXPORT_BYTES });
    const bytes = await download.toFile(temp);
    await rename(temp, paths.remoteZip);
    const files = await ZipFiles.open(paths.remoteZip, `the remote export of project ${projectId}`, options.scratch, undefined, options.knownStored);
    const restrictedVisible = files.archive.names.some((n) => classifyPackagePath(n).restricted);
    return { files, path: paths.remoteZip, fileName: download.fileName, bytes, restrictedVisible };
  } finally {
    await rm(temp, { force: true });
  }
}

/** Refuses a client of another platform than the one the workspace was pulled from. */
export function requireSameConnection(client: Pick<PlatformClient, 'connection'>, state: WorkspaceState, root: string): void {
  const here = client.connection;
  const sameUrl = sameSpelling(here.baseUrl) === sameSpelling(state.connection.baseUrl);
  const sameName = here.name !== undefined && state.connection.name !== undefined && here.name === state.connection.name;
  if (sameUrl || sameName) return;
  throw new WorkspaceError(
    `${root} was pulled from ${state.connection.name ? `"${state.connection.name}" (${state.connection.baseUrl})` : state.connection.baseUrl}, ` +
      `but the current connection is ${here.name ? `"${here.name}" (${here.baseUrl})` : here.baseUrl}. Connect to the platform the folder came from, ` +
      'or pull the project into a new folder.',
    root,
  );
}

/** The connection's own spelling rule (host case, default port, trailing slash), or the text when it is no URL. */
function sameSpelling(url: string): string {
  try { return normalizeUrl(url); } catch { return url; }
}
