// "Is this a project folder": a folder with a project package's layout, its metadata.json at the root, whether a
// pull wrote it or an export was unzipped there. Model Health, Try, NLU tests, `validate`, `rename` and the
// training source work on one. A *pulled* folder is another rule: a project folder sync manages, known by its
// `.cstudio/state.json` (core/workspace/pulledFolder.ts). docs/platform-notes.md says why they differ.
import { statSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { METADATA_FILE } from './layout';

export async function isProjectFolder(dir: string): Promise<boolean> {
  return (await stat(join(dir, METADATA_FILE)).catch(() => undefined))?.isFile() ?? false;
}

/** isProjectFolder for callers that cannot wait (an editor's active file, a quick pick's items). */
export function isProjectFolderSync(dir: string): boolean {
  try {
    return statSync(join(dir, METADATA_FILE)).isFile();
  } catch {
    return false;
  }
}

/** The project folder holding `file` (its nearest ancestor that is one), else undefined. */
export function projectFolderOf(file: string): string | undefined {
  for (let dir = dirname(file); ; dir = dirname(dir)) {
    if (isProjectFolderSync(dir)) return dir;
    if (dirname(dir) === dir) return undefined;
  }
}
