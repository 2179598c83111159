// The per-file decision of a pull: given the base, local and remote versions of one package path, whether
// the local file stays, takes the remote version, gets a merged TRSX, or is a conflict left untouched.
// Nothing here writes; pull.ts applies the decisions.
import { sameTrsx, mergeTrsx, type ConflictPreference } from './semantic/trsxMerge';
import { isTrsxPath, readTrsxDigest, readTrsxDocument, trsxBytes } from './trsxFile';
import { mergeSampleWindows } from './semantic/windowMerge';
import { matchesBase, type BaseFileRecord, type ConflictItem } from './workspace';

export interface FileSides {
  readonly path: string;
  readonly base: BaseFileRecord | undefined;
  readonly localHash: string | undefined;
  readonly remoteHash: string | undefined;
  /** Base bytes, verified against the recorded hash; undefined when absent or damaged. */
  readonly readBase: () => Promise<Uint8Array | undefined>;
  /** Local and remote bytes, valid only until the next call of either (they may share one buffer). */
  readonly readLocal: () => Promise<Uint8Array | undefined>;
  readonly readRemote: () => Promise<Uint8Array | undefined>;
  /** Where the local version is on disk, when it is a file: a sample edit is then read around the change only. */
  readonly localFile?: string;
}

export type FileDecision =
  /** The local file stays as it is; `same` when it means what the remote version means. */
  | { readonly action: 'keep'; readonly same: boolean }
  /** The local file becomes the remote version (deleted when the remote has none). */
  | { readonly action: 'take'; readonly overridesLocal: boolean }
  /**
   * The local file becomes a merge, the concatenation of `parts` (a splice of the base and the changed samples is
   * written piece by piece, never joined in memory); `same` when it means what the remote version means.
   */
  | {
      readonly action: 'merge';
      readonly parts: readonly Uint8Array[];
      readonly same: boolean;
      readonly conflictsResolved: number;
    }
  | { readonly action: 'conflict'; readonly items: ConflictItem[] };

export async function decideFile(sides: FileSides, prefer?: ConflictPreference): Promise<FileDecision> {
  const { base, localHash, remoteHash } = sides;
  const remoteUnchanged = base ? base.hash === remoteHash : remoteHash === undefined;
  if (remoteUnchanged) return { action: 'keep', same: matchesBase(base, localHash) };
  if (matchesBase(base, localHash)) return { action: 'take', overridesLocal: false };
  if (localHash === remoteHash) return { action: 'keep', same: true };

  const locale = sides.path.split('/')[0];
  if (isTrsxPath(sides.path) && localHash !== undefined && remoteHash !== undefined) {
    // Changes confined to <samples> on both sides merge on the changed samples alone (windowMerge.ts).
    const baseBytes = base ? await sides.readBase() : undefined;
    const windowed = baseBytes
      ? await mergeSampleWindows(baseBytes, sides.readLocal, sides.readRemote, sides.localFile)
      : undefined;
    if (windowed?.kind === 'take-remote') return { action: 'take', overridesLocal: false };
    if (windowed?.kind === 'keep-local') return { action: 'keep', same: false };
    if (windowed?.kind === 'merged')
      return { action: 'merge', parts: windowed.parts, same: false, conflictsResolved: 0 };
    // Cheap checks next, one side read at a time and only its digest kept: the sides may already mean the same.
    const local = readTrsxDigest(await sides.readLocal(), sides.path);
    const remote = readTrsxDigest(await sides.readRemote(), `the remote ${sides.path}`);
    if (local.ok && remote.ok && local.digest === remote.digest) return { action: 'keep', same: true };
    const baseRead = base ? readTrsxDigest(await sides.readBase(), `the base copy of ${sides.path}`) : undefined;
    if (baseRead?.ok && local.ok && baseRead.digest === local.digest) return { action: 'take', overridesLocal: false };
    const baseDoc = readTrsxDocument(await sides.readBase(), `the base copy of ${sides.path}`);
    const localDoc = readTrsxDocument(await sides.readLocal(), sides.path);
    const remoteDoc = readTrsxDocument(await sides.readRemote(), `the remote ${sides.path}`);
    if (baseDoc.ok && localDoc.ok && remoteDoc.ok) {
      const merged = mergeTrsx(baseDoc.document, localDoc.document, remoteDoc.document, prefer ?? 'local');
      if (merged.conflicts.length > 0 && prefer === undefined) {
        return {
          action: 'conflict',
          items: merged.conflicts.map((c) => ({
            locale,
            kind: c.kind,
            label: c.label,
            local: c.local,
            remote: c.remote,
          })),
        };
      }
      const same = sameTrsx(merged.document, remoteDoc.document);
      if (!merged.changesLocal) return { action: 'keep', same };
      return { action: 'merge', parts: [trsxBytes(merged.document)], same, conflictsResolved: merged.conflicts.length };
    }
    const problem =
      [baseDoc, localDoc, remoteDoc].find((r): r is { ok: false; problem: string } => !r.ok)?.problem ?? '';
    return resolveWhole(sides, prefer, problem);
  }
  return resolveWhole(sides, prefer, '');
}

/** A file changed on both sides that cannot be merged item by item. */
function resolveWhole(sides: FileSides, prefer: ConflictPreference | undefined, problem: string): FileDecision {
  if (prefer === 'local') return { action: 'keep', same: false };
  if (prefer === 'remote') return { action: 'take', overridesLocal: true };
  const what = (hash: string | undefined, had: boolean): string =>
    hash === undefined ? (had ? 'removed' : 'absent') : had ? 'changed' : 'added';
  const had = sides.base !== undefined;
  return {
    action: 'conflict',
    items: [
      {
        kind: 'file',
        label: problem ? `${sides.path} (${problem})` : sides.path,
        local: what(sides.localHash, had),
        remote: what(sides.remoteHash, had),
      },
    ],
  };
}
