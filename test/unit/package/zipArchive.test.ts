import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import { writeZip } from '../../../src/core/package/zip';
import { ZipSafetyError } from '../../../src/core/package/zipSafety';
import { createHash } from 'node:crypto';
import { EntryScratch, ZipArchive } from '../../../src/core/package/zipArchive';
import { FolderFiles, ZipFiles } from '../../../src/core/sync/packageFiles';
import { comparePackagePaths } from '../../../src/core/sync/packageComparison';
import { rejectsWith } from '../platform/support';
import { tempDir } from '../sync/support';

const enc = new TextEncoder();
const trsx = (samples: string): Uint8Array =>
  enc.encode(
    `<?xml version="1.0" encoding="UTF-8"?>\n<project xmlns:nuance="https://developer.nuance.com/mix/nlu/trsx" xml:lang="en-US" nuance:version="2.6"><ontology><intents><intent name="A"/></intents></ontology><samples>${samples}</samples></project>\n`,
  );

describe('ZipArchive', () => {
  test('reads entries one at a time, stored or deflated, and checks their CRC', async () => {
    const ws = await tempDir();
    try {
      const big = enc.encode('x'.repeat(300_000));
      const file = join(ws.dir, 'p.zip');
      await writeFile(file, zipSync({ 'a.txt': [enc.encode('hello'), { level: 0 }], 'dir/b.txt': big }));
      const archive = await ZipArchive.open(file);
      try {
        assert.deepEqual(archive.names, ['a.txt', 'dir/b.txt']);
        assert.equal(new TextDecoder().decode(await archive.read('a.txt')), 'hello');
        assert.deepEqual(await archive.read('dir/b.txt'), big);
      } finally {
        await archive.close();
      }
      const bytes = zipSync({ 'a.txt': [enc.encode('hello world'), { level: 0 }] });
      const at = Buffer.from(bytes).indexOf('hello world');
      bytes[at] = 'j'.charCodeAt(0);
      await writeFile(file, bytes);
      const corrupt = await ZipArchive.open(file);
      try {
        await rejectsWith(corrupt.read('a.txt'), ZipSafetyError);
      } finally {
        await corrupt.close();
      }
    } finally {
      await ws.cleanup();
    }
  });

  test('refuses escaping names and archives that expand past the limit', async () => {
    const ws = await tempDir();
    try {
      const file = join(ws.dir, 'bad.zip');
      for (const name of ['../x', '/etc/x', 'a\\..\\x', 'C:/x']) {
        await writeFile(file, zipSync({ [name]: enc.encode('x') }));
        await rejectsWith(ZipArchive.open(file), ZipSafetyError);
      }
      await writeFile(file, zipSync({ 'a.txt': new Uint8Array(2_000_000) }));
      await rejectsWith(ZipArchive.open(file, { maxTotalBytes: 1_000_000, maxEntries: 10 }), ZipSafetyError);
    } finally {
      await ws.cleanup();
    }
  });
});

