// Concurrent whole-package replaces (issue 27, finding 7). Two folders of one client (with or without --lock),
// or two users, each replace the package while the other's replace job runs: both printed "Push completed" and
// the one applied first was overwritten — its folder then showed no local change, and a later pull dropped the
// edit locally too. A replace now checks, right before sending, that the project has no content job running and
// that its key has not moved since the plan, and a --lock that finds the project locked by the same user for
// another push (the lock's notes) refuses. The refused folder keeps its edit, and pull + push lands it.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox';
import { clientFor } from '../platform/support';
import type { PlatformClient } from '../../../src/core/platform/client';
import { pull } from '../../../src/core/sync/pull';
import { executePush, preparePush } from '../../../src/core/sync/push';
import { PushRefusedError } from '../../../src/core/sync/pushErrors';
import { workspaceStatus } from '../../../src/core/sync/status';
import { remoteTrsx, replaceText, sampleTexts, tempDir } from './support';

describe('concurrent whole-package replaces', () => {
  let sbx: TestSandbox;
  let owner: PlatformClient;
  let admin: PlatformClient;
  before(async () => {
    // Platform-like: a replace job runs for a second, long enough for another push to start meanwhile.
    sbx = await startTestSandbox({ jobDurationMs: 1000 });
    owner = clientFor(sbx, 'owner');
    admin = clientFor(sbx, 'admin');
  });
  after(async () => {
    await owner.close();
    await admin.close();
    await sbx.close();
  });

  const cases: { name: string; second: () => PlatformClient; lock: boolean }[] = [
    { name: 'two folders of one client', second: () => owner, lock: false },
    { name: 'two folders of one client, both with --lock', second: () => owner, lock: true },
    { name: 'two users without a lock', second: () => admin, lock: false },
  ];
  for (const [i, c] of cases.entries()) {
    test(`${c.name}: the second replace, started while the first one's job runs, is refused and its edit is kept`, async () => {
      const a = await tempDir();
      const b = await tempDir();
      const second = c.second();
      try {
        await pull(owner, a.dir, '1001');
        await pull(second, b.dir, '1001');
        const aText = `when do you open on day ${i}`;
        const bText = `please cancel my order now ${i} `;
        const [aWas] = sampleTexts(await remoteTrsx(owner, '1001', 'en-US'), 'ASK_HOURS');
        await replaceText(join(a.dir, 'en-US', 'en-US.trsx'), `>${aWas ?? ''}<`, `>${aText}<`);
        await replaceText(join(b.dir, 'en-US', 'en-US.trsx'), 'please cancel my order ', bText);
        const lock = c.lock ? { notes: 'cstudio push' } : undefined;
        const aPrepared = await preparePush(owner, a.dir, { mode: 'replace', scope: 'package', lock });
        const bPrepared = await preparePush(second, b.dir, { mode: 'replace', scope: 'package', lock });
        // B is started on an event: A's replace job reported running.
        let bOutcome: Promise<unknown> | undefined;
        const aOutcome = await executePush(owner, aPrepared, {
          progress: {
            report: ({ message }) => {
              if (!bOutcome && message && /RUNNING/.test(message))
                bOutcome = executePush(second, bPrepared).catch((err: unknown) => err);
            },
          },
        });
        assert.equal(aOutcome.status, 'completed');
        assert.ok(bOutcome, 'the first replace never reported its job running');
        const bResult = await bOutcome;
        assert.ok(
          bResult instanceof PushRefusedError,
          `the second replace was not refused: ${JSON.stringify(bResult).slice(0, 300)}`,
        );
        // With --lock the lock itself tells: the same user's lock for another push (its notes) refuses.
        if (c.lock) assert.match(bResult.message, /locked by you for another push/);
        const remote = sampleTexts(await remoteTrsx(owner, '1001', 'en-US')).map((t) => t.trim());
        assert.ok(remote.includes(aText), 'the first replace was overwritten');
        // The refused folder still shows its edit, and the obvious fix lands both.
        const status = await workspaceStatus(b.dir, { client: second });
        assert.ok(status.ahead > 0, 'the refused folder shows no local change');
        await pull(second, b.dir, undefined);
        assert.equal(
          (await executePush(second, await preparePush(second, b.dir, { mode: 'replace', scope: 'package' }))).status,
          'completed',
        );
        const after = sampleTexts(await remoteTrsx(owner, '1001', 'en-US')).map((t) => t.trim());
        assert.ok(
          after.includes(aText) && after.some((t) => t.startsWith(bText.trim())),
          `an edit was lost: ${after.join(' | ')}`,
        );
      } finally {
        await a.cleanup();
        await b.cleanup();
      }
    });
  }
});
