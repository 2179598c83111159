// The report's growing arrays (core/health/flatArrays.ts): grown in place with their values kept, given back
// at once by release(), and a plain typed array (or one past its reserved range) grown by a copy instead.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ensureIndex, flatFloat64, flatInt32, release } from '../../../src/core/health/flatArrays';

describe('flat arrays', () => {
  test('grow in place, at least doubling, keeping their values; release empties them', () => {
    let a = flatInt32(4);
    const first = a;
    for (let i = 0; i < 1000; i++) {
      a = ensureIndex(a, i);
      a[i] = i * 3;
    }
    assert.equal(a, first, 'the same array object, grown in place');
    assert.ok(a.length >= 1000 && a.length <= 2048);
    assert.deepEqual([a[0], a[500], a[999]], [0, 1500, 2997]);
    assert.equal(ensureIndex(a, 5), a);
    const f = ensureIndex(flatFloat64(2), 10);
    f[10] = 0.5;
    assert.equal(f[10], 0.5);
    release(a, f);
    assert.equal(a.length, 0);
    assert.equal(f.length, 0);
  });

  test('a plain typed array is grown by a copy, and release leaves it to the GC', () => {
    const plain = Int32Array.from([1, 2, 3]);
    const grown = ensureIndex(plain, 3);
    assert.notEqual(grown, plain);
    assert.deepEqual([...grown.subarray(0, 3)], [1, 2, 3]);
    assert.equal(grown.length, 6);
    release(plain);
    assert.equal(plain.length, 3);
  });
});