describe('one reader for archives on disk and in memory', () => {
  // Info-ZIP's zip and unzip are readers and writers we did not write (APPNOTE.TXT 4.3.9: data descriptors).
  const infoZip = (tool: string): boolean => spawnSync(tool, ['-v'], { stdio: 'ignore' }).status === 0;

  test('an archive written by Info-ZIP reads the same from a file and from its bytes, entry by entry', async (t) => {
    if (!infoZip('zip')) {
      t.skip(
        'Info-ZIP zip is not installed (apt-get install zip); the in-memory reader is still covered by zip.test.ts',
      );
      return;
    }
    const ws = await tempDir();
    try {
      await mkdir(join(ws.dir, 'src', 'en-US'), { recursive: true });
      await writeFile(join(ws.dir, 'src', 'metadata.json'), '{"project":{"id":1}}');
      await writeFile(
        join(ws.dir, 'src', 'en-US', 'en-US.trsx'),
        trsx('<sample intentref="A">ab</sample>'.repeat(5000)),
      );
      const file = join(ws.dir, 'theirs.zip');
      // -D: no folder entries; -X: no extra attributes. Deflated, as the platform's exports are.
      assert.equal(spawnSync('zip', ['-q', '-r', '-D', '-X', file, '.'], { cwd: join(ws.dir, 'src') }).status, 0);
      const onDisk = await ZipArchive.open(file);
      const inMemory = await ZipArchive.fromBytes(await readFile(file));
      try {
        assert.deepEqual(inMemory.names, onDisk.names);
        assert.deepEqual(onDisk.names, ['en-US/en-US.trsx', 'metadata.json']);
        for (const name of onDisk.names) assert.deepEqual(await inMemory.read(name), await onDisk.read(name), name);
        assert.deepEqual([...(await inMemory.readAll()).keys()].sort(), onDisk.names);
      } finally {
        await onDisk.close();
        await inMemory.close();
      }
    } finally {
      await ws.cleanup();
    }
  });

  test('a truncated archive is refused the same way from a file and from memory, naming the entry', async () => {
    const ws = await tempDir();
    try {
      const whole = await writeZip({ 'a.txt': enc.encode('a'.repeat(1000)), 'b.txt': enc.encode('b'.repeat(50_000)) });
      // Keep the directory but cut b.txt's stored bytes short: the directory still claims them.
      const bytes = new Uint8Array(whole);
      const archive = await ZipArchive.fromBytes(bytes);
      const b = archive.entry('b.txt');
      assert.ok(b);
      const cut = new Uint8Array([
        ...bytes.subarray(0, b.localHeaderOffset + 40),
        ...bytes.subarray(bytes.length - 200),
      ]);
      const file = join(ws.dir, 'cut.zip');
      await writeFile(file, cut);
      for (const open of [() => ZipArchive.fromBytes(cut), () => ZipArchive.open(file)]) {
        const refused = await open()
          .then(async (a) => {
            try {
              await a.read('b.txt');
              return undefined;
            } finally {
              await a.close();
            }
          })
          .catch((err: unknown) => err);
        assert.ok(refused instanceof ZipSafetyError, `refused: ${String(refused)}`);
      }
    } finally {
      await ws.cleanup();
    }
  });

  test('the one writer streams entries with data descriptors that Info-ZIP unzip verifies, UTF-8 names and modes included', async (t) => {
    if (!infoZip('unzip')) {
      t.skip('Info-ZIP unzip is not installed (apt-get install unzip)');
      return;
    }
    const ws = await tempDir();
    try {
      const file = join(ws.dir, 'ours.zip');
      await writeFile(
        file,
        await writeZip({
          'metadata.json': enc.encode('{}'),
          'en-US/en-US.trsx': trsx('<sample intentref="A">é ü</sample>'),
          'é/ü.txt': enc.encode('utf-8 name'),
        }),
      );
      const test = spawnSync('unzip', ['-t', file], { encoding: 'utf8' });
      assert.equal(test.status, 0, test.stdout + test.stderr);
      assert.match(test.stdout, /No errors detected/);
      const list = spawnSync('unzip', ['-Z1', file], { encoding: 'utf8' });
      assert.deepEqual(list.stdout.trim().split('\n').sort(), ['en-US/en-US.trsx', 'metadata.json', 'é/ü.txt']);
      // Names are read as UTF-8 and files get a plain mode (not MS-DOS OEM names, not mode 000), whatever the locale.
      const long = spawnSync('unzip', ['-Z', file], { encoding: 'utf8' })
        .stdout.split('\n')
        .filter((l) => /\.(json|trsx|txt)$/.test(l));
      assert.equal(long.length, 3, long.join('\n'));
      for (const line of long) assert.match(line, /^-rw-r--r--\s+\S+\s+unx\b/, line);
    } finally {
      await ws.cleanup();
    }
  });
});

