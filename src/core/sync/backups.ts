// Backups of the remote package: saved into `.cstudio/backups/` before every destructive push and before a
// restore, named `<UTC time>-<project>-before-<what>.zip` so a listing sorts by time.
import { copyFile, mkdir, readdir, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { fsyncDir } from '../fs/atomicFile';
import type { WorkspacePaths } from '../workspace/workspacePaths';

export interface BackupInfo {
  /** File name inside `.cstudio/backups/`. */
  readonly name: string;
  readonly path: string;
  readonly createdAt: Date;
  readonly bytes: number;
  /** What it was saved before: `replace`, `restore`. */
  readonly reason?: string;
}

const NAME = /^(\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z)-(.+?)-before-([a-z-]+)\.zip$/;

function stamp(at: Date): string {
  return at.toISOString().replace(/[:.]/g, '-');
}

/** Copies a downloaded export into the backups folder. */
export async function saveBackup(
  paths: WorkspacePaths,
  exportFile: string,
  projectId: string,
  reason: string,
): Promise<BackupInfo> {
  await mkdir(paths.backupsDir, { recursive: true });
  const at = new Date();
  const name = `${stamp(at)}-${projectId.replace(/[^A-Za-z0-9_-]/g, '_')}-before-${reason}.zip`;
  const path = join(paths.backupsDir, name);
  await copyFile(exportFile, path);
  await fsyncDir(paths.backupsDir);
  const { size } = await stat(path);
  return { name, path, createdAt: at, bytes: size, reason };
}

/** Backups of the workspace, newest first. */
export async function listBackups(paths: WorkspacePaths): Promise<BackupInfo[]> {
  const names = await readdir(paths.backupsDir).catch((e: NodeJS.ErrnoException) => {
    if (e.code === 'ENOENT') return [] as string[];
    throw e;
  });
  const out: BackupInfo[] = [];
  for (const name of names) {
    if (!name.endsWith('.zip')) continue;
    const path = join(paths.backupsDir, name);
    const info = await stat(path);
    if (!info.isFile()) continue;
    const m = NAME.exec(name);
    const createdAt = m?.[1]
      ? new Date(m[1].replace(/T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z$/, 'T$1:$2:$3.$4Z'))
      : info.mtime;
    out.push({ name, path, createdAt, bytes: info.size, reason: m?.[3] });
  }
  return out.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.name < b.name ? 1 : -1));
}

/** The backup called `name` (a file name, never a path), or the newest when `name` is undefined. */
export async function findBackup(paths: WorkspacePaths, name: string | undefined): Promise<BackupInfo> {
  const backups = await listBackups(paths);
  if (backups.length === 0)
    throw new Error(`${paths.root} has no backups yet; a replace push saves one before it sends anything.`);
  if (name === undefined) return backups[0] as BackupInfo;
  const wanted = basename(name);
  const found = backups.find((b) => b.name === wanted);
  if (!found)
    throw new Error(`No backup named "${name}" in ${paths.backupsDir}; list them with: cstudio backups list.`);
  return found;
}
