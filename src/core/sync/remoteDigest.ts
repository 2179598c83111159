// Asking the platform cheaply whether a project changed: the project's `updateTime` (GET /v4/projects/{id})
// and a digest of its metadata export (GET .../metadata/.export, a few hundred bytes) form the remote's
// "version key". The last export seen stays in .cstudio/remote.zip; .cstudio/remote.json records the key
// fetched just BEFORE that export was downloaded, and the sha256 of every file in it. While the key is the
// same, the zip on disk is what the platform would send, so status compares against it without a download.
// The key is fetched before the export, never after: a change that lands in between makes the next key
// differ, which costs a download, never a missed change.
// A push that sent everything it meant to records its refreshed base as the remote at the key fetched after its
// jobs ('base' source, no zip; see pushedBase.ts): status and the next push then compare hashes, not downloads.
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../fs/atomicFile';
import type { PlatformClient } from '../platform/client';
import type { Project } from '../platform/types';
import type { MetadataExport } from '../platform/projects';
import { classifyPackagePath } from '../package/layout';
import type { FileChange } from './compare';
import { sha256 } from './hashing';
import { ZipFiles, type KnownEntry } from './packageFiles';
import { downloadExport, type ExportOptions, type RemoteExport } from './remote';
import { matchesBase, type WorkspaceState } from './workspace';
import type { WorkspacePaths } from '../workspace/workspacePaths';

const CACHE_VERSION = 1;

/** What says whether the remote project changed since an export. */
export interface RemoteKey {
  readonly projectId: string;
  /** Who asked: what an export holds depends on the caller (restricted files), so another caller's export is no answer. */
  readonly caller?: string;
  readonly updateTime?: string;
  readonly metadataDigest: string;
}

interface RemoteCache {
  readonly version: number;
  readonly key: RemoteKey;
  /** What holds the remote at `key`: remote.zip (the default), or the base (no zip: a push's refresh). */
  readonly source?: 'export' | 'base';
  /** Size and mtime of remote.zip when recorded: a zip replaced since is not the one described. */
  readonly zipBytes: number;
  readonly zipMtimeMs: number;
  readonly fileName?: string;
  readonly restrictedVisible: boolean;
  readonly hashes: Readonly<Record<string, string>>;
  /** Each entry's stored digest (ZipArchive.storedDigest), for an export; the next export's unchanged entries need no inflating. */
  readonly stored?: Readonly<Record<string, string>>;
}

/** Two small requests, side by side: the project record (returned too, callers need it) and its metadata export. */
export async function fetchRemoteKey(
  client: PlatformClient,
  projectId: string,
  signal?: AbortSignal,
): Promise<{ key: RemoteKey; project: Project; metadata: MetadataExport }> {
  const [project, metadata] = await Promise.all([
    client.projects.get(projectId, { signal }),
    client.projects.exportMetadata(projectId, { signal }),
  ]);
  const metadataDigest = sha256(new TextEncoder().encode(JSON.stringify(metadata.metadata)));
  const caller = sha256(new TextEncoder().encode(`${client.connection.baseUrl} ${client.connection.clientId}`));
  return { project, metadata, key: { projectId, caller, updateTime: project.updateTime, metadataDigest } };
}

function sameKey(a: RemoteKey, b: RemoteKey): boolean {
  // Without an updateTime the platform says too little to trust a cache: every check downloads.
  return (
    a.updateTime !== undefined &&
    a.projectId === b.projectId &&
    a.caller === b.caller &&
    a.updateTime === b.updateTime &&
    a.metadataDigest === b.metadataDigest
  );
}

function cacheFile(paths: WorkspacePaths): string {
  return join(paths.stateDir, 'remote.json');
}

/** Records that remote.zip (just downloaded after `key` was fetched) is the remote at `key`. */
export async function recordRemoteExport(paths: WorkspacePaths, key: RemoteKey, remote: RemoteExport): Promise<void> {
  const info = await stat(remote.path);
  const hashes: Record<string, string> = {};
  const stored: Record<string, string> = {};
  for (const path of await remote.files.list()) {
    const hash = await remote.files.hash(path);
    const digest = await remote.files.storedDigest(path);
    if (hash !== undefined) hashes[path] = hash;
    if (digest !== undefined) stored[path] = digest;
  }
  const cache: RemoteCache = {
    version: CACHE_VERSION,
    key,
    zipBytes: info.size,
    zipMtimeMs: info.mtimeMs,
    fileName: remote.fileName,
    restrictedVisible: remote.restrictedVisible,
    hashes,
    stored,
  };
  await writeFileAtomic(cacheFile(paths), `${JSON.stringify(cache)}\n`);
}

async function readCache(paths: WorkspacePaths): Promise<RemoteCache | undefined> {
  try {
    const cache = JSON.parse(await readFile(cacheFile(paths), 'utf8')) as RemoteCache;
    if (cache.version !== CACHE_VERSION || typeof cache.hashes !== 'object' || cache.hashes === null) return undefined;
    if (cache.source === 'base') return cache;
    const info = await stat(paths.remoteZip);
    return info.size === cache.zipBytes && info.mtimeMs === cache.zipMtimeMs ? cache : undefined;
  } catch {
    return undefined; // absent or damaged: the export is downloaded again
  }
}

/**
 * The entries of the last export recorded (stored digest and hash by path), whichever remote the record now
 * describes: that an entry stored so holds those bytes stays true, so a new export's unchanged entries are known.
 */
