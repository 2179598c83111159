// Locates the shared real-world corpus (`<repo root>/../shared/corpus`) from a test file compiled anywhere
// under the repo; undefined when it is absent, so tests can skip with a message. CSTUDIO_CORPUS names another
// place (a worktree that does not sit beside shared/).
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';

export function corpusDir(): string | undefined {
  const named = process.env.CSTUDIO_CORPUS;
  if (named) return existsSync(named) ? named : undefined;
  let dir = __dirname;
  while (!existsSync(join(dir, 'package.json'))) {
    const up = dirname(dir);
    if (up === dir) return undefined;
    dir = up;
  }
  const corpus = join(dir, '..', 'shared', 'corpus');
  return existsSync(corpus) ? corpus : undefined;
}

/** Absolute path of a corpus file, or undefined when the corpus or the file is missing. */
export function corpusFile(...parts: string[]): string | undefined {
  const root = corpusDir();
  const file = root && join(root, ...parts);
  return file && existsSync(file) ? file : undefined;
}

/** The corpus's real TRSX files (name and absolute path), or undefined when the corpus is absent. */
export function corpusTrsxFiles(): { name: string; path: string }[] | undefined {
  const root = corpusDir();
  if (!root) return undefined;
  return readdirSync(join(root, 'trsx'))
    .filter((n) => n.endsWith('.trsx'))
    .map((name) => ({ name, path: join(root, 'trsx', name) }));
}