describe('reading entries without garbage', () => {
  const sha = (b: Uint8Array): string => createHash('sha256').update(b).digest('hex');

  test('readInto reuses one scratch for the stored bytes of entry after entry and checks each like read', async () => {
    const ws = await tempDir();
    try {
      const file = join(ws.dir, 'p.zip');
      const big = enc.encode('abc '.repeat(400_000));
      const small = enc.encode('hello');
      await writeFile(file, zipSync({ 'a.txt': big, 'b.txt': [small, { level: 0 }], 'c.txt': new Uint8Array(0) }));
      const archive = await ZipArchive.open(file);
      const scratch = new EntryScratch();
      try {
        assert.deepEqual(await archive.readInto('a.txt', scratch), big);
        const storedBuffer = scratch.stored(1).buffer;
        assert.deepEqual(await archive.readInto('b.txt', scratch), small);
        assert.deepEqual(await archive.readInto('a.txt', scratch), big);
        assert.equal(
          scratch.stored(1).buffer,
          storedBuffer,
          'the same buffer holds the stored bytes of the next entries',
        );
        assert.equal((await archive.readInto('c.txt', scratch)).length, 0);
        assert.deepEqual(await archive.read('a.txt'), big);
        const chunks: Uint8Array[] = [];
        for await (const c of archive.chunks('a.txt')) chunks.push(c);
        assert.deepEqual(Buffer.concat(chunks), Buffer.from(big));
      } finally {
        await archive.close();
      }
      const zips = await ZipFiles.open(file);
      try {
        assert.equal(await zips.hash('a.txt'), sha(big));
        assert.equal(await zips.hash('b.txt'), sha(small));
        assert.equal(await zips.hash('nope.txt'), undefined);
      } finally {
        await zips.close();
      }
    } finally {
      await ws.cleanup();
    }
  });

  test('entries too large to hold whole are streamed, checked, and hashed as a stream', async () => {
    const ws = await tempDir();
    try {
      const file = join(ws.dir, 'large.zip');
      const huge = new Uint8Array(33 * 1024 * 1024).fill(0x61);
      await writeFile(file, zipSync({ 'huge.txt': huge }));
      const archive = await ZipArchive.open(file);
      try {
        let count = 0;
        let bytes = 0;
        const hash = createHash('sha256');
        for await (const c of archive.chunks('huge.txt')) {
          count++;
          bytes += c.length;
          hash.update(c);
        }
        assert.ok(count > 1, 'streamed in chunks');
        assert.equal(bytes, huge.length);
        assert.equal(hash.digest('hex'), sha(huge));
      } finally {
        await archive.close();
      }
      const zips = await ZipFiles.open(file);
      try {
        assert.equal(await zips.hash('huge.txt'), sha(huge));
      } finally {
        await zips.close();
      }
    } finally {
      await ws.cleanup();
    }
  });

  test('an entry that inflates past its declared size, or fails its CRC, is refused either way', async () => {
    const ws = await tempDir();
    try {
      const file = join(ws.dir, 'lying.zip');
      const bytes = zipSync({ 'a.txt': enc.encode('x'.repeat(10_000)) });
      const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
      // Declare 100 bytes in the central directory (uncompressed size at offset 24 of its entry).
      const central = view.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
      view.writeUInt32LE(100, central + 24);
      await writeFile(file, view);
      const archive = await ZipArchive.open(file);
      try {
        await assert.rejects(
          archive.read('a.txt'),
          (e: unknown) => e instanceof ZipSafetyError && /inflates past its declared 100 bytes/.test(e.message),
        );
        await assert.rejects(
          archive.readInto('a.txt', new EntryScratch()),
          (e: unknown) => e instanceof ZipSafetyError && /inflates past its declared 100 bytes/.test(e.message),
        );
      } finally {
        await archive.close();
      }
      const crc = zipSync({ 'a.txt': enc.encode('y'.repeat(10_000)) });
      const crcView = Buffer.from(crc.buffer, crc.byteOffset, crc.length);
      const at = crcView.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
      crcView.writeUInt32LE((crcView.readUInt32LE(at + 16) ^ 1) >>> 0, at + 16);
      await writeFile(file, crcView);
      const damaged = await ZipArchive.open(file);
      try {
        await assert.rejects(damaged.read('a.txt'), /fails its CRC check/);
        await assert.rejects(damaged.readInto('a.txt', new EntryScratch()), /fails its CRC check/);
      } finally {
        await damaged.close();
      }
    } finally {
      await ws.cleanup();
    }
  });

  test('folder files are hashed through a reused buffer, larger files included', async () => {
    const ws = await tempDir();
    try {
      const large = new Uint8Array(2_500_000).map((_, i) => i % 251);
      await writeFile(join(ws.dir, 'large.bin'), large);
      await writeFile(join(ws.dir, 'small.txt'), 'hi');
      await mkdir(join(ws.dir, 'sub'));
      const folder = new FolderFiles(ws.dir);
      assert.equal(await folder.hash('large.bin'), sha(large));
      assert.equal(await folder.hash('small.txt'), sha(enc.encode('hi')));
      assert.equal(await folder.hash('sub'), undefined);
      assert.equal(await folder.hash('missing.txt'), undefined);
      const aborted = AbortSignal.abort();
      await assert.rejects(folder.hash('large.bin', aborted));
    } finally {
      await ws.cleanup();
    }
  });
});

describe('package comparison', () => {
  test('a zip against a folder: files added, removed, modified, reformatted, with the semantic changes', async () => {
    const ws = await tempDir();
    try {
      const zip = join(ws.dir, 'a.zip');
      await writeFile(
        zip,
        await writeZip({
          'metadata.json': enc.encode('{}'),
          'dialog.json': enc.encode('{}'),
          'en-US/en-US.trsx': trsx('<sample intentref="A">one</sample>'),
          'fr-CA/fr-CA.trsx': trsx('<sample intentref="A">un</sample>'),
        }),
      );
      const folder = join(ws.dir, 'b');
      await mkdir(join(folder, 'en-US'), { recursive: true });
      await mkdir(join(folder, 'fr-CA'), { recursive: true });
      await writeFile(join(folder, 'metadata.json'), '{}');
      await writeFile(join(folder, 'notes.txt'), 'hi');
      await writeFile(
        join(folder, 'en-US', 'en-US.trsx'),
        trsx('<sample intentref="A">one</sample><sample intentref="A">two</sample>'),
      );
      await writeFile(join(folder, 'fr-CA', 'fr-CA.trsx'), trsx('\n  <sample intentref="A">un</sample>\n'));
      const result = await comparePackagePaths(zip, folder);
      assert.deepEqual(
        result.files.map((f) => `${f.change} ${f.path}`),
        ['removed dialog.json', 'modified en-US/en-US.trsx', 'reformatted fr-CA/fr-CA.trsx', 'added notes.txt'],
      );
      assert.deepEqual(
        result.files[1]?.semantic?.changes.map((c) => c.label),
        ['sample "two" of A'],
      );
      assert.equal(result.unchanged, 1);
    } finally {
      await ws.cleanup();
    }
  });
});
