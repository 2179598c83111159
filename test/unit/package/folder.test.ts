import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, mkdir, readFile, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strToU8 } from 'fflate';
import {
  FILE_CHUNK,
  PackageFolderError,
  fileChunks,
  listPackageFolder,
  packFiles,
  type FolderOptions,
} from '../../../src/core/package/folder';
import { unpackPackage } from '../../../src/core/package/unpack';
import { readZip } from '../../../src/core/package/zip';
import { ZipSafetyError } from '../../../src/core/package/zipSafety';

let tmp: string;
before(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'cstudio-pkg-'));
});
after(async () => {
  await rm(tmp, { recursive: true, force: true });
});

async function projectFolder(name: string): Promise<string> {
  const dir = join(tmp, name);
  await mkdir(join(dir, 'en-US', 'grammars'), { recursive: true });
  await mkdir(join(dir, '.cstudio', 'base'), { recursive: true });
  await writeFile(join(dir, 'metadata.json'), '{"name":"P"}');
  await writeFile(join(dir, 'en-US', 'en-US.trsx'), '<project/>');
  await writeFile(join(dir, 'en-US', 'grammars', 'G.grxml'), '<grammar/>');
  await writeFile(join(dir, '.cstudio', 'state.json'), '{"secret":"no"}');
  await writeFile(join(dir, '.DS_Store'), 'litter');
  return dir;
}

/** A folder packed as a push packs it: listed, then streamed into a zip file beside the others. */
let packed = 0;
async function packFolderToFile(
  dir: string,
  out: string,
  options: FolderOptions = {},
): Promise<{ entries: number; bytes: number }> {
  return packFiles(dir, await listPackageFolder(dir, options), out, options);
}
async function packFolder(dir: string): Promise<Uint8Array> {
  const out = join(tmp, `packed-${++packed}.zip`);
  await packFolderToFile(dir, out);
  return readFile(out);
}

const refusal =
  (pattern: RegExp) =>
  (e: unknown): boolean => {
    assert.ok(e instanceof ZipSafetyError, `expected ZipSafetyError, got ${String(e)}`);
    assert.match(e.message, pattern);
    return true;
  };

