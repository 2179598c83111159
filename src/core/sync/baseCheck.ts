// The base copy is what an append plan subtracts from the workspace: a base file deleted or damaged by hand, a
// disk or a sync tool made everything in it look new, and the push appended it all again (every count doubled).
// So before any plan each base file is checked against the hash state.json records for it (hashes.json saves
// re-reading an unchanged one). A file that fails is restored from the platform's export when the platform still
// holds exactly the recorded version; otherwise the push is refused with the fix (a pull rebuilds the base).
import { join } from 'node:path';
import type { PlatformClient } from '../platform/client';
import { noProgress, throwIfAborted, type Progress } from '../progress';
import type { HashCache } from './hashCache';
import { FolderFiles } from './packageFiles';
import { PushRefusedError } from './pushErrors';
import { downloadExport } from './remote';
import { fetchRemoteKey, recordRemoteExport } from './remoteDigest';
import { writeConfined } from './writeFiles';
import type { WorkspaceState } from './workspace';
import { BASE_FOLDER, STATE_DIR, type WorkspacePaths } from '../workspace/workspacePaths';

/** Where base copies are kept in hashes.json, apart from the workspace's own paths. */
const CACHE_PREFIX = `${STATE_DIR}/${BASE_FOLDER}/`;

/** Base files whose bytes are not the ones state.json records (missing ones included). */
export async function damagedBaseFiles(
  paths: WorkspacePaths,
  state: WorkspaceState,
  hashes: HashCache,
  signal?: AbortSignal,
): Promise<string[]> {
  const base = new FolderFiles(paths.baseDir, 'the base copy');
  const damaged: string[] = [];
  for (const [path, record] of Object.entries(state.base)) {
    throwIfAborted(signal);
    const full = base.fullPath(path);
    if ((await hashes.lookup(CACHE_PREFIX + path, full)) === record.hash) continue;
    const hash = await base.hash(path, signal);
    if (hash === record.hash) await hashes.recordOwnCopy(CACHE_PREFIX + path, full, hash);
    else damaged.push(path);
  }
  return damaged;
}

/** Records base copies just written (a pull's or a push's refresh), so the next check need not read them again. */
export async function recordBaseCopies(
  paths: WorkspacePaths,
  hashes: HashCache,
  written: Readonly<Record<string, string>>,
): Promise<void> {
  for (const [path, hash] of Object.entries(written))
    await hashes.recordOwnCopy(CACHE_PREFIX + path, join(paths.baseDir, ...path.split('/')), hash);
}

/** Checks the base and restores what it can from the platform; refuses (nothing sent) when a file cannot be restored. */
export async function requireSoundBase(
  client: PlatformClient,
  paths: WorkspacePaths,
  state: WorkspaceState,
  hashes: HashCache,
  options: { signal?: AbortSignal; progress?: Progress } = {},
): Promise<string[]> {
  const damaged = await damagedBaseFiles(paths, state, hashes, options.signal);
  if (damaged.length === 0) return [];
  const progress = options.progress ?? noProgress;
  progress.report({
    message: `The base copy of ${damaged.join(', ')} is missing or damaged; restoring it from the platform's export…`,
  });
  const { key } = await fetchRemoteKey(client, state.projectId, options.signal);
  const remote = await downloadExport(client, state.projectId, paths, options);
  const lost: string[] = [];
  try {
    for (const path of damaged) {
      if ((await remote.files.hash(path, options.signal)) !== state.base[path]?.hash) {
        lost.push(path);
        continue;
      }
      const data = await remote.files.readTransient(path, options.signal);
      if (data) await writeConfined(paths.baseDir, path, data);
    }
    await recordRemoteExport(paths, key, remote);
  } finally {
    await remote.files.close();
  }
  if (lost.length > 0) {
    throw new PushRefusedError(
      'baseDamaged',
      `The base copy of ${lost.join(', ')} (in ${paths.baseDir}) is missing or damaged, and the platform no longer holds the version it recorded, so it cannot be restored; nothing was sent (an append would have sent again what the platform already has). ` +
        'Run `cstudio pull` to rebuild the base from the platform (local edits are kept; where both sides changed, settle with --keep-local or --take-remote), then push again.',
    );
  }
  return damaged;
}
