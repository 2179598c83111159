// Writing and deleting package files inside a workspace (or its base copy) without ever leaving it: each
// write goes through unpackPackage, which re-checks the name, refuses links on the way and replaces the
// file atomically; names of a whole package are checked together first, before anything is written.
import { lstat, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { checkEntryName, ZipSafetyError } from '../package/zipSafety';
import { unpackPackage } from '../package/unpack';
import { STATE_DIR } from './stateDir';

/** Refuses names that escape the folder, target `.cstudio/`, or collide on case-insensitive file systems. */
export function checkPackageNames(names: readonly string[]): void {
  const folded = new Map<string, string>();
  for (const name of names) {
    checkEntryName(name);
    if (name.split('/')[0] === STATE_DIR) {
      throw new ZipSafetyError(`Zip entry "${name}" targets the workspace's private ${STATE_DIR}/ folder; a package never contains it.`, name);
    }
    const key = name.normalize('NFC').toLowerCase();
    const other = folded.get(key);
    if (other !== undefined) throw new ZipSafetyError(`Zip entries "${other}" and "${name}" differ only in case; they would overwrite each other on macOS and Windows.`, name);
    folded.set(key, name);
  }
}

/** Writes one package file under `root` (folders created, links refused, atomic replace). */
export async function writeConfined(root: string, path: string, data: Uint8Array): Promise<void> {
  await unpackPackage(new Map([[path, data]]), root);
}

/** Deletes one package file under `root`; a link or folder in its place is refused, a missing file is fine. */
export async function removeFile(root: string, path: string): Promise<void> {
  checkEntryName(path);
  const full = join(root, ...path.split('/'));
  const info = await lstat(full).catch(() => undefined);
  if (!info) return;
  if (!info.isFile()) throw new ZipSafetyError(`${full} is not a regular file; refusing to delete it. Remove it yourself if it should go.`, path);
  await rm(full);
}
