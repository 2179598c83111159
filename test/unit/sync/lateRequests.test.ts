// The settle window of a push request that may still arrive (issue 27, finding 1), through the core API: an append
// whose request was lost on the way (the proxy drops it unsent, so no job ever appears) holds the next status until
// the window — the client's request timeout — has passed since it was sent, saying so; `force` skips the wait with
// a warning. The fault suite (faultSuite/interruptedPush.test.ts) covers requests that do arrive late.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox';
import { PlatformClient } from '../../../src/core/platform/client';
import { pull } from '../../../src/core/sync/pull';
import { executePush, preparePush } from '../../../src/core/sync/push';
import { workspaceStatus } from '../../../src/core/sync/status';
import { LossyProxy } from './faultSuite/lossyProxy';
import { insertBefore, remoteTrsx, sampleTexts, tempDir } from './support';

const WINDOW_MS = 2000;
const isAppend = (r: { method: string; path: string }): boolean =>
  r.method === 'PUT' && r.path.includes('/samples/.append');

describe('a push request that may still arrive', () => {
  let sbx: TestSandbox;
  let proxy: LossyProxy;
  let client: PlatformClient;
  before(async () => {
    sbx = await startTestSandbox({ jobDurationMs: 500 });
    proxy = await LossyProxy.start(sbx.baseUrl);
    const info = sbx.client('owner');
    client = new PlatformClient({
      connection: {
        name: 'through the proxy',
        baseUrl: proxy.baseUrl,
        authUrl: proxy.baseUrl,
        logUrl: proxy.baseUrl,
        clientId: info.clientId,
      },
      getSecret: async () => info.clientSecret,
      retry: { baseDelayMs: 5, maxDelayMs: 50 },
      timeoutMs: WINDOW_MS,
    });
  });
  after(async () => {
    await client.close();
    await proxy.close();
    await sbx.close();
  });

  /** A folder whose push of `text` was lost unsent: its outcome is unknown, its request could still be on its way. */
  async function lostPush(text: string): Promise<{ dir: string; cleanup: () => Promise<void>; sentAt: number }> {
    const ws = await tempDir();
    await pull(client, ws.dir, '1001');
    await insertBefore(
      join(ws.dir, 'en-US', 'en-US.trsx'),
      '</samples>',
      `  <sample intentref="ORDER_COFFEE">${text}</sample>`,
    );
    let sentAt = 0;
    proxy.rules = {
      onRequest: (r) => {
        if (!isAppend(r)) return 'forward';
        sentAt = Date.now();
        return 'drop';
      },
    };
    const outcome = await executePush(client, await preparePush(client, ws.dir, { mode: 'append' }));
    proxy.rules = {};
    assert.ok(outcome.pending, 'the lost append should leave the push unsettled');
    return { ...ws, sentAt };
  }

  test('status waits out the window, saying so, then the push sends the sample once', async () => {
    const ws = await lostPush('lost on the way, window passes');
    try {
      const said: string[] = [];
      const status = await workspaceStatus(ws.dir, {
        client,
        progress: {
          report: ({ message }) => {
            if (message) said.push(message);
          },
        },
      });
      assert.ok(Date.now() - ws.sentAt >= WINDOW_MS, 'status did not wait for the window');
      assert.equal(status.settled?.settledPush?.late.kind, 'windowPassed');
      assert.ok(
        said.some((m) => /may still reach the platform/.test(m)),
        said.join('\n'),
      );
      assert.equal(
        (await executePush(client, await preparePush(client, ws.dir, { mode: 'append' }))).status,
        'completed',
      );
      assert.equal(
        sampleTexts(await remoteTrsx(client, '1001', 'en-US')).filter((t) => t === 'lost on the way, window passes')
          .length,
        1,
      );
    } finally {
      await ws.cleanup();
    }
  });

  test('force does not wait, and warns that the earlier attempt could be applied too', async () => {
    const ws = await lostPush('lost on the way, forced');
    try {
      const said: string[] = [];
      const prepared = await preparePush(client, ws.dir, {
        mode: 'append',
        force: true,
        progress: {
          report: ({ message }) => {
            if (message) said.push(message);
          },
        },
      });
      // 'forced' is answered before any wait (windowPassed or arrived would mean it waited).
      assert.equal(prepared.settled?.settledPush?.late.kind, 'forced');
      assert.ok(
        said.some((m) => /Warning: not waiting .* applied twice/.test(m)),
        said.join('\n'),
      );
      assert.equal((await executePush(client, prepared)).status, 'completed');
    } finally {
      await ws.cleanup();
    }
  });
});