export async function previousExportEntries(paths: WorkspacePaths): Promise<Record<string, KnownEntry>> {
  const known: Record<string, KnownEntry> = {};
  try {
    const cache = JSON.parse(await readFile(cacheFile(paths), 'utf8')) as Partial<RemoteCache>;
    if (cache.version !== CACHE_VERSION || typeof cache.stored !== 'object' || cache.stored === null) return known;
    for (const [path, storedDigest] of Object.entries(cache.stored)) {
      const hash = cache.hashes?.[path];
      if (typeof storedDigest === 'string' && typeof hash === 'string') known[path] = { storedDigest, hash };
    }
  } catch {
    // absent or damaged: every entry is inflated to be hashed
  }
  return known;
}

/** Records that the remote at `key` (fetched after a push's jobs ended) holds exactly the base files `hashes`. */
export async function recordRemoteAsBase(
  paths: WorkspacePaths,
  key: RemoteKey,
  hashes: Readonly<Record<string, string>>,
  restrictedVisible: boolean,
): Promise<void> {
  const cache: RemoteCache = {
    version: CACHE_VERSION,
    key,
    source: 'base',
    zipBytes: 0,
    zipMtimeMs: 0,
    restrictedVisible,
    hashes,
  };
  await writeFileAtomic(cacheFile(paths), `${JSON.stringify(cache)}\n`);
}

/** Remote files whose recorded hash is not the base's (file level, nothing read; restricted ones only when visible). */
function changesByHash(cache: RemoteCache, state: WorkspaceState): FileChange[] {
  const changes: FileChange[] = [];
  for (const path of [...new Set([...Object.keys(cache.hashes), ...Object.keys(state.base)])].sort()) {
    const info = classifyPackagePath(path);
    if (info.restricted && !cache.restrictedVisible) continue;
    const record = state.base[path];
    const hash = cache.hashes[path];
    if (matchesBase(record, hash)) continue;
    const change = record === undefined ? 'added' : hash === undefined ? 'removed' : 'modified';
    changes.push({ path, change, kind: info.kind, locale: info.locale, restricted: info.restricted });
  }
  return changes;
}

/** The remote against the base at file level, and the key it was judged at. */
export interface RemoteCheck {
  readonly key: RemoteKey;
  /** Remote files that differ from the base. */
  readonly changed: readonly FileChange[];
  readonly restrictedVisible: boolean;
}

/**
 * Whether the remote moved from the base, downloading only when the platform's key differs from the one
 * recorded with the last export (or refreshed base); `compare` does the file-level comparison of a download.
 * `fetched`: the key, when the caller fetched it just now.
 */
export async function checkRemoteAgainstBase(
  client: PlatformClient,
  state: WorkspaceState,
  paths: WorkspacePaths,
  options: ExportOptions,
  compare: (remote: RemoteExport) => Promise<FileChange[]>,
  fetched?: RemoteKey,
): Promise<RemoteCheck> {
  const key = fetched ?? (await fetchRemoteKey(client, state.projectId, options.signal)).key;
  const cache = await readCache(paths);
  if (cache && sameKey(cache.key, key))
    return { key, changed: changesByHash(cache, state), restrictedVisible: cache.restrictedVisible };
  const remote = await downloadExport(client, state.projectId, paths, {
    ...options,
    knownStored: await previousExportEntries(paths),
  });
  try {
    await recordRemoteExport(paths, key, remote);
    return { key, changed: await compare(remote), restrictedVisible: remote.restrictedVisible };
  } finally {
    await remote.files.close();
  }
}

/** True when the platform's key is still `key` (two small requests); the key seen is returned too. */
export async function remoteStillAt(
  client: PlatformClient,
  key: RemoteKey,
  signal?: AbortSignal,
): Promise<{ same: boolean; now: RemoteKey }> {
  const { key: now } = await fetchRemoteKey(client, key.projectId, signal);
  return { same: sameKey(key, now), now };
}

export type RemoteSnapshot =
  | (RemoteExport & { readonly atBase: false; readonly reused: boolean })
  | { readonly atBase: true; readonly reused: true; readonly restrictedVisible: boolean };

/**
 * The remote package as it is now: the export already on disk when the platform's key says nothing changed
 * since it was downloaded, else a fresh export (recorded for next time). `atBase` when the key is unchanged and
 * the remote it was recorded with (an export, or a push's refreshed base) is the base: nothing to read. `fetched`:
 * the key, when the caller fetched it just now.
 */
export async function currentRemote(
  client: PlatformClient,
  state: WorkspaceState,
  paths: WorkspacePaths,
  options: ExportOptions = {},
  fetched?: RemoteKey,
): Promise<RemoteSnapshot> {
  const projectId = state.projectId;
  const key = fetched ?? (await fetchRemoteKey(client, projectId, options.signal)).key;
  const cache = await readCache(paths);
  // Unchanged since the record, and the record is the base: nothing to open or compare.
  if (cache && sameKey(cache.key, key) && changesByHash(cache, state).length === 0) {
    return { atBase: true, reused: true, restrictedVisible: cache.restrictedVisible };
  }
  if (cache && cache.source !== 'base' && sameKey(cache.key, key)) {
    const files = await ZipFiles.open(
      paths.remoteZip,
      `the remote export of project ${projectId}`,
      options.scratch,
      cache.hashes,
    );
    return {
      atBase: false,
      files,
      path: paths.remoteZip,
      fileName: cache.fileName,
      bytes: cache.zipBytes,
      restrictedVisible: cache.restrictedVisible,
      reused: true,
    };
  }
  const remote = await downloadExport(client, projectId, paths, {
    ...options,
    knownStored: await previousExportEntries(paths),
  });
  // An export read outside a read-only folder is not the folder's remote.zip: nothing to record.
  if (remote.kept) await recordRemoteExport(paths, key, remote);
  return { ...remote, atBase: false, reused: false };
}
