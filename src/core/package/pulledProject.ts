// Which pulled project folder a file belongs to: the nearest folder above it holding the package's metadata.json.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { METADATA_FILE } from './layout';

export function isPulledProject(dir: string): boolean {
  return existsSync(join(dir, METADATA_FILE));
}

/** The pulled project folder holding `file` (or its nearest ancestor folder that is one), else undefined. */
export function pulledProjectOf(file: string): string | undefined {
  for (let dir = dirname(file); ; dir = dirname(dir)) {
    if (isPulledProject(dir)) return dir;
    if (dirname(dir) === dir) return undefined;
  }
}
