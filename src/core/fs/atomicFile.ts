// Writes that never leave a half-written file: data goes to a temporary file beside the target (same
// folder, so the same file system), is fsynced, and is renamed over the target only when complete; the
// folder is then fsynced so the rename itself survives a power cut. A crash at any point leaves either
// the old or the new file, never a torn one — at worst a dot-prefixed `*.tmp` file, which
// `removeTempFiles` sweeps. One module for the sandbox's state, package unpacking and CLI rewrites.
import { randomBytes } from 'node:crypto';
import { open, readdir, rename, rm, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { ownerRuns, ownerTag, processRuns } from './processOwner';

const TEMP_SUFFIX = '.tmp';

export interface AtomicFile {
  readonly handle: FileHandle;
  /** Flushes to disk and renames the temp file over the target. */
  commit(): Promise<void>;
  /** Closes and deletes the temp file; the target is untouched. */
  abort(): Promise<void>;
}

function tempPathFor(target: string): string {
  return join(dirname(target), `.${basename(target)}.${ownerTag()}.${randomBytes(6).toString('hex')}${TEMP_SUFFIX}`);
}

/** Opens a temp file for `target`; the caller writes through `handle`, then commits or aborts. */
export async function openAtomic(target: string, mode = 0o644): Promise<AtomicFile> {
  const temp = tempPathFor(target);
  const handle = await open(temp, 'wx', mode);
  let done = false;
  return {
    handle,
    async commit(): Promise<void> {
      if (done) return;
      done = true;
      try {
        await handle.sync();
        await handle.close();
        await rename(temp, target);
      } catch (e) {
        await handle.close().catch(() => undefined);
        await rm(temp, { force: true });
        throw e;
      }
      await fsyncDir(dirname(target));
    },
    async abort(): Promise<void> {
      if (done) return;
      done = true;
      await handle.close().catch(() => undefined);
      await rm(temp, { force: true });
    },
  };
}

/** Replaces `target` with `data` atomically. */
export async function writeFileAtomic(target: string, data: Uint8Array | string, mode?: number): Promise<void> {
  const file = await openAtomic(target, mode);
  try {
    await file.handle.writeFile(data);
  } catch (e) {
    await file.abort();
    throw e;
  }
  await file.commit();
}

/** Makes a rename or unlink in `dir` durable. Not supported on Windows, where rename is already durable enough. */
export async function fsyncDir(dir: string): Promise<void> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'EISDIR' && code !== 'EPERM' && code !== 'EINVAL' && code !== 'EBADF') throw err;
  } finally {
    await handle?.close();
  }
}

/** Deletes temp files left by writes that a crash interrupted. */
export async function removeTempFiles(dir: string): Promise<void> {
  await removeTemps(dir, () => true);
}

/** Deletes temp files whose writer process no longer runs (another command may be writing beside us). */
export async function removeOrphanTempFiles(dir: string): Promise<void> {
  await removeTemps(dir, (name) => !writerRuns(name));
}

async function removeTemps(dir: string, stale: (name: string) => boolean): Promise<void> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return;
  }
  await Promise.all(
    names
      .filter((n) => n.startsWith('.') && n.endsWith(TEMP_SUFFIX) && stale(n))
      .map((n) => rm(join(dir, n), { force: true })),
  );
}

/** Whether the process that named this temp file (see tempPathFor) is still running; a pid alone (earlier versions) is judged by the pid. */
function writerRuns(name: string): boolean {
  const tag = /\.(\d+(?:-\d+)?)\.[0-9a-f]+\.tmp$/.exec(name)?.[1];
  if (tag === undefined) return false;
  return tag.includes('-') ? ownerRuns(tag) : processRuns(Number(tag));
}
