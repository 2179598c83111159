// Asking the platform cheaply whether a project changed: the project's `updateTime` (GET /v4/projects/{id})
// and a digest of its metadata export (GET .../metadata/.export, a few hundred bytes) form the remote's
// "version key". The last export seen stays in .cstudio/remote.zip; .cstudio/remote.json records the key
// fetched just BEFORE that export was downloaded, and the sha256 of every file in it. While the key is the
// same, the zip on disk is what the platform would send, so status compares against it without a download.
// The key is fetched before the export, never after: a change that lands in between makes the next key
// differ, which costs a download, never a missed change.
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../fs/atomicFile';
import type { PlatformClient } from '../platform/client';
import type { Project } from '../platform/types';
import { sha256 } from './hashing';
import { ZipFiles } from './packageFiles';
import { downloadExport, type ExportOptions, type RemoteExport } from './remote';
import type { WorkspacePaths } from './workspace';

const CACHE_VERSION = 1;

/** What says whether the remote project changed since an export. */
export interface RemoteKey {
  readonly projectId: string;
  readonly updateTime?: string;
  readonly metadataDigest: string;
}

interface RemoteCache {
  readonly version: number;
  readonly key: RemoteKey;
  /** Size and mtime of remote.zip when recorded: a zip replaced since is not the one described. */
  readonly zipBytes: number;
  readonly zipMtimeMs: number;
  readonly fileName?: string;
  readonly restrictedVisible: boolean;
  readonly hashes: Readonly<Record<string, string>>;
}

/** Two small requests, side by side: the project record (returned too, callers need it) and its metadata export. */
export async function fetchRemoteKey(client: PlatformClient, projectId: string, signal?: AbortSignal): Promise<{ key: RemoteKey; project: Project }> {
  const [project, metadata] = await Promise.all([
    client.projects.get(projectId, { signal }),
    client.projects.exportMetadata(projectId, { signal }),
  ]);
  const metadataDigest = sha256(new TextEncoder().encode(JSON.stringify(metadata.metadata)));
  return { project, key: { projectId, updateTime: project.updateTime, metadataDigest } };
}

function sameKey(a: RemoteKey, b: RemoteKey): boolean {
  // Without an updateTime the platform says too little to trust a cache: every check downloads.
  return a.updateTime !== undefined && a.projectId === b.projectId && a.updateTime === b.updateTime && a.metadataDigest === b.metadataDigest;
}

function cacheFile(paths: WorkspacePaths): string {
  return join(paths.stateDir, 'remote.json');
}

/** Records that remote.zip (just downloaded after `key` was fetched) is the remote at `key`. */
export async function recordRemoteExport(paths: WorkspacePaths, key: RemoteKey, remote: RemoteExport): Promise<void> {
  const info = await stat(remote.path);
  const hashes: Record<string, string> = {};
  for (const path of await remote.files.list()) {
    const hash = await remote.files.hash(path);
    if (hash !== undefined) hashes[path] = hash;
  }
  const cache: RemoteCache = {
    version: CACHE_VERSION, key, zipBytes: info.size, zipMtimeMs: info.mtimeMs,
    fileName: remote.fileName, restrictedVisible: remote.restrictedVisible, hashes,
  };
  await writeFileAtomic(cacheFile(paths), `${JSON.stringify(cache)}\n`);
}

async function readCache(paths: WorkspacePaths): Promise<RemoteCache | undefined> {
  try {
    const cache = JSON.parse(await readFile(cacheFile(paths), 'utf8')) as RemoteCache;
    if (cache.version !== CACHE_VERSION || typeof cache.hashes !== 'object' || cache.hashes === null) return undefined;
    const info = await stat(paths.remoteZip);
    return info.size === cache.zipBytes && info.mtimeMs === cache.zipMtimeMs ? cache : undefined;
  } catch {
    return undefined; // absent or damaged: the export is downloaded again
  }
}

export interface RemoteSnapshot extends RemoteExport {
  /** True when the export on disk was still current and nothing was downloaded. */
  readonly reused: boolean;
}

/**
 * The remote package as it is now: the export already on disk when the platform's key says nothing changed
 * since it was downloaded, else a fresh export (recorded for next time).
 */
export async function currentRemote(client: PlatformClient, projectId: string, paths: WorkspacePaths, options: ExportOptions = {}): Promise<RemoteSnapshot> {
  const { key } = await fetchRemoteKey(client, projectId, options.signal);
  const cache = await readCache(paths);
  if (cache && sameKey(cache.key, key)) {
    const files = await ZipFiles.open(paths.remoteZip, `the remote export of project ${projectId}`, options.scratch, cache.hashes);
    return { files, path: paths.remoteZip, fileName: cache.fileName, bytes: cache.zipBytes, restrictedVisible: cache.restrictedVisible, reused: true };
  }
  const remote = await downloadExport(client, projectId, paths, options);
  await recordRemoteExport(paths, key, remote);
  return { ...remote, reused: false };
}
