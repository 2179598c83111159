// The one owner of "commits during a write share the next one" (store.ts and logs/offsetStore.ts use it):
// real files written atomically, counted by what reached the disk.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeFileAtomic } from '../../../src/core/fs/atomicFile';
import { CoalescingWrites } from '../../../src/sandbox/coalescingWrites';

describe('CoalescingWrites', () => {
  test('commits made during a write share one more write, and each resolves with its change on disk', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'coalescing-'));
    try {
      const file = join(dir, 'value.json');
      let value = 0;
      const written: number[] = [];
      const writes = new CoalescingWrites(() => {
        const snapshot = value;
        return writeFileAtomic(file, JSON.stringify(snapshot), 0o600).then(() => {
          written.push(snapshot);
        });
      });
      value = 1;
      const first = writes.request();
      const later = [2, 3, 4, 5].map((v) => {
        value = v;
        return writes.request().then(async () => JSON.parse(await readFile(file, 'utf8')) as number);
      });
      await first;
      // Every later caller sees at least its own value on disk once its promise resolves.
      assert.deepEqual(await Promise.all(later), [5, 5, 5, 5]);
      assert.deepEqual(written, [1, 5]);
      await writes.flush();
      assert.deepEqual(written, [1, 5]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('a failed write rejects its callers only; the queued write still runs', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'coalescing-'));
    try {
      let target = join(dir, 'missing', 'value.json');
      const writes = new CoalescingWrites(() => writeFileAtomic(target, '"x"', 0o600));
      const failing = writes.request();
      target = join(dir, 'value.json');
      const queued = writes.request();
      await assert.rejects(failing, /ENOENT/);
      await queued;
      assert.equal(await readFile(join(dir, 'value.json'), 'utf8'), '"x"');
      await writes.flush();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
