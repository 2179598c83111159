// "Is this a pulled folder": a project folder that sync manages, known by its state file `.cstudio/state.json`
// (a file: a folder of that name is no state). Sync, its on-demand loading and the explorer of pulled folders ask
// here. A folder with only a package's layout (metadata.json) is a *project* folder: core/package/projectFolder.ts.
import { stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { STATE_DIR, STATE_FILE } from './workspacePaths';

export async function isPulledFolder(dir: string): Promise<boolean> {
  return (await stat(join(dir, STATE_DIR, STATE_FILE)).catch(() => undefined))?.isFile() ?? false;
}

/** The nearest folder at or above `dir` that is a pulled folder, or undefined. */
export async function pulledFolderOf(dir: string): Promise<string | undefined> {
  for (let current = resolve(dir); ; current = dirname(current)) {
    if (await isPulledFolder(current)) return current;
    if (dirname(current) === current) return undefined;
  }
}
