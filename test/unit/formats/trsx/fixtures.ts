// Reads the hand-written TRSX fixtures (`test/fixtures/trsx`) from a test compiled anywhere under the repo.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

function repoRoot(): string {
  let dir = __dirname;
  while (!existsSync(join(dir, 'package.json'))) {
    const up = dirname(dir);
    if (up === dir) throw new Error(`No package.json above ${__dirname}`);
    dir = up;
  }
  return dir;
}

export function fixturePath(name: string): string {
  return join(repoRoot(), 'test', 'fixtures', 'trsx', name);
}

export function readFixture(name: string): string {
  return readFileSync(fixturePath(name), 'utf8');
}
