// Writing and deleting package files inside a workspace (or its base copy) without ever leaving it: each
// write goes through unpackPackage, which re-checks the name, refuses links on the way and replaces the
// file atomically; names of a whole package are checked together first, before anything is written.
import { lstat, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { foreignPackagePath } from '../package/layout';
import { checkEntryName, ZipSafetyError } from '../package/zipSafety';
import { assertUnpackable, unpackPackage } from '../package/unpack';

/**
 * Refuses a package's names before anything is written: what unpacking refuses (unpack.ts: escapes, `.cstudio/`,
 * case collisions) and paths no package has (layout.ts), which a pull would otherwise write into the folder.
 */
export function checkPackageNames(names: readonly string[]): void {
  const files = names.filter((n) => !n.endsWith('/'));
  assertUnpackable(files);
  for (const name of files) {
    const problem = foreignPackagePath(name);
    if (problem)
      throw new ZipSafetyError(`Zip entry "${name}" ${problem}; refusing the archive, nothing was written.`, name);
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
  if (!info.isFile())
    throw new ZipSafetyError(
      `${full} is not a regular file; refusing to delete it. Remove it yourself if it should go.`,
      path,
    );
  await rm(full);
}
