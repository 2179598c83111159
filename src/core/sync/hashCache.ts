// Hashes of workspace files by their stat (size, mtime, inode), kept in .cstudio/hashes.json, so status re-hashes
// only what changed: on a project of 8 locales, one edited locale costs one file's work, not eight. A file changed
// within the last seconds is never cached (a write in the same clock tick as the stat could go unseen), and any
// doubt (no entry, a different stat, a damaged cache file) means hashing again.
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../fs/atomicFile';
import type { WorkspacePaths } from '../workspace/workspacePaths';

const SETTLED_MS = 3000;

interface Entry {
  readonly size: number;
  readonly mtimeMs: number;
  readonly ino: number;
  readonly hash: string;
}

export class HashCache {
  private changed = false;

  private constructor(
    private readonly file: string,
    private readonly entries: Map<string, Entry>,
  ) {}

  static async load(paths: WorkspacePaths): Promise<HashCache> {
    const file = join(paths.stateDir, 'hashes.json');
    let entries = new Map<string, Entry>();
    try {
      const raw = JSON.parse(await readFile(file, 'utf8')) as Record<string, Entry>;
      entries = new Map(
        Object.entries(raw).filter(([, e]) => typeof e?.hash === 'string' && typeof e.size === 'number'),
      );
    } catch {
      // absent or damaged: everything is hashed again
    }
    return new HashCache(file, entries);
  }

  /** The recorded hash of `fullPath` (stored under `path`) when its stat is still the one recorded. */
  async lookup(path: string, fullPath: string): Promise<string | undefined> {
    const entry = this.entries.get(path);
    if (!entry) return undefined;
    const info = await stat(fullPath).catch(() => undefined);
    return info && info.size === entry.size && info.mtimeMs === entry.mtimeMs && info.ino === entry.ino
      ? entry.hash
      : undefined;
  }

  /** Records `hash` for the file as it is now, unless it changed too recently to trust its mtime. */
  async record(path: string, fullPath: string, hash: string): Promise<void> {
    const info = await stat(fullPath).catch(() => undefined);
    if (!info || Date.now() - info.mtimeMs < SETTLED_MS) {
      this.changed = this.entries.delete(path) || this.changed;
      return;
    }
    this.entries.set(path, { size: info.size, mtimeMs: info.mtimeMs, ino: info.ino, hash });
    this.changed = true;
  }

  /**
   * Records `hash` for a file this tool just wrote and only ever replaces by rename (a base copy), however recent:
   * the settle rule above guards against another writer changing a file within the tick of its stat, and a base copy
   * changed so (in place, same size, same tick as our rename) is the one damage this cache can miss.
   */
  async recordOwnCopy(path: string, fullPath: string, hash: string): Promise<void> {
    const info = await stat(fullPath).catch(() => undefined);
    if (!info) return;
    this.entries.set(path, { size: info.size, mtimeMs: info.mtimeMs, ino: info.ino, hash });
    this.changed = true;
  }

  /** Best effort: a workspace that cannot be written to is still given its status, only without the cache. */
  async save(): Promise<void> {
    if (!this.changed) return;
    await writeFileAtomic(this.file, `${JSON.stringify(Object.fromEntries(this.entries))}\n`).catch(() => undefined);
    this.changed = false;
  }
}
