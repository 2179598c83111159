// Comparing two packages (zips, folders, a workspace and its base, a remote export): the files added,
// removed or modified, and for TRSX files the semantic changes per locale. A TRSX file whose text changed
// but whose meaning did not is "reformatted" rather than modified.
import { stat } from 'node:fs/promises';
import { diffDialogs, type DialogDiff } from '../dialog/dialogDiff';
import { readDialog } from '../dialog/dialogModel';
import { DIALOG_FILE } from '../package/layout';
import { classifyPackagePath, type PackagePathKind } from '../package/layout';
import { noProgress, throwIfAborted, type Progress } from '../progress';
import type { HashCache } from './hashCache';
import { FolderFiles, type PackageFiles } from './packageFiles';
import { changedSamplesWindow, type ChangedWindow } from './semantic/changedWindow';
import { changedSamplesWindowOf, withSources, type SourcesWindow } from './semantic/windowSources';
import { findRenames, type RenamedName } from './semantic/renames';
import { diffWalks, type TrsxDiff } from './semantic/trsxDiff';
import { isTrsxPath, walkTrsxBytes } from './trsxFile';
import { matchesBase, type BaseFileRecord } from './workspace';

export type FileChangeType = 'added' | 'removed' | 'modified' | 'reformatted';

export interface FileChange {
  readonly path: string;
  readonly change: FileChangeType;
  readonly kind: PackagePathKind;
  readonly locale?: string;
  readonly restricted: boolean;
  /** TRSX only: what changed in meaning (before → after). */
  readonly semantic?: TrsxDiff;
  /** dialog.json only: what changed by UUID (components, nodes, mappings, variables, ontology names). */
  readonly dialog?: DialogDiff;
  /** TRSX and dialog.json: why no semantic diff could be made (a file that does not parse). */
  readonly problem?: string;
  /** The after side's sha256, when the comparison computed it (a push records it as the new base's). */
  readonly hash?: string;
}

export interface PackageComparison {
  readonly before: string;
  readonly after: string;
  /** Changed files, sorted by path. */
  readonly files: FileChange[];
  readonly unchanged: number;
  /** Intents and entities renamed (TRSX and dialog.json together), one entry each. */
  readonly renames: RenamedName[];
  /** Semantic changes (TRSX or dialog) a rename accounts for: shown as the rename, not on their own. */
  readonly coveredByRenames: ReadonlySet<object>;
}

export interface CompareOptions {
  readonly signal?: AbortSignal;
  readonly progress?: Progress;
  /** Skip the semantic TRSX diff (file level only). */
  readonly fileLevelOnly?: boolean;
  /** Known hashes of the `before` side (a workspace's base), so its files are read only when they differ. */
  readonly beforeRecords?: Readonly<Record<string, BaseFileRecord>>;
  /** Paths left out of the comparison. */
  readonly exclude?: (path: string) => boolean;
  /** Hashes of the `after` folder's files by their stat (a workspace's), read and updated here. */
  readonly afterHashes?: HashCache;
  /**
   * A folder file whose size differs from its copy in a folder base is changed, known without reading it (its hash
   * is left unknown). For a push, which hashes what it sent while its jobs run (pushedBase.ts).
   */
  readonly sizeShowsChange?: boolean;
}

/** Stands for the hash of a file known to differ from its base copy, when nothing needed the real hash. */
const NOT_THE_BASE = '(differs from the base copy)';

/**
 * The after side's hash, as cheaply as it can be known: from the stat cache; for a folder's TRSX file with a base
 * record, by comparing it with the base copy through small buffers (cheaper than hashing): the same bytes are the
 * base's hash, else the window around the change is returned for the diff (windowSources.ts), or, when there is no
 * window, both sides' bytes; else hashed.
 */
async function hashAfter(
  path: string,
  before: PackageFiles,
  after: PackageFiles,
  options: CompareOptions,
): Promise<AfterSide> {
  const folder = after instanceof FolderFiles ? after : undefined;
  const cache = folder ? options.afterHashes : undefined;
  const cached = await cache?.lookup(path, folder?.fullPath(path) ?? path);
  if (cached !== undefined) return { hash: cached };
  const record = options.beforeRecords?.[path];
  // Other sizes mean other bytes, so not the base's hash; unless other layouts count as the base (`same`).
  if (folder && record && !record.same?.length && options.sizeShowsChange && (await sizesDiffer(before, folder, path)))
    return { hash: NOT_THE_BASE };
  if (folder && record && !record.same?.length && isTrsxPath(path) && !options.fileLevelOnly) {
    const found = await windowAgainstBase(before, folder, path, options.signal);
    if (found?.kind === 'same') {
      await cache?.record(path, folder.fullPath(path), record.hash);
      return { hash: record.hash };
    }
    if (found?.kind === 'window') return { hash: NOT_THE_BASE, window: found.window };
    const afterBytes = await folder.read(path);
    if (!afterBytes) return {};
    const beforeBytes = await before.read(path, options.signal);
    if (beforeBytes && Buffer.compare(afterBytes, beforeBytes) === 0) {
      await cache?.record(path, folder.fullPath(path), record.hash);
      return { hash: record.hash };
    }
    return { hash: NOT_THE_BASE, afterBytes, beforeBytes };
  }
  const hash = await after.hash(path, options.signal);
  if (hash !== undefined && folder) await cache?.record(path, folder.fullPath(path), hash);
  return { hash };
}

