// Exports with entry names that are no zip slip but no package file either (issue 27, finding 9):
//   - `./en-US/en-US.trsx`: a fresh pull refused it, while status, compare and an update pull took it (as a
//     second name of en-US/en-US.trsx). One rule now (zipSafety.ts): a "." or empty segment is refused by
//     every reader, so all four refuse alike;
//   - `‥/‥/SLIP-uni.txt` (U+2025, two dot leader, not ".."): written inside the folder, in a folder that is no
//     locale, it then blocked every push (PKG003). A pull now refuses an export holding a path no package has
//     (layout.ts), naming it, and writes nothing; the folder still pushes.
// The platform's export is made hostile by a loopback proxy that rewrites its answer.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { unzipSync, zipSync } from 'fflate';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox';
import { clientFor } from '../platform/support';
import { PlatformClient } from '../../../src/core/platform/client';
import { pull } from '../../../src/core/sync/pull';
import { executePush, preparePush } from '../../../src/core/sync/push';
import { compareRemoteWithWorkspace } from '../../../src/core/sync/packageComparison';
import { workspaceStatus } from '../../../src/core/sync/status';
import { insertBefore, tempDir } from './support';
import { LossyProxy } from './faultSuite/lossyProxy';

const isPackageExport = (path: string): boolean => /\/projects\/[^/]+\/\.export/.test(path);

describe('exports with names no package has', () => {
  let sbx: TestSandbox;
  let owner: PlatformClient;
  let proxy: LossyProxy;
  let hostile: PlatformClient;
  before(async () => {
    sbx = await startTestSandbox();
    owner = clientFor(sbx, 'owner');
    proxy = await LossyProxy.start(sbx.baseUrl);
    const info = sbx.client('owner');
    // Named as clientFor names the owner's client, so folders pulled by either are the same connection's.
    hostile = new PlatformClient({
      connection: {
        name: 'test owner',
        baseUrl: proxy.baseUrl,
        authUrl: sbx.authUrl,
        logUrl: sbx.logUrl,
        clientId: info.clientId,
      },
      getSecret: () => Promise.resolve(info.clientSecret),
    });
  });
  after(async () => {
    await hostile.close();
    await owner.close();
    await proxy.close();
    await sbx.close();
  });

  /** Every package export answered with the real one plus `name` (holding a copy of `copyOf`, or a line of text). */
  function addEntry(name: string, copyOf?: string): void {
    proxy.rules = {
      onReply(r, status, body) {
        if (!isPackageExport(r.path) || status !== 200) return 'pass';
        const files = unzipSync(body);
        files[name] = copyOf ? (files[copyOf] ?? new Uint8Array()) : new TextEncoder().encode('pwned\n');
        return { body: zipSync(files) };
      },
    };
  }

  test('"./en-US/en-US.trsx" is refused alike by a fresh pull, status, compare and an update pull', async () => {
    const fresh = await tempDir();
    const ws = await tempDir();
    try {
      await pull(owner, ws.dir, '1001');
      await insertBefore(
        join(ws.dir, 'en-US', 'en-US.trsx'),
        '</samples>',
        '  <sample intentref="ORDER_COFFEE">dot segment local edit</sample>',
      );
      addEntry('./en-US/en-US.trsx', 'en-US/en-US.trsx');
      const refusals: string[] = [];
      const attempt = async (what: string, run: () => Promise<unknown>): Promise<void> => {
        try {
          await run();
          refusals.push(`${what}: accepted`);
        } catch (err) {
          if (!/"\.\/en-US\/en-US\.trsx"/.test(String(err)))
            refusals.push(`${what}: refused for another reason: ${String(err)}`);
        }
      };
      await attempt('fresh pull', () => pull(hostile, fresh.dir, '1001'));
      // The platform's key must move, or status reuses the export it saw last.
      const other = await tempDir();
      await pull(owner, other.dir, '1001');
      await insertBefore(
        join(other.dir, 'en-US', 'en-US.trsx'),
        '</samples>',
        '  <sample intentref="ORDER_COFFEE">moves the key</sample>',
      );
      await executePush(owner, await preparePush(owner, other.dir, { mode: 'append' }));
      await other.cleanup();
      await attempt('status', () => workspaceStatus(ws.dir, { client: hostile }));
      await attempt('compare', () => compareRemoteWithWorkspace(hostile, ws.dir));
      await attempt('update pull', () => pull(hostile, ws.dir, undefined));
      assert.deepEqual(refusals, []);
    } finally {
      proxy.rules = {};
      await fresh.cleanup();
      await ws.cleanup();
    }
  });

  test('"‥/‥/SLIP-uni.txt" is refused by a pull, nothing is written, and the folder still pushes', async () => {
    const ws = await tempDir();
    try {
      await pull(owner, ws.dir, '1001');
      addEntry('\u2025/\u2025/SLIP-uni.txt');
      await assert.rejects(pull(hostile, ws.dir, undefined), /SLIP-uni\.txt/);
      proxy.rules = {};
      assert.deepEqual(
        (await readdir(ws.dir)).filter((n) => n.includes('\u2025')),
        [],
        'the non-package file was written',
      );
      await insertBefore(
        join(ws.dir, 'en-US', 'en-US.trsx'),
        '</samples>',
        '  <sample intentref="ORDER_COFFEE">after a hostile export</sample>',
      );
      assert.equal(
        (await executePush(owner, await preparePush(owner, ws.dir, { mode: 'append' }))).status,
        'completed',
      );
    } finally {
      proxy.rules = {};
      await ws.cleanup();
    }
  });
});
