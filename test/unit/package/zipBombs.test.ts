// Hostile archives, made in the test: a 2 MB zip that inflates to 2 GiB, with an honest header (refused from
// the central directory before inflating anything) and with a header that understates the size (refused as
// soon as inflation passes the declared size). Every way in refuses both fast and in bounded memory: readZip
// (ZipArchive over bytes in memory), ZipArchive over a file (compare, pull), `cstudio projects replace` as a real process, and the sandbox's replace route.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readZip } from '../../../src/core/package/zip';
import { ZipSafetyError } from '../../../src/core/package/zipSafety';
import { ZipArchive } from '../../../src/core/package/zipArchive';
import { ZipFiles } from '../../../src/core/sync/packageFiles';
import { sandboxEnv } from '../helpers/cli';
import { launch } from '../helpers/childProcess';
import { buildZip, packageBomb, storedEntry, zerosDeflated } from '../helpers/hostileZips';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox';
import { multipartBody } from '../helpers/sandboxHttp';
import { messageOf, sessions } from '../helpers/sandboxSession';

/** Refusing takes well under a second on a quiet machine; the bound allows a busy one. */
const FAST_MS = 3000;

let dir: string;
let sb: TestSandbox;
const bombs: Record<'honest' | 'lying', { bytes: Buffer; file: string }> = {} as never;

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cstudio-zip-bombs-'));
  for (const kind of ['honest', 'lying'] as const) {
    const bytes = packageBomb(kind === 'honest');
    const file = join(dir, `${kind}.zip`);
    await writeFile(file, bytes);
    bombs[kind] = { bytes, file };
  }
  sb = await startTestSandbox();
});
after(async () => {
  await sb?.close();
  await rm(dir, { recursive: true, force: true });
});

/** Runs `fn`, which must throw a ZipSafetyError matching `pattern`, within FAST_MS; returns the time taken. */
async function refusedFast(fn: () => unknown, pattern: RegExp): Promise<number> {
  const started = Date.now();
  await assert.rejects(
    async () => {
      await fn();
    },
    (err: unknown) => err instanceof ZipSafetyError && pattern.test(err.message),
  );
  const ms = Date.now() - started;
  assert.ok(ms < FAST_MS, `took ${ms} ms`);
  return ms;
}

describe('zip bombs and lying headers', () => {
  test('the bombs are what they claim: about 2 MB that inflate to 2 GiB', async () => {
    assert.ok(bombs.honest.bytes.length < 3_000_000, `${bombs.honest.bytes.length} bytes`);
    const small = buildZip([{ name: 'a.txt', data: zerosDeflated(16), method: 8, size: 16 * 1024 * 1024, crc: 0 }]);
    // A 16 MiB one inflates fully (up to the CRC check): the stream really is zeros of that size.
    await assert.rejects(readZip(small), /fails its CRC check/);
  });

  test('readZip refuses the honest bomb from the directory and the lying one at its declared size', async () => {
    await refusedFast(
      () => readZip(bombs.honest.bytes),
      /expands to more than \d+ bytes; refusing it as a possible zip bomb/,
    );
    await refusedFast(() => readZip(bombs.lying.bytes), /"en-US\/en-US.trsx" inflates past its declared 1000 bytes/);
  });

  test('ZipArchive (compare, pull, hashing) refuses both fast', async () => {
    await refusedFast(() => ZipArchive.open(bombs.honest.file), /possible zip bomb/);
    const files = await ZipFiles.open(bombs.lying.file);
    try {
      // Hashing reads into a reused scratch buffer: it used to inflate the whole 2 GiB (5–8 s) before refusing.
      await refusedFast(() => files.hash('en-US/en-US.trsx'), /inflates past its declared 1000 bytes/);
      await refusedFast(() => files.read('en-US/en-US.trsx'), /inflates past its declared 1000 bytes/);
    } finally {
      await files.close();
    }
  });

  for (const kind of ['honest', 'lying'] as const) {
    test(`cstudio projects replace refuses the ${kind} bomb before sending it, fast and in bounded memory`, async () => {
      const run = await launch(dir, 'cli', ['projects', 'replace', '1001', bombs[kind].file, '--yes'], {
        env: sandboxEnv(sb, sb.client('owner')),
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const done = await run.finished;
      assert.equal(done.code, 1, done.stderr);
      assert.match(done.stderr, /refusing it as a possible zip bomb/);
      // Node alone is ~50 MB; it used 814 MB before refusing.
      assert.ok(done.peakMb < 150, `peak RSS ${done.peakMb.toFixed(0)} MB`);
      assert.ok(done.ms < 20_000, `took ${done.ms} ms`);
      console.log(
        `# projects replace, ${kind} bomb: refused in ${done.ms} ms (process start included), peak RSS ${done.peakMb.toFixed(0)} MB`,
      );
    });
  }

  test('the sandbox answers 400 to a bomb uploaded as a replacement package', async () => {
    const as = sessions(() => sb);
    for (const kind of ['honest', 'lying'] as const) {
      const { body, contentType } = multipartBody('content', 'package.zip', bombs[kind].bytes);
      const started = Date.now();
      const res = await as('owner')('POST', '/v4/projects/1001/.replace', undefined, {
        body,
        headers: { 'content-type': contentType },
      });
      assert.equal(res.status, 400, res.text);
      assert.match(messageOf(res), /possible zip bomb/);
      assert.ok(Date.now() - started < FAST_MS);
    }
  });

  test('an honest small package still reads', async () => {
    const files = await readZip(buildZip([storedEntry('metadata.json', '{}'), storedEntry('dialog.json', '{}')]));
    assert.deepEqual([...files.keys()], ['metadata.json', 'dialog.json']);
  });
});