/** Whether both folders hold the file, at different sizes. */
async function sizesDiffer(before: PackageFiles, after: FolderFiles, path: string): Promise<boolean> {
  if (!(before instanceof FolderFiles)) return false;
  const [b, a] = await Promise.all([
    stat(before.fullPath(path)).catch(() => undefined),
    stat(after.fullPath(path)).catch(() => undefined),
  ]);
  return b !== undefined && a !== undefined && b.isFile() && a.isFile() && b.size !== a.size;
}

interface AfterSide {
  hash?: string;
  afterBytes?: Uint8Array;
  beforeBytes?: Uint8Array;
  window?: ChangedWindow;
}

/** A folder file against its copy in a folder base, read through small buffers; undefined when either is absent or the base is no folder. */
async function windowAgainstBase(
  before: PackageFiles,
  after: FolderFiles,
  path: string,
  signal?: AbortSignal,
): Promise<SourcesWindow | undefined> {
  if (!(before instanceof FolderFiles)) return undefined;
  return withSources(before.fullPath(path), after.fullPath(path), (b, a) => changedSamplesWindowOf(b, a, signal));
}

export async function comparePackages(
  before: PackageFiles,
  after: PackageFiles,
  options: CompareOptions = {},
): Promise<PackageComparison> {
  const progress = options.progress ?? noProgress;
  const records = options.beforeRecords;
  const beforeList = records ? Object.keys(records) : await before.list(options.signal);
  const paths = [...new Set([...beforeList, ...(await after.list(options.signal))])]
    .filter((p) => !options.exclude?.(p))
    .sort();
  const files: FileChange[] = [];
  let unchanged = 0;
  for (const path of paths) {
    throwIfAborted(options.signal);
    const { hash: afterHash, afterBytes, beforeBytes, window } = await hashAfter(path, before, after, options);
    const same = records
      ? matchesBase(records[path], afterHash)
      : (await before.hash(path, options.signal)) === afterHash;
    progress.report({ message: path, increment: 100 / paths.length });
    if (same) {
      unchanged++;
      continue;
    }
    const existsBefore = records
      ? records[path] !== undefined
      : (await before.hash(path, options.signal)) !== undefined;
    const change: FileChangeType = !existsBefore ? 'added' : afterHash === undefined ? 'removed' : 'modified';
    const described = await describeChange(path, change, before, after, options, { afterBytes, beforeBytes, window });
    files.push(afterHash !== undefined && afterHash !== NOT_THE_BASE ? { ...described, hash: afterHash } : described);
  }
  const { renames, covered } = findRenames(
    files.map((f) => ({ path: f.path, trsx: f.semantic?.changes, dialog: f.dialog })),
  );
  return { before: before.label, after: after.label, files, unchanged, renames, coveredByRenames: covered };
}

async function describeChange(
  path: string,
  change: FileChangeType,
  before: PackageFiles,
  after: PackageFiles,
  options: CompareOptions,
  known: AfterSide = {},
): Promise<FileChange> {
  const info = classifyPackagePath(path);
  const base: FileChange = { path, change, kind: info.kind, locale: info.locale, restricted: info.restricted };
  if (path === DIALOG_FILE && change === 'modified' && !options.fileLevelOnly)
    return describeDialogChange(base, before, after, options);
  if (!isTrsxPath(path) || options.fileLevelOnly) return base;
  // No model kept: the before side is indexed by hashes and the after side matched against it (diffWalks);
  // when only samples changed, just the samples around the changed bytes are read (changedWindow.ts).
  let beforeBytes: Uint8Array | undefined;
  let afterBytes: Uint8Array | undefined;
  if (change === 'modified' && known.window) ({ before: beforeBytes, after: afterBytes } = known.window);
  else {
    beforeBytes = known.beforeBytes ?? (await before.read(path, options.signal));
    afterBytes = known.afterBytes ?? (await after.read(path, options.signal));
    const window =
      change === 'modified' && beforeBytes && afterBytes ? changedSamplesWindow(beforeBytes, afterBytes) : undefined;
    if (window) ({ before: beforeBytes, after: afterBytes } = window);
  }
  const read = diffWalks(
    walkTrsxBytes(beforeBytes, `${path} in ${before.label}`),
    walkTrsxBytes(afterBytes, `${path} in ${after.label}`),
  );
  if (!read.ok) return { ...base, problem: read.problem };
  const semantic = read.diff;
  if (change === 'modified' && semantic.changes.length === 0) return { ...base, change: 'reformatted', semantic };
  return { ...base, semantic };
}

async function describeDialogChange(
  base: FileChange,
  before: PackageFiles,
  after: PackageFiles,
  options: CompareOptions,
): Promise<FileChange> {
  const [a, b] = await Promise.all([before.read(base.path, options.signal), after.read(base.path, options.signal)]);
  if (!a || !b) return base;
  try {
    const dialog = diffDialogs(readDialog(new TextDecoder().decode(a)), readDialog(new TextDecoder().decode(b)));
    return { ...base, change: dialog.changes.length === 0 ? 'reformatted' : 'modified', dialog };
  } catch (e) {
    return { ...base, problem: `${base.path} cannot be read: ${(e as Error).message}` };
  }
}

/** Changed files that mean something (reformatted TRSX left out). */
export function meaningfulChanges(files: readonly FileChange[]): FileChange[] {
  return files.filter((f) => f.change !== 'reformatted');
}
