// A pulled folder on a read-only file system, and two pulls at once in one folder (issue 27, finding 8).
// Read-only: once the remote had changed, status, pull and push failed with "ENOENT … mkdir .cstudio/tmp";
// status must work (it only reads the folder) and the others must name the real cause (EROFS) and the fix.
// The folder is mounted read-only for the child alone (`unshare -rm`, a private mount namespace): a real EROFS,
// even for root, where chmod would not stop a write. Without user namespaces the test is skipped, saying so.
// Two pulls at once: the first to finish removed .cstudio/tmp with the other's export still being written there.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox';
import { sandboxEnv } from '../helpers/cli';
import { clientFor } from '../platform/support';
import type { PlatformClient } from '../../../src/core/platform/client';
import { pull } from '../../../src/core/sync/pull';
import { executePush, preparePush } from '../../../src/core/sync/push';
import { insertBefore, localTrsx, sampleTexts, tempDir } from './support';
import { LossyProxy, type ReplyAction } from './faultSuite/lossyProxy';

const CLI = join(__dirname, 'faultSuite', 'cliChild.js');

/** Whether this machine lets a process mount a folder read-only in its own namespace. */
function readOnlyMountWorks(dir: string): boolean {
  const r = spawnSync(
    'unshare',
    ['-rm', 'sh', '-c', 'mount --bind -o ro "$0" "$0" && ! touch "$0/.probe" 2>/dev/null', dir],
    { stdio: 'ignore' },
  );
  return r.status === 0;
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(args: string[], env: NodeJS.ProcessEnv, readOnly?: string): Promise<Run> {
  const argv = readOnly
    ? ([
        'unshare',
        ['-rm', 'sh', '-c', 'mount --bind -o ro "$0" "$0" && exec "$@"', readOnly, process.execPath, CLI, ...args],
      ] as const)
    : ([process.execPath, [CLI, ...args]] as const);
  const child = spawn(argv[0], [...argv[1]], {
    env: { PATH: process.env.PATH, CSTUDIO_TEST: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => {
    stdout += d.toString();
  });
  child.stderr.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

describe('a read-only folder, and two pulls at once', () => {
  let sbx: TestSandbox;
  let owner: PlatformClient;
  let env: NodeJS.ProcessEnv;
  before(async () => {
    sbx = await startTestSandbox();
    owner = clientFor(sbx, 'owner');
    env = sandboxEnv(sbx, sbx.client('owner'));
  });
  after(async () => {
    await owner.close();
    await sbx.close();
  });

  test('status works on a read-only folder after the remote changed; pull and push name EROFS and the folder', async (t) => {
    const ws = await tempDir();
    const other = await tempDir();
    try {
      if (!readOnlyMountWorks(ws.dir)) {
        t.skip('this machine cannot mount a folder read-only in a private namespace (unshare -rm)');
        return;
      }
      await pull(owner, ws.dir, '1001');
      await insertBefore(
        join(ws.dir, 'en-US', 'en-US.trsx'),
        '</samples>',
        '  <sample intentref="ORDER_COFFEE">a read-only local edit</sample>',
      );
      await pull(owner, other.dir, '1001');
      await insertBefore(
        join(other.dir, 'en-US', 'en-US.trsx'),
        '</samples>',
        '  <sample intentref="ORDER_COFFEE">pushed while read-only</sample>',
      );
      assert.equal(
        (await executePush(owner, await preparePush(owner, other.dir, { mode: 'append' }))).status,
        'completed',
      );

      const status = await run(['status', ws.dir, '--json'], env, ws.dir);
      assert.equal(status.code, 0, status.stderr);
      const json = JSON.parse(status.stdout) as { sync: string; ahead: number; behind: number };
      assert.equal(json.sync, 'diverged');
      for (const args of [
        ['pull', '1001', ws.dir],
        ['push', ws.dir, '--append', '--yes'],
      ]) {
        const refused = await run(args, env, ws.dir);
        assert.notEqual(refused.code, 0);
        assert.doesNotMatch(refused.stderr, /ENOENT/);
        assert.match(refused.stderr, /read-only/i);
        assert.ok(refused.stderr.includes(ws.dir), `${args[0]} does not name the folder: ${refused.stderr}`);
      }
      // Nothing was lost: writable again, the folder pulls and holds both samples.
      const again = await run(['pull', '1001', ws.dir], env);
      assert.equal(again.code, 0, again.stderr);
      const texts = sampleTexts(await localTrsx(ws.dir, 'en-US')).map((s) => s.trim());
      assert.ok(texts.includes('a read-only local edit') && texts.includes('pushed while read-only'));
    } finally {
      await ws.cleanup();
      await other.cleanup();
    }
  });

  test("two pulls at once in one folder both succeed (neither removes the other's temp folder)", async () => {
    const ws = await tempDir();
    // The second export's answer is held until the other pull has ended (an event, not a time): that pull's clean-up
    // then runs while this one's download is under way, the moment that failed 2/4 in the campaign.
    const proxy = await LossyProxy.start(sbx.baseUrl);
    const proxied = { ...env, CSTUDIO_BASE_URL: proxy.baseUrl };
    try {
      assert.equal((await run(['pull', '1001', ws.dir], proxied)).code, 0);
      for (let round = 0; round < 2; round++) {
        let exports = 0;
        let firstDone: () => void = () => undefined;
        const oneEnded = new Promise<void>((resolve) => {
          firstDone = resolve;
        });
        proxy.rules = {
          async onReply(r): Promise<ReplyAction> {
            if (/\/projects\/[^/]+\/\.export/.test(r.path) && ++exports === 2) await oneEnded;
            return 'pass';
          },
        };
        const runs = await Promise.all(
          [0, 1].map(async () => {
            const r = await run(['pull', '1001', ws.dir], proxied);
            firstDone();
            return r;
          }),
        );
        assert.equal(exports, 2, 'both pulls should have exported');
        for (const r of runs) assert.equal(r.code, 0, `round ${round}: ${r.stderr}`);
      }
    } finally {
      await proxy.close();
      await ws.cleanup();
    }
  });
});
