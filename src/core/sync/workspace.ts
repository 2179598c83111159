// The private state of a pulled project folder (docs/architecture.md, "Contracts worth knowing"):
//   .cstudio/state.json   where the package came from, when, and the content hash of every base file
//   .cstudio/base/        the package as last pulled (the base of status, merges and conflicts)
//   .cstudio/backups/     the remote package saved before every destructive push or restore
//   .cstudio/remote.zip   the last remote export seen (for "remote against working" diffs)
//   .cstudio/txn-<pid>-<start>/  a pull's staged files while it commits (pullTransaction.ts)
//   .cstudio/pending-push.json  a push whose outcome is not settled yet (pendingPush.ts)
import { constants } from 'node:fs';
import { access, readFile } from 'node:fs/promises';
import { recoverPullTransactions } from './pullTransaction';
import { STATE_DIR, STATE_FILE, type WorkspacePaths } from '../workspace/workspacePaths';
import { pulledFolderOf } from '../workspace/pulledFolder';

const STATE_VERSION = 1;

export interface WorkspaceConnection {
  /** The connection's name ("Local sandbox", "cli"). */
  readonly name?: string;
  readonly baseUrl: string;
}

/** A base file's record: its hash, plus local hashes known to be semantically identical to it. */
export interface BaseFileRecord {
  readonly hash: string;
  /** Hashes of local versions that differ only in layout (written by a merge or left by a push). */
  readonly same?: readonly string[];
}

export interface ConflictItem {
  readonly locale?: string;
  /** intent, entity, literal, sample, header, or file for a whole non-TRSX file. */
  readonly kind: string;
  readonly label: string;
  readonly local: string;
  readonly remote: string;
}

export interface ConflictRecord {
  readonly path: string;
  /** Hash of the remote version the conflict was found against. */
  readonly remoteHash?: string;
  readonly items: readonly ConflictItem[];
}

export interface WorkspaceState {
  readonly version: number;
  readonly connection: WorkspaceConnection;
  readonly orgId?: string;
  readonly projectId: string;
  readonly projectName?: string;
  /** ISO time of the last pull (or of the refresh after a push). */
  readonly pulledAt: string;
  /** Server's name of the export the base came from. */
  readonly exportFileName?: string;
  /** Whether the export held restricted files: only then may a push replace them. */
  readonly restrictedVisible: boolean;
  readonly base: Readonly<Record<string, BaseFileRecord>>;
  /** Unresolved conflicts of the last pull; a push is refused while there are any. */
  readonly conflicts: readonly ConflictRecord[];
}

export class WorkspaceError extends Error {
  constructor(
    message: string,
    readonly dir: string,
  ) {
    super(message);
    this.name = 'WorkspaceError';
  }
}

/** The nearest folder at or above `dir` that holds `.cstudio/state.json`, or undefined. */
export function findWorkspaceRoot(dir: string): Promise<string | undefined> {
  return pulledFolderOf(dir);
}

export async function readWorkspaceState(paths: WorkspacePaths): Promise<WorkspaceState | undefined> {
  // A pull that died mid-commit is finished (or, before its commit point, rolled back) before anything reads.
  await recoverPullTransactions(paths);
  let text: string;
  try {
    text = await readFile(paths.stateFile, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new WorkspaceError(
      `${paths.stateFile} is not valid JSON (${(err as Error).message}); pull the project into a fresh folder, or restore the file.`,
      paths.root,
    );
  }
  return checkState(value, paths);
}

/** Why the folder's state cannot be written (EROFS, EACCES, EPERM), or undefined when it can (or does not exist yet). */
export async function writeProblem(paths: WorkspacePaths): Promise<string | undefined> {
  // access() names the cause: a recursive mkdir on a read-only file system reports ENOENT instead.
  for (const dir of [paths.stateDir, paths.root]) {
    try {
      await access(dir, constants.W_OK);
      return undefined;
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'EROFS') return 'EROFS: read-only file system';
      if (code === 'EACCES' || code === 'EPERM') return `${code}: no permission to write`;
    }
  }
  return undefined;
}

/** Refuses, naming the cause and the fix, when `action` would have to write a folder it cannot. */
export async function requireWritable(paths: WorkspacePaths, action: string): Promise<void> {
  const problem = await writeProblem(paths);
  if (problem) {
    throw new WorkspaceError(
      `${paths.root} cannot be written (${problem}); ${action} writes the folder's files and its ${STATE_DIR} state. Make it writable (remount it read-write, or fix its owner and mode), or work on a copy; \`cstudio status\` works on a read-only folder.`,
      paths.root,
    );
  }
}

/** The state of a pulled workspace; a clear error when `dir` was never pulled. */
export async function requireWorkspaceState(paths: WorkspacePaths): Promise<WorkspaceState> {
  const state = await readWorkspaceState(paths);
  if (!state)
    throw new WorkspaceError(
      `${paths.root} is not a pulled project folder (no ${STATE_DIR}/${STATE_FILE}); pull a project into it first (cstudio pull <projectId> [dir]).`,
      paths.root,
    );
  return state;
}

/** state.json's text (base records sorted by path). */
export function workspaceStateText(state: Omit<WorkspaceState, 'version'>): string {
  const sortedBase = Object.fromEntries(
    Object.keys(state.base)
      .sort()
      .map((k) => [k, state.base[k]]),
  );
  return `${JSON.stringify({ version: STATE_VERSION, ...state, base: sortedBase }, null, 2)}\n`;
}

function checkState(value: unknown, paths: WorkspacePaths): WorkspaceState {
  const bad = (what: string): WorkspaceError =>
    new WorkspaceError(
      `${paths.stateFile} is damaged (${what}); pull the project into a fresh folder, or restore the file.`,
      paths.root,
    );
  if (typeof value !== 'object' || value === null) throw bad('not an object');
  const v = value as Record<string, unknown>;
  if (v.version !== STATE_VERSION) throw bad(`version ${String(v.version)}, expected ${STATE_VERSION}`);
  if (typeof v.projectId !== 'string' || v.projectId === '') throw bad('no projectId');
  const connection = v.connection as Record<string, unknown> | undefined;
  if (typeof connection?.baseUrl !== 'string') throw bad('no connection.baseUrl');
  if (typeof v.base !== 'object' || v.base === null) throw bad('no base');
  for (const [path, record] of Object.entries(v.base as Record<string, unknown>)) {
    if (typeof (record as BaseFileRecord | undefined)?.hash !== 'string') throw bad(`base entry "${path}" has no hash`);
  }
  if (v.conflicts !== undefined && !Array.isArray(v.conflicts)) throw bad('conflicts is not a list');
  return {
    ...(v as unknown as WorkspaceState),
    restrictedVisible: v.restrictedVisible === true,
    conflicts: (v.conflicts as ConflictRecord[] | undefined) ?? [],
  };
}

/** True when `hash` is the base file's, or a local version known to mean the same. */
export function matchesBase(record: BaseFileRecord | undefined, hash: string | undefined): boolean {
  if (!record || hash === undefined) return record === undefined && hash === undefined;
  return record.hash === hash || (record.same?.includes(hash) ?? false);
}
