// A pull as a transaction. Every new working file, base file and the new state.json are first staged in
// `.cstudio/txn-<pid>-<start>/` (its owner, processOwner.ts); writing its `commit.json` (the list of renames and deletions) is the commit
// point; the operations are then applied by renames, state.json last, and the folder is removed. A kill at
// any instant leaves either the old workspace (no commit.json: the staging folder is rolled back) or a
// committed one that the next command finishes (commit.json: every operation is replayed; each is
// idempotent, since a staged file that is gone was already renamed into place).
import { copyFile, mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fsyncDir, openAtomic, removeOrphanTempFiles, writeFileAtomic } from '../fs/atomicFile';
import { ownerRuns, ownerTag } from '../fs/processOwner';
import { confinedDestination } from '../package/unpack';
import { STATE_FILE, type WorkspacePaths } from '../workspace/workspacePaths';
import { testKillPoint } from './testKillPoints';
import { removeFile, writeConfined } from './writeFiles';

type Area = 'work' | 'base';

interface FileOperation {
  readonly op: 'put' | 'remove';
  readonly area: Area;
  readonly path: string;
}

interface CommitRecord {
  readonly version: 1;
  readonly operations: readonly FileOperation[];
}

const TXN_PREFIX = 'txn-';
const COMMIT_FILE = 'commit.json';

export class PullTransaction {
  private readonly operations: FileOperation[] = [];
  /** File operations done so far: the test seam can stop the process at any one of them. */
  private fileOps = 0;
  /** Set once commit.json is written: from then on the transaction is finished, never dropped. */
  private committed = false;

  private constructor(
    private readonly paths: WorkspacePaths,
    private readonly dir: string,
  ) {}

  static async begin(paths: WorkspacePaths): Promise<PullTransaction> {
    await recoverPullTransactions(paths);
    const dir = join(paths.stateDir, `${TXN_PREFIX}${ownerTag()}`);
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true });
    return new PullTransaction(paths, dir);
  }

  /** Stages `data` as the new content of `path` in the working folder or the base. */
  async put(area: Area, path: string, data: Uint8Array): Promise<void> {
    this.step();
    await writeConfined(join(this.dir, area), path, data);
    this.operations.push({ op: 'put', area, path });
  }

  /** Stages the concatenation of `parts` as the new content of `path`, written piece by piece (never joined in memory). */
  async putParts(area: Area, path: string, parts: readonly Uint8Array[]): Promise<void> {
    if (parts.length === 1 && parts[0]) {
      await this.put(area, path, parts[0]);
      return;
    }
    this.step();
    const file = await openAtomic(await confinedDestination(join(this.dir, area), path));
    try {
      for (const part of parts) {
        for (let at = 0; at < part.length; ) at += (await file.handle.write(part, at, part.length - at)).bytesWritten;
      }
    } catch (err) {
      await file.abort();
      throw err;
    }
    await file.commit();
    this.operations.push({ op: 'put', area, path });
  }

  /**
   * Stages a copy of the file at `source` as the new content of `path`: the system copies it (nothing passes
   * through memory) and it is flushed to disk before the commit, as a staged write is.
   */
  async putCopy(area: Area, path: string, source: string): Promise<void> {
    this.step();
    const staged = await confinedDestination(join(this.dir, area), path);
    await copyFile(source, staged);
    const handle = await open(staged, 'r+');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    this.operations.push({ op: 'put', area, path });
  }

  remove(area: Area, path: string): void {
    this.operations.push({ op: 'remove', area, path });
  }

  /** Stages the new state.json, commits, applies every operation, and cleans up. */
  async commit(stateText: string): Promise<void> {
    this.step();
    await writeFileAtomic(join(this.dir, STATE_FILE), stateText);
    this.step();
    const record: CommitRecord = { version: 1, operations: this.operations };
    await writeFileAtomic(join(this.dir, COMMIT_FILE), JSON.stringify(record));
    this.committed = true;
    await applyCommitted(this.paths, this.dir, record, () => this.step());
  }

  /** Drops what was staged, unless committed (then the next command finishes applying it). */
  async abandon(): Promise<void> {
    if (this.committed) return;
    await rm(this.dir, { recursive: true, force: true });
  }

  private step(): void {
    testKillPoint(`pull:${++this.fileOps}`);
  }
}

/**
 * Finishes or rolls back the transactions of pulls that died (their process no longer runs, or its pid now
 * belongs to another process): committed
 * ones are replayed, the others' staging folders removed. Stale temp files of dead writers go too.
 */
export async function recoverPullTransactions(paths: WorkspacePaths): Promise<void> {
  let names: string[];
  try {
    names = await readdir(paths.stateDir);
  } catch {
    return;
  }
  for (const name of names.filter((n) => n.startsWith(TXN_PREFIX)).sort()) {
    // Owned by a live process only when its pid runs with the start time in the name (processOwner.ts); a folder
    // named by a pid alone was left by an earlier version, whose pulls do not run beside this one.
    if (ownerRuns(name.slice(TXN_PREFIX.length))) continue;
    const dir = join(paths.stateDir, name);
    const record = await readCommit(dir);
    if (record) await applyCommitted(paths, dir, record, () => undefined);
    else await rm(dir, { recursive: true, force: true });
  }
  await removeOrphanTempFiles(paths.stateDir);
}

/** Temp files of dead writers beside the package files (left by versions that wrote in place). */
export async function removeStaleTemps(paths: WorkspacePaths, packagePaths: Iterable<string>): Promise<void> {
  const folders = new Set<string>();
  for (const p of packagePaths) {
    const parent = dirname(p);
    const rel = parent === '.' ? [] : parent.split('/');
    folders.add(join(paths.root, ...rel));
    folders.add(join(paths.baseDir, ...rel));
  }
  for (const folder of folders) await removeOrphanTempFiles(folder);
}

async function readCommit(dir: string): Promise<CommitRecord | undefined> {
  try {
    const value = JSON.parse(await readFile(join(dir, COMMIT_FILE), 'utf8')) as CommitRecord;
    return value.version === 1 && Array.isArray(value.operations) ? value : undefined;
  } catch {
    // No (or a torn) commit record: the transaction never reached its commit point.
    return undefined;
  }
}

async function applyCommitted(
  paths: WorkspacePaths,
  dir: string,
  record: CommitRecord,
  step: () => void,
): Promise<void> {
  const touched = new Set<string>();
  for (const o of record.operations) {
    const root = o.area === 'work' ? paths.root : paths.baseDir;
    step();
    if (o.op === 'remove') {
      await removeFile(root, o.path);
    } else {
      const staged = join(dir, o.area, ...o.path.split('/'));
      if (!(await exists(staged))) continue; // renamed into place before an interruption
      const target = await confinedDestination(root, o.path);
      await rename(staged, target);
      touched.add(dirname(target));
    }
  }
  for (const folder of touched) await fsyncDir(folder);
  const stagedState = join(dir, STATE_FILE);
  if (await exists(stagedState)) {
    step();
    await rename(stagedState, paths.stateFile);
    await fsyncDir(paths.stateDir);
  }
  step();
  await rm(join(dir, COMMIT_FILE), { force: true });
  await rm(dir, { recursive: true, force: true });
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}
