// A pulled project folder is the package (docs/architecture.md, "Contracts worth knowing"): zipping it minus
// `.cstudio/` gives a valid replacement package. Dot-files (editor and OS litter such as .DS_Store, .git) are left
// out too.
// Symbolic links are refused: following one could put files from outside the project into an upload.
import { open, readdir, stat } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import { noProgress, throwIfAborted, type Progress } from '../progress';
import { openAtomic } from '../fs/atomicFile';
import { ZipStreamWriter } from './zip';

/** Files are zipped through one buffer of this size, refilled (see fileChunks). */
export const FILE_CHUNK = 256 * 1024;

/**
 * A file's bytes as views of `buffer`, refilled for each chunk: the consumer must be done with a chunk before
 * asking for the next (ZipStreamWriter is). Reading a package this way leaves no buffer per chunk behind.
 */
export async function* fileChunks(path: string, buffer: Uint8Array, signal?: AbortSignal): AsyncGenerator<Uint8Array> {
  const handle = await open(path, 'r');
  try {
    for (;;) {
      throwIfAborted(signal);
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
      if (bytesRead === 0) return;
      yield buffer.subarray(0, bytesRead);
    }
  } finally {
    await handle.close();
  }
}

export interface FolderOptions {
  signal?: AbortSignal;
  progress?: Progress;
}

export class PackageFolderError extends Error {
  constructor(
    message: string,
    readonly path: string,
  ) {
    super(message);
    this.name = 'PackageFolderError';
  }
}

/** Package paths (`/`-separated, sorted) of the files in a project folder. */
export async function listPackageFolder(dir: string, options: FolderOptions = {}): Promise<string[]> {
  const root = resolve(dir);
  const out: string[] = [];
  const walk = async (folder: string): Promise<void> => {
    throwIfAborted(options.signal);
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const full = join(folder, entry.name);
      const rel = relative(root, full).split(sep).join('/');
      if (entry.isSymbolicLink()) {
        throw new PackageFolderError(
          `${full} is a symbolic link; a package holds only regular files. Replace the link with the file it points to.`,
          full,
        );
      }
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile()) out.push(rel);
      else
        throw new PackageFolderError(
          `${full} is not a regular file (socket, FIFO or device); remove it from the project folder.`,
          full,
        );
    }
  };
  // The folder itself may be reached through a link (a user's choice); links inside it are refused.
  const top = await stat(root).catch(() => undefined);
  if (!top?.isDirectory())
    throw new PackageFolderError(`${root} is not a folder; give the project folder to pack.`, root);
  await walk(root);
  return out.sort();
}

/**
 * Zips files of a folder (package paths under `root`) straight into `outFile`, file by file through one
 * FILE_CHUNK buffer, so memory stays bounded whatever the package size. The zip appears only when complete
 * (temp file, then rename); on abort or error nothing is left behind. The one way packages are written to disk:
 * a push's replace upload (core/sync/packageUpload) goes through it.
 */
export async function packFiles(
  root: string,
  paths: readonly string[],
  outFile: string,
  options: FolderOptions = {},
): Promise<{ entries: number; bytes: number }> {
  const progress = options.progress ?? noProgress;
  const out = await openAtomic(resolve(outFile));
  let bytes = 0;
  try {
    const writer = new ZipStreamWriter(async (chunk) => {
      await out.handle.write(chunk);
      bytes += chunk.length;
    });
    const buffer = new Uint8Array(FILE_CHUNK);
    for (const path of paths) {
      throwIfAborted(options.signal);
      await writer.addFile(path, fileChunks(join(resolve(root), ...path.split('/')), buffer, options.signal));
      progress.report({ message: path, increment: 100 / paths.length });
    }
    await writer.finish();
  } catch (e) {
    await out.abort();
    throw e;
  }
  await out.commit();
  return { entries: paths.length, bytes };
}