describe('project folders', () => {
  test('packing excludes .cstudio/ and dot-files; the zip holds the listed files with progress to 100%', async () => {
    const dir = await projectFolder('pack');
    const expected = ['en-US/en-US.trsx', 'en-US/grammars/G.grxml', 'metadata.json'];
    assert.deepEqual(await listPackageFolder(dir), expected);
    const out = join(tmp, 'P.zip');
    const increments: number[] = [];
    const result = await packFolderToFile(dir, out, {
      progress: {
        report: (u) => {
          if (u.increment) increments.push(u.increment);
        },
      },
    });
    assert.equal(result.entries, 3);
    const streamed = await readZip(await readFile(out));
    assert.deepEqual([...streamed.keys()], expected);
    assert.equal(new TextDecoder().decode(streamed.get('metadata.json')), '{"name":"P"}');
    assert.equal(Math.round(increments.reduce((a, b) => a + b, 0)), 100);
    assert.deepEqual(
      (await readdir(tmp)).filter((n) => n.endsWith('.tmp')),
      [],
      'no temp file left',
    );
  });

  test('streamed packing reads files larger than its buffer through that one buffer, bytes intact', async () => {
    const dir = await projectFolder('pack-large');
    const large = new Uint8Array(3 * FILE_CHUNK + 12_345).map((_, i) => (i * 31 + (i >> 9)) & 0xff);
    await writeFile(join(dir, 'en-US', 'en-US.trsx'), large);
    const out = join(tmp, 'large.zip');
    await packFolderToFile(dir, out);
    const files = await readZip(await readFile(out));
    assert.deepEqual(files.get('en-US/en-US.trsx'), large);
    assert.equal(new TextDecoder().decode(files.get('en-US/grammars/G.grxml')), '<grammar/>');
    const views: Uint8Array[] = [];
    for await (const chunk of fileChunks(join(dir, 'en-US', 'en-US.trsx'), new Uint8Array(FILE_CHUNK)))
      views.push(chunk);
    assert.equal(views.length, 4);
    assert.ok(
      views.every((v) => v.buffer === views[0]?.buffer),
      'one buffer, refilled',
    );
  });

  test('packing refuses symbolic links and aborts cleanly', async () => {
    const dir = await projectFolder('links');
    await symlink('/etc/hostname', join(dir, 'en-US', 'grammars', 'leak.grxml'));
    await assert.rejects(
      packFolder(dir),
      (e: unknown) =>
        e instanceof PackageFolderError && /symbolic link/.test(e.message) && e.path.endsWith('leak.grxml'),
    );
    const clean = await projectFolder('abort');
    const controller = new AbortController();
    controller.abort();
    await assert.rejects(
      packFolderToFile(clean, join(tmp, 'aborted.zip'), { signal: controller.signal }),
      /cancel|abort/i,
    );
    assert.deepEqual(
      (await readdir(tmp)).filter((n) => n.includes('aborted')),
      [],
      'nothing left behind',
    );
    await assert.rejects(packFolder(join(tmp, 'missing')), /is not a folder/);
  });

  test('unpacks into a folder and round-trips', async () => {
    const files = await readZip(await packFolder(await projectFolder('src')));
    const target = join(tmp, 'unpacked');
    const written = await unpackPackage(files, target);
    assert.equal(written.length, 3);
    assert.equal(await readFile(join(target, 'en-US', 'grammars', 'G.grxml'), 'utf8'), '<grammar/>');
    await writeFile(join(target, 'metadata.json'), 'old');
    await unpackPackage(new Map([['metadata.json', strToU8('new')]]), target);
    assert.equal(await readFile(join(target, 'metadata.json'), 'utf8'), 'new', 'existing files are replaced');
    assert.deepEqual(
      (await readdir(target)).filter((n) => n.endsWith('.tmp')),
      [],
    );
  });

  test('refuses entries that escape, target .cstudio/, or collide by case — before writing anything', async () => {
    const target = join(tmp, 'hostile');
    for (const [name, why] of [
      ['../evil', /"\.\." segment/],
      ['/abs', /absolute path/],
      ['C:/x', /drive letter/],
      ['.cstudio/state.json', /private \.cstudio\/ folder/],
      ['./x', /"\." segment/],
    ] as const) {
      await assert.rejects(
        unpackPackage(
          new Map([
            ['a.txt', strToU8('a')],
            [name, strToU8('x')],
          ]),
          target,
        ),
        refusal(why),
        name,
      );
    }
    await assert.rejects(
      unpackPackage(
        new Map([
          ['en-US/A.grxml', strToU8('1')],
          ['en-us/a.grxml', strToU8('2')],
        ]),
        target,
      ),
      refusal(/differ only in case/),
    );
    await assert.rejects(
      unpackPackage(new Map([['en-US/a:b', strToU8('1')]]), target, { platform: 'win32' }),
      refusal(/alternate data stream/),
    );
    await assert.rejects(
      unpackPackage(new Map([['CON.txt', strToU8('1')]]), target, { platform: 'win32' }),
      refusal(/reserved Windows device name/),
    );
    await assert.rejects(readdir(target), { code: 'ENOENT' }, 'nothing was created');
  });

  test('refuses symbolic links already in the target folder', async () => {
    const outside = join(tmp, 'outside');
    await mkdir(outside, { recursive: true });
    const target = join(tmp, 'linked');
    await mkdir(target, { recursive: true });
    await symlink(outside, join(target, 'en-US'));
    await assert.rejects(
      unpackPackage(new Map([['en-US/en-US.trsx', strToU8('x')]]), target),
      refusal(/en-US is a symbolic link/),
    );
    await symlink(join(outside, 'victim.json'), join(target, 'metadata.json'));
    await assert.rejects(
      unpackPackage(new Map([['metadata.json', strToU8('x')]]), target),
      refusal(/metadata\.json is a symbolic link/),
    );
    assert.deepEqual(await readdir(outside), [], 'nothing written through the links');
  });

  test('a target that is itself a link is followed once (its real path becomes the root)', async () => {
    const real = join(tmp, 'real-root');
    await mkdir(real);
    await symlink(real, join(tmp, 'root-link'));
    await unpackPackage(new Map([['metadata.json', strToU8('{}')]]), join(tmp, 'root-link'));
    assert.equal(await readFile(join(real, 'metadata.json'), 'utf8'), '{}');
  });

  test('refuses a file where a folder is needed', async () => {
    const target = join(tmp, 'file-in-way');
    await mkdir(target);
    await writeFile(join(target, 'en-US'), 'a file');
    await assert.rejects(
      unpackPackage(new Map([['en-US/en-US.trsx', strToU8('x')]]), target),
      refusal(/is a file, but zip entry/),
    );
  });
});
