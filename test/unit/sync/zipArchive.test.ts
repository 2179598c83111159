import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import { ZipSafetyError, writeZip } from '../../../src/core/package/zip';
import { ZipArchive } from '../../../src/core/sync/zipArchive';
import { comparePackagePaths } from '../../../src/core/sync/packageComparison';
import { rejectsWith } from '../platform/support';
import { tempDir } from './support';

const enc = new TextEncoder();
const trsx = (samples: string): Uint8Array => enc.encode(`<?xml version="1.0" encoding="UTF-8"?>\n<project xmlns:nuance="https://developer.nuance.com/mix/nlu/trsx" xml:lang="en-US" nuance:version="2.6"><ontology><intents><intent name="A"/></intents></ontology><samples>${samples}</samples></project>\n`);

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

describe('package comparison', () => {
  test('a zip against a folder: files added, removed, modified, reformatted, with the semantic changes', async () => {
    const ws = await tempDir();
    try {
      const zip = join(ws.dir, 'a.zip');
      await writeFile(zip, writeZip({
        'metadata.json': enc.encode('{}'), 'dialog.json': enc.encode('{}'),
        'en-US/en-US.trsx': trsx('<sample intentref="A">one</sample>'),
        'fr-CA/fr-CA.trsx': trsx('<sample intentref="A">un</sample>'),
      }));
      const folder = join(ws.dir, 'b');
      await mkdir(join(folder, 'en-US'), { recursive: true });
      await mkdir(join(folder, 'fr-CA'), { recursive: true });
      await writeFile(join(folder, 'metadata.json'), '{}');
      await writeFile(join(folder, 'notes.txt'), 'hi');
      await writeFile(join(folder, 'en-US', 'en-US.trsx'), trsx('<sample intentref="A">one</sample><sample intentref="A">two</sample>'));
      await writeFile(join(folder, 'fr-CA', 'fr-CA.trsx'), trsx('\n  <sample intentref="A">un</sample>\n'));
      const result = await comparePackagePaths(zip, folder);
      assert.deepEqual(result.files.map((f) => `${f.change} ${f.path}`), [
        'removed dialog.json', 'modified en-US/en-US.trsx', 'reformatted fr-CA/fr-CA.trsx', 'added notes.txt',
      ]);
      assert.deepEqual(result.files[1]?.semantic?.changes.map((c) => c.label), ['sample "two" of A']);
      assert.equal(result.unchanged, 1);
    } finally {
      await ws.cleanup();
    }
  });
});
