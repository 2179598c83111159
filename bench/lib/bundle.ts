// Bundles a source entry point the way esbuild.mjs does, for a benchmark that must run what ships (the
// language server in a child, the report's worker thread) and is itself a bundle run from out/bench/.
import type * as Esbuild from 'esbuild';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The repository the benchmark runs from: the first folder up from the script (or the working folder) with src/core. */
export function repoRoot(): string {
  for (const start of [__dirname, process.cwd()]) {
    let dir = start;
    for (;;) {
      if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'src', 'core'))) return dir;
      const up = dirname(dir);
      if (up === dir) break;
      dir = up;
    }
  }
  throw new Error('Run the benchmark from the repository (npm run bench <name>).');
}

/** Bundles `entry` (a path from the repository root) into `outfile`. */
export function bundleEntry(entry: string, outfile: string): void {
  const root = repoRoot();
  // esbuild is loaded from the repository at run time: bundled into this script, it cannot find its binary.
  const { buildSync } = createRequire(join(root, 'package.json'))('esbuild') as typeof Esbuild;
  buildSync({
    entryPoints: [join(root, entry)],
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    outfile,
    logLevel: 'warning',
  });
}
