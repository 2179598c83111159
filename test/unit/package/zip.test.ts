import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { ZipStreamWriter, readZip, writeZip } from '../../../src/core/package/zip';
import { ZipSafetyError } from '../../../src/core/package/zipSafety';

const refusal =
  (name: string | undefined, pattern: RegExp) =>
  (e: unknown): boolean => {
    assert.ok(e instanceof ZipSafetyError, `expected ZipSafetyError, got ${String(e)}`);
    assert.match(e.message, pattern);
    assert.equal(e.entry, name);
    return true;
  };

describe('zip safety', () => {
  test('round-trips files and skips folder entries', async () => {
    const bytes = await writeZip(
      new Map([
        ['a/b.txt', strToU8('hello')],
        ['empty', new Uint8Array(0)],
      ]),
    );
    const files = await readZip(bytes);
    assert.deepEqual([...files.keys()], ['a/b.txt', 'empty']);
    assert.equal(new TextDecoder().decode(files.get('a/b.txt')), 'hello');
    assert.equal(files.get('empty')?.length, 0);
    assert.deepEqual(await writeZip({ x: strToU8('1') }), await writeZip({ x: strToU8('1') }), 'reproducible bytes');
    const theirs = unzipSync(
      await writeZip(
        new Map([
          ['a/b.txt', strToU8('hello')],
          ['é/ü.txt', strToU8('utf-8 names')],
        ]),
      ),
    );
    assert.deepEqual(
      Object.keys(theirs).sort(),
      ['a/b.txt', 'é/ü.txt'],
      'another implementation reads our archives and names',
    );
    assert.equal(new TextDecoder().decode(theirs['é/ü.txt']), 'utf-8 names');
  });

  for (const [name, why] of [
    ['../evil', /"\.\." segment/],
    ['a/../../evil', /"\.\." segment/],
    ['/abs', /absolute path/],
    ['C:/x', /drive letter/],
    ['a\\..\\b', /backslash/],
  ] as const) {
    test(`refuses the entry "${name}" and names it`, async () => {
      const bytes = zipSync({ 'ok.txt': strToU8('fine'), [name]: strToU8('pwned') });
      await assert.rejects(readZip(bytes), refusal(name, why));
      await assert.rejects(writeZip(new Map([[name, strToU8('x')]])), refusal(name, why));
    });
  }

  test('refuses a symbolic link entry found in the central directory', async () => {
    // Unix host (os 3), mode lrwxrwxrwx in the high 16 bits of the external attributes.
    const bytes = zipSync({
      'ok.txt': strToU8('fine'),
      'en-US/link': [strToU8('/etc/passwd'), { os: 3, attrs: (0o120777 << 16) >>> 0 }],
    });
    await assert.rejects(readZip(bytes), refusal('en-US/link', /symbolic link/));
    // The same mode bits from a non-unix host mean nothing and are accepted.
    const dos = zipSync({ x: [strToU8('y'), { os: 0, attrs: (0o120777 << 16) >>> 0 }] });
    assert.equal((await readZip(dos)).size, 1);
  });

  test('refuses an archive that expands beyond the byte limit (a real bomb, stopped early)', async () => {
    const bomb = zipSync({ 'zeros.bin': new Uint8Array(12 * 1024 * 1024) }, { level: 9 });
    assert.ok(bomb.length < 64 * 1024, `bomb is ${bomb.length} bytes`);
    await assert.rejects(
      readZip(bomb, { maxTotalBytes: 1024 * 1024, maxEntries: 10 }),
      refusal('zeros.bin', /more than 1048576 bytes/),
    );
  });

  test('counts inflated bytes, so lying size fields do not help a bomb', async () => {
    const bomb = zipSync({ 'zeros.bin': new Uint8Array(4 * 1024 * 1024) }, { level: 9 });
    const view = new DataView(bomb.buffer, bomb.byteOffset, bomb.byteLength);
    view.setUint32(22, 10, true); // local header: uncompressed size
    for (let i = 0; i + 4 <= bomb.length; i++) {
      if (view.getUint32(i, true) === 0x02014b50) {
        view.setUint32(i + 24, 10, true);
        break;
      } // central header
    }
    await assert.rejects(
      readZip(bomb, { maxTotalBytes: 1024 * 1024, maxEntries: 10 }),
      refusal('zeros.bin', /possible zip bomb/),
    );
  });

  test('refuses too many entries and duplicate names', async () => {
    const many: Record<string, Uint8Array> = {};
    for (let i = 0; i < 30; i++) many[`f${i}`] = strToU8('x');
    await assert.rejects(
      readZip(zipSync(many), { maxTotalBytes: 1e6, maxEntries: 20 }),
      refusal(undefined, /more than 20 entries/),
    );
    // Two entries named "a": craft by renaming "b" in both headers.
    const dup = zipSync({ a: strToU8('first'), b: strToU8('second') }, { level: 0 });
    for (let i = 0; i + 4 <= dup.length; i++) {
      const sig = new DataView(dup.buffer, dup.byteOffset).getUint32(i, true);
      if (sig === 0x04034b50 && dup[i + 30] === 0x62) dup[i + 30] = 0x61;
      if (sig === 0x02014b50 && dup[i + 46] === 0x62) dup[i + 46] = 0x61;
    }
    await assert.rejects(readZip(dup), refusal('a', /appears twice/));
  });

  test('refuses bytes that are not a zip', async () => {
    await assert.rejects(readZip(strToU8('just text, not a zip archive at all')), /not a zip archive/i);
  });

  test('the streaming writer produces an archive readZip accepts', async () => {
    const chunks: Uint8Array[] = [];
    const writer = new ZipStreamWriter(async (c) => {
      chunks.push(c);
    });
    await writer.addFile('a.txt', [strToU8('hel'), strToU8('lo')]);
    await writer.addFile('empty.txt', []);
    await writer.addFile(
      'big.bin',
      (function* () {
        for (let i = 0; i < 20; i++) yield new Uint8Array(64 * 1024).fill(i);
      })(),
    );
    await assert.rejects(writer.addFile('a.txt', []), /added twice/);
    await assert.rejects(writer.addFile('../x', []), refusal('../x', /"\.\." segment/));
    await writer.finish();
    const total = chunks.reduce((n, c) => n + c.length, 0);
    const bytes = new Uint8Array(total);
    let o = 0;
    for (const c of chunks) {
      bytes.set(c, o);
      o += c.length;
    }
    const files = await readZip(bytes);
    assert.equal(new TextDecoder().decode(files.get('a.txt')), 'hello');
    assert.equal(files.get('empty.txt')?.length, 0);
    assert.equal(files.get('big.bin')?.length, 20 * 64 * 1024);
    assert.equal(files.get('big.bin')?.[19 * 64 * 1024], 19);
    // Another implementation (fflate, a test dependency only) reads what we write, data descriptors included.
    const theirs = unzipSync(bytes);
    assert.deepEqual(Object.keys(theirs).sort(), ['a.txt', 'big.bin', 'empty.txt']);
    assert.equal(new TextDecoder().decode(theirs['a.txt']), 'hello');
    assert.deepEqual(theirs['big.bin'], files.get('big.bin'));
  });

  test('the streaming writer stops (without hanging) when its sink or its source fails', async () => {
    const random = (n: number): Uint8Array => {
      const b = new Uint8Array(n);
      for (let i = 0; i < n; i++) b[i] = (i * 7919 + (i >> 3) * 104729) & 0xff;
      return b;
    };
    const failing = new ZipStreamWriter(async () => {
      throw new Error('disk full');
    });
    await assert.rejects(
      failing.addFile(
        'big.bin',
        (function* () {
          for (let i = 0; i < 64; i++) yield random(256 * 1024);
        })(),
      ),
      /disk full/,
    );
    const slowSource = (async function* () {
      for (let i = 0; i < 64; i++) {
        await new Promise((r) => setTimeout(r, 1));
        yield random(256 * 1024);
      }
    })();
    await assert.rejects(
      new ZipStreamWriter(async () => {
        throw new Error('disk full');
      }).addFile('big.bin', slowSource),
      /disk full/,
    );
    const writer = new ZipStreamWriter(async () => undefined);
    const source = (async function* () {
      yield random(1024);
      throw new Error('read failed');
    })();
    await assert.rejects(writer.addFile('a.bin', source), /read failed/);
  });
});
