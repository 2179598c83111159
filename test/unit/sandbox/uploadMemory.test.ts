// Issue 27, finding 9: a zip bomb just under the sandbox's 256 MB limit still took it to 812 MB: every entry was
// inflated into memory before any was looked at, then the TRSX decoded and parsed whole. A package's entries
// are now judged from the central directory first (names, each one's declared size against a per-file cap),
// then inflated and parsed one at a time. The sandbox runs as a real process here, its peak RSS measured.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import type { SandboxClientInfo } from '../../../src/sandbox/server';
import { launch } from '../helpers/childProcess';
import { buildZip, storedEntry, zerosDeflated } from '../helpers/hostileZips';
import { multipartBody, send, token, type Target } from '../helpers/sandboxHttp';

let dir: string;
before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cstudio-upload-memory-'));
});
after(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The sandbox writes its ready file once listening; the deadline is only a safety net. */
async function readyFile(path: string, ms = 60_000): Promise<Target & { clients: SandboxClientInfo[] }> {
  for (let waited = 0; waited < ms; waited += 25) {
    if (existsSync(path)) return JSON.parse(await readFile(path, 'utf8')) as Target & { clients: SandboxClientInfo[] };
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`${path} did not appear within ${ms} ms`);
}

/** The CRC-32 of `mb` MiB of zeros, one 16 MiB block at a time. */
function zerosCrc(mb: number): number {
  const block = Buffer.alloc(16 * 1024 * 1024);
  let crc = 0;
  for (let left = mb; left > 0; left -= 16)
    crc = crc32(left >= 16 ? block : block.subarray(0, left * 1024 * 1024), crc);
  return crc;
}

/** A package whose TRSX (declared honestly) inflates to `mb` MiB of zeros, the rest of it well formed. */
function packageOfZeros(mb: number): Buffer {
  return buildZip([
    storedEntry('metadata.json', '{"name":"bomb"}'),
    storedEntry('dialog.json', '{}'),
    { name: 'en-US/en-US.trsx', data: zerosDeflated(mb), method: 8, size: mb * 1024 * 1024, crc: zerosCrc(mb) },
  ]);
}

describe('sandbox uploads in bounded memory (issue 27)', () => {
  test('a package bomb just under the 256 MB limit is refused without inflating it, and one under the per-file cap stays small', async () => {
    const readyPath = join(dir, 'ready.json');
    const run = await launch(dir, 'sandbox', ['--data', join(dir, 'data'), '--ready-file', readyPath], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    try {
      const target = await readyFile(readyPath);
      const owner = target.clients.find((c) => c.key === 'owner') as SandboxClientInfo;
      const t = await token(target, owner);
      const upload = async (zip: Buffer): Promise<{ status: number; text: string }> => {
        const { body, contentType } = multipartBody('content', 'package.zip', zip);
        return await send(target, 'POST', '/v4/projects/1001/.replace', {
          body,
          token: t,
          headers: { 'content-type': contentType },
        });
      };
      // 240 MiB, under the archive's 256 MB total: refused from its declared size, before any byte is inflated.
      const big = await upload(packageOfZeros(240));
      assert.equal(big.status, 400, big.text);
      assert.match(
        big.text,
        /en-US\/en-US\.trsx is 251658240 bytes uncompressed, over the 64 MB limit of a file in an upload/,
      );
      // 48 MiB of zeros: inflated (one entry at a time) and refused as XML.
      const under = await upload(packageOfZeros(48));
      assert.equal(under.status, 400, under.text);
      assert.match(under.text, /not valid TRSX/);
    } finally {
      run.child.kill('SIGTERM');
    }
    const done = await run.finished;
    assert.equal(done.code, 0, done.stderr);
    // It was 812 MB with a 250 MB entry; a 48 MB one is held once as bytes and once as text.
    assert.ok(done.peakMb < 300, `peak RSS ${done.peakMb.toFixed(0)} MB`);
    console.log(`# sandbox, package bombs of 240 and 48 MiB: ${done.peakMb.toFixed(0)} MB peak RSS`);
  });
});
