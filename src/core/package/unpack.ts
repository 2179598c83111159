// Writes package files into a folder without ever writing outside it: every entry name is re-checked,
// the destination is resolved against the folder's real path, any symbolic link already on the way is
// refused (a link planted in the workspace must not redirect a pull), and each file is written to a temp
// file and renamed into place, so an interrupted unpack leaves whole files only.
import { lstat, mkdir, realpath } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { noProgress, throwIfAborted, type Progress } from '../progress';
import { writeFileAtomic } from '../fs/atomicFile';
import { isInside } from '../fs/pathInside';
import { STATE_DIR } from '../workspace/workspacePaths';
import { ZipSafetyError, checkEntryName } from './zipSafety';

export interface UnpackOptions {
  signal?: AbortSignal;
  progress?: Progress;
  /** Platform whose file-name rules apply (default: this process's); tests pass 'win32'. */
  platform?: NodeJS.Platform;
}

const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;

/** Why one path segment cannot be a file name on `platform`, or undefined. */
function platformProblem(segment: string, platform: NodeJS.Platform): string | undefined {
  if (platform !== 'win32') return undefined;
  if (/[:*?"<>|]/.test(segment))
    return `a character Windows does not allow in file names (":" would open an alternate data stream)`;
  if (/[. ]$/.test(segment)) return 'a trailing dot or space, which Windows silently drops';
  if (WINDOWS_RESERVED.test(segment)) return `the reserved Windows device name "${segment}"`;
  return undefined;
}

/**
 * Checks every entry before anything is written, so a bad archive leaves the folder untouched: the entry-name rule
 * (zipSafety.ts), never the workspace's private folder, file names the platform allows, no two names one file.
 */
export function assertUnpackable(names: readonly string[], platform: NodeJS.Platform = process.platform): void {
  const folded = new Map<string, string>();
  for (const name of names) {
    checkEntryName(name);
    const segments = name.split('/');
    if (segments[0] === STATE_DIR) {
      throw new ZipSafetyError(
        `Zip entry "${name}" targets the workspace's private ${STATE_DIR}/ folder; a package never contains it.`,
        name,
      );
    }
    for (const segment of segments) {
      const problem = platformProblem(segment, platform);
      if (problem)
        throw new ZipSafetyError(`Zip entry "${name}" has ${problem}; it cannot be unpacked safely here.`, name);
    }
    // Case-insensitive file systems (macOS, Windows) would merge these two into one file.
    const key = name.normalize('NFC').toLowerCase();
    const other = folded.get(key);
    if (other !== undefined)
      throw new ZipSafetyError(
        `Zip entries "${other}" and "${name}" differ only in case; they would overwrite each other on macOS and Windows.`,
        name,
      );
    folded.set(key, name);
  }
}

/**
 * Unpacks `files` into `targetDir` (created when missing). Returns the absolute paths written, in order.
 * Existing files are replaced; files not in the package are left alone (the sync engine decides deletes).
 */
export async function unpackPackage(
  files: ReadonlyMap<string, Uint8Array>,
  targetDir: string,
  options: UnpackOptions = {},
): Promise<string[]> {
  const names = [...files.keys()].filter((n) => !n.endsWith('/')).sort();
  assertUnpackable(names, options.platform ?? process.platform);
  await mkdir(targetDir, { recursive: true });
  const root = await realpath(resolve(targetDir));
  const progress = options.progress ?? noProgress;
  const written: string[] = [];
  for (const name of names) {
    throwIfAborted(options.signal);
    const destination = join(root, ...name.split('/'));
    if (!isInside(root, destination)) {
      throw new ZipSafetyError(`Zip entry "${name}" resolves outside ${root}; refusing to write it.`, name);
    }
    await prepareFolders(root, name.split('/').slice(0, -1), name);
    await refuseLinkOrFolder(destination, name);
    await writeFileAtomic(destination, files.get(name) ?? new Uint8Array(0));
    written.push(destination);
    progress.report({ message: name, increment: 100 / names.length });
  }
  return written;
}

/**
 * The absolute destination of package file `name` under `targetDir`, with its parent folders created and
 * checked as an unpack does (no link on the way, nothing outside), for a caller that renames a file there.
 */
export async function confinedDestination(
  targetDir: string,
  name: string,
  platform: NodeJS.Platform = process.platform,
): Promise<string> {
  assertUnpackable([name], platform);
  await mkdir(targetDir, { recursive: true });
  const root = await realpath(resolve(targetDir));
  const destination = join(root, ...name.split('/'));
  if (!isInside(root, destination))
    throw new ZipSafetyError(`Package file "${name}" resolves outside ${root}; refusing to write it.`, name);
  await prepareFolders(root, name.split('/').slice(0, -1), name);
  await refuseLinkOrFolder(destination, name);
  return destination;
}

/** Creates the entry's parent folders one by one, refusing any existing link or non-folder on the way. */
async function prepareFolders(root: string, segments: readonly string[], entry: string): Promise<void> {
  let current = root;
  for (const segment of segments) {
    current = join(current, segment);
    const stat = await lstat(current).catch((e: NodeJS.ErrnoException) => {
      if (e.code === 'ENOENT') return undefined;
      throw e;
    });
    if (!stat) {
      await mkdir(current);
      continue;
    }
    if (stat.isSymbolicLink()) {
      throw new ZipSafetyError(
        `${current} is a symbolic link; refusing to unpack "${entry}" through it. Remove the link and try again.`,
        entry,
      );
    }
    if (!stat.isDirectory()) {
      throw new ZipSafetyError(
        `${current} is a file, but zip entry "${entry}" needs it to be a folder; move the file away and try again.`,
        entry,
      );
    }
  }
  // The folder chain was checked link by link; confirm once more that its real path stays inside.
  if (!isInside(root, await realpath(current), { orSelf: true }))
    throw new ZipSafetyError(`Zip entry "${entry}" would land outside ${root}; refusing it.`, entry);
}

async function refuseLinkOrFolder(destination: string, entry: string): Promise<void> {
  const stat = await lstat(destination).catch(() => undefined);
  if (stat?.isSymbolicLink()) {
    throw new ZipSafetyError(
      `${destination} is a symbolic link; refusing to replace it with zip entry "${entry}". Remove the link and try again.`,
      entry,
    );
  }
  if (stat?.isDirectory()) {
    throw new ZipSafetyError(
      `${destination} is a folder, but zip entry "${entry}" is a file; move the folder away and try again.`,
      entry,
    );
  }
}
