// Status re-hashes only what changed (src/core/sync/hashCache.ts), and never answers from a stale entry.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, readFile, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { HashCache } from '../../../src/core/sync/hashCache';
import { sha256 } from '../../../src/core/sync/hashing';
import { WorkspacePaths } from '../../../src/core/workspace/workspacePaths';
import { tempDir } from './support';

describe('the stat-keyed hash cache', () => {
  test('a settled file is answered from the cache; a rewrite, a fresh write or a damaged cache means hashing again', async () => {
    const ws = await tempDir();
    try {
      const paths = new WorkspacePaths(ws.dir);
      await mkdir(paths.stateDir, { recursive: true });
      const file = join(ws.dir, 'dialog.json');
      await writeFile(file, '{}\n');
      const hash = sha256(new TextEncoder().encode('{}\n'));

      const fresh = await HashCache.load(paths);
      await fresh.record('dialog.json', file, hash);
      assert.equal(await fresh.lookup('dialog.json', file), undefined, 'a file written just now is not trusted');

      const old = new Date(Date.now() - 60_000);
      await utimes(file, old, old);
      await fresh.record('dialog.json', file, hash);
      await fresh.save();
      const loaded = await HashCache.load(paths);
      assert.equal(await loaded.lookup('dialog.json', file), hash);

      await writeFile(file, '{"x":1}\n');
      await utimes(file, old, old); // same mtime, other size
      assert.equal(await loaded.lookup('dialog.json', file), undefined);

      await writeFile(join(paths.stateDir, 'hashes.json'), '{ damaged');
      assert.equal(await (await HashCache.load(paths)).lookup('dialog.json', file), undefined);
      assert.match(await readFile(join(paths.stateDir, 'hashes.json'), 'utf8'), /damaged/);
    } finally {
      await ws.cleanup();
    }
  });
});
