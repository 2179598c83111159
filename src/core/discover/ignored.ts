// Utterances the author dismissed: `.cstudio/discover-ignored.json` in the pulled folder, so they stay hidden
// (in the CLI and the view) until reset. Written atomically; a damaged file is an error naming it, never
// silently emptied (that would bring every dismissed utterance back).
import { mkdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../fs/atomicFile';
import { STATE_DIR } from '../workspace/workspacePaths';

const FILE = 'discover-ignored.json';
const VERSION = 1;

export function ignoredFile(root: string): string {
  return join(root, STATE_DIR, FILE);
}

export async function readIgnored(root: string): Promise<Set<string>> {
  const path = ignoredFile(root);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return new Set();
    throw err;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  const ids = (parsed as { ids?: unknown } | undefined)?.ids;
  if (!Array.isArray(ids) || !ids.every((i) => typeof i === 'string')) {
    throw new Error(
      `${path} is not a list of ignored utterance ids; fix it or delete it (cstudio discover reset) to show every utterance again.`,
    );
  }
  return new Set(ids as string[]);
}

/** Adds ids; returns how many were new. */
export async function addIgnored(root: string, ids: readonly string[]): Promise<number> {
  const current = await readIgnored(root);
  const before = current.size;
  for (const id of ids) current.add(id);
  if (current.size === before) return 0;
  await mkdir(join(root, STATE_DIR), { recursive: true });
  await writeFileAtomic(
    ignoredFile(root),
    `${JSON.stringify({ version: VERSION, ids: [...current].sort() }, null, 2)}\n`,
  );
  return current.size - before;
}

/** Forgets every ignored id; returns how many there were. */
export async function resetIgnored(root: string): Promise<number> {
  const count = (await readIgnored(root).catch(() => new Set<string>())).size;
  await rm(ignoredFile(root), { force: true });
  return count;
}
