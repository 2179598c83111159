// Reads that keep nothing (src/core/fs/readWhole.ts, FolderFiles/ZipFiles.readTransient) and the merge written
// piece by piece (PullTransaction.putParts): the same bytes and hashes as the plain paths, from one reused buffer.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { readWholeFile } from '../../../src/core/fs/readWhole';
import { writeZip } from '../../../src/core/package/zip';
import { sha256 } from '../../../src/core/sync/hashing';
import { FolderFiles, ZipFiles } from '../../../src/core/sync/packageFiles';
import { PullTransaction } from '../../../src/core/sync/pullTransaction';
import { WorkspacePaths } from '../../../src/core/workspace/workspacePaths';
import { EntryScratch } from '../../../src/core/package/zipArchive';
import { tempDir } from './support';

describe('transient reads and piecewise writes', () => {
  test('a folder and a zip read through one scratch give the plain bytes and hashes; the buffer is reused', async () => {
    const ws = await tempDir();
    try {
      const big = Buffer.alloc(3 * 1024 * 1024 + 17, 'sample text ');
      const small = Buffer.from('{"name":"x"}\n');
      await mkdir(join(ws.dir, 'en-US'), { recursive: true });
      await writeFile(join(ws.dir, 'en-US', 'en-US.trsx'), big);
      await writeFile(join(ws.dir, 'metadata.json'), small);
      assert.deepEqual(Buffer.from(await readWholeFile(join(ws.dir, 'metadata.json'))), small);
      assert.equal((await readWholeFile(join(ws.dir, 'en-US', 'en-US.trsx'))).length, big.length);

      const scratch = new EntryScratch();
      const folder = new FolderFiles(ws.dir, 'the workspace', scratch);
      const plain = new FolderFiles(ws.dir, 'the workspace');
      for (const path of ['en-US/en-US.trsx', 'metadata.json'])
        assert.equal(await folder.hash(path), await plain.hash(path));
      const first = await folder.readTransient('en-US/en-US.trsx');
      assert.equal(first && sha256(first), sha256(big));
      const second = await folder.readTransient('metadata.json');
      assert.equal(second?.buffer, first?.buffer, 'the second read lands in the same buffer');
      assert.deepEqual(second && Buffer.from(second), small);
      assert.equal(await folder.readTransient('absent.json'), undefined);

      const zipPath = join(ws.dir, 'export.zip');
      await writeFile(
        zipPath,
        await writeZip(
          new Map([
            ['en-US/en-US.trsx', big],
            ['metadata.json', small],
          ]),
        ),
      );
      const zip = await ZipFiles.open(zipPath, 'the export', scratch);
      try {
        const entry = await zip.readTransient('en-US/en-US.trsx');
        assert.equal(entry && sha256(entry), sha256(big));
        assert.equal(await zip.hash('metadata.json'), sha256(small));
        assert.equal(await zip.readTransient('absent.json'), undefined);
      } finally {
        await zip.close();
      }
    } finally {
      await ws.cleanup();
    }
  });

  test('an export entry stored as in the previous export is known by its stored digest, not inflated; a changed one is hashed', async () => {
    const ws = await tempDir();
    try {
      const trsx = Buffer.alloc(2 * 1024 * 1024 + 5, 'sample text ');
      const edited = Buffer.concat([trsx, Buffer.from('one more')]);
      const other = Buffer.alloc(1024 * 1024, 'other locale ');
      const first = join(ws.dir, 'first.zip');
      const second = join(ws.dir, 'second.zip');
      await writeFile(
        first,
        await writeZip(
          new Map([
            ['en-US/en-US.trsx', trsx],
            ['fr-CA/fr-CA.trsx', other],
          ]),
        ),
      );
      await writeFile(
        second,
        await writeZip(
          new Map([
            ['en-US/en-US.trsx', edited],
            ['fr-CA/fr-CA.trsx', other],
          ]),
        ),
      );
      const before = await ZipFiles.open(first, 'the first export');
      const known: Record<string, { storedDigest: string; hash: string }> = {};
      try {
        for (const path of await before.list()) {
          known[path] = {
            storedDigest: (await before.storedDigest(path)) ?? '',
            hash: (await before.hash(path)) ?? '',
          };
        }
      } finally {
        await before.close();
      }
      assert.equal(known['fr-CA/fr-CA.trsx']?.hash, sha256(other));
      // A recorded hash that is not the bytes' shows it is taken from the record, not recomputed.
      const marked = {
        ...known,
        'fr-CA/fr-CA.trsx': { storedDigest: known['fr-CA/fr-CA.trsx']?.storedDigest ?? '', hash: 'from-the-record' },
      };
      const after = await ZipFiles.open(second, 'the second export', undefined, undefined, marked);
      try {
        assert.equal(await after.hash('fr-CA/fr-CA.trsx'), 'from-the-record', 'stored the same way: known');
        assert.equal(await after.hash('en-US/en-US.trsx'), sha256(edited), 'stored differently: inflated and hashed');
        const entry = await after.readTransient('en-US/en-US.trsx');
        assert.equal(
          entry && sha256(entry),
          sha256(edited),
          'the entry hashed last is read without inflating it again',
        );
        assert.equal(await after.readTransient('en-US/en-US.trsx'), entry, 'the same bytes, once');
      } finally {
        await after.close();
      }
    } finally {
      await ws.cleanup();
    }
  });

  test('a merge staged as parts lands as their concatenation', async () => {
    const ws = await tempDir();
    try {
      const paths = new WorkspacePaths(ws.dir);
      await mkdir(paths.stateDir, { recursive: true });
      await writeFile(paths.stateFile, '{}');
      const parts = [
        Buffer.from('<project><samples>'),
        Buffer.alloc(200_000, 'x'),
        Buffer.from('</samples></project>'),
      ];
      const txn = await PullTransaction.begin(paths);
      await txn.putParts('work', 'en-US/en-US.trsx', parts);
      await txn.commit('{"state":"new"}');
      assert.deepEqual(await readFile(join(ws.dir, 'en-US', 'en-US.trsx')), Buffer.concat(parts));
      assert.equal(await readFile(paths.stateFile, 'utf8'), '{"state":"new"}');
    } finally {
      await ws.cleanup();
    }
  });
});
