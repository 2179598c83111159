// A missing or damaged base copy (issue 27, finding 3). The append plan sends what the workspace has beyond the
// base: with .cstudio/base/en-US/en-US.trsx deleted (or missing a sample) everything (or that sample) looked new
// and was appended again, doubling counts. The base is now checked against the hash state.json records before
// any plan: restored from the platform's export when the remote still holds exactly that version, else the
// push is refused with the fix — never a re-append.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox';
import { clientFor } from '../platform/support';
import type { PlatformClient } from '../../../src/core/platform/client';
import type { TrsxDocument } from '../../../src/core/formats/trsx/model';
import { pull } from '../../../src/core/sync/pull';
import { executePush, preparePush } from '../../../src/core/sync/push';
import { PushRefusedError } from '../../../src/core/sync/pushErrors';
import { insertBefore, remoteTrsx, tempDir } from './support';

/** Each sample's text and the sum of its counts. */
function counts(doc: TrsxDocument): Map<string, number> {
  const flat = (nodes: TrsxDocument['samples'][number]['content']): string =>
    nodes.map((n) => (typeof n === 'string' ? n : flat(n.content))).join('');
  const out = new Map<string, number>();
  for (const s of doc.samples)
    out.set(
      `${s.intentref} ${flat(s.content).trim()}`,
      (out.get(`${s.intentref} ${flat(s.content).trim()}`) ?? 0) + (s.count ?? 1),
    );
  return out;
}

describe('a missing or damaged base copy', () => {
  let sbx: TestSandbox;
  let owner: PlatformClient;
  before(async () => {
    sbx = await startTestSandbox();
    owner = clientFor(sbx, 'owner');
  });
  after(async () => {
    await owner.close();
    await sbx.close();
  });

  test('a pull and a push record the base copies they wrote, so the next check reads none of them again', async () => {
    const ws = await tempDir();
    try {
      await pull(owner, ws.dir, '1001');
      const recorded = async (): Promise<Record<string, { hash: string }>> =>
        JSON.parse(await readFile(join(ws.dir, '.cstudio', 'hashes.json'), 'utf8')) as Record<string, { hash: string }>;
      const state = async (): Promise<{ base: Record<string, { hash: string }> }> =>
        JSON.parse(await readFile(join(ws.dir, '.cstudio', 'state.json'), 'utf8')) as {
          base: Record<string, { hash: string }>;
        };
      assert.equal(
        (await recorded())['.cstudio/base/en-US/en-US.trsx']?.hash,
        (await state()).base['en-US/en-US.trsx']?.hash,
      );
      await insertBefore(
        join(ws.dir, 'en-US', 'en-US.trsx'),
        '</samples>',
        '  <sample intentref="ORDER_COFFEE">recorded after a push</sample>',
      );
      assert.equal(
        (await executePush(owner, await preparePush(owner, ws.dir, { mode: 'append' }))).status,
        'completed',
      );
      assert.equal(
        (await recorded())['.cstudio/base/en-US/en-US.trsx']?.hash,
        (await state()).base['en-US/en-US.trsx']?.hash,
      );
    } finally {
      await ws.cleanup();
    }
  });

  const damages: [string, (file: string) => Promise<void>][] = [
    ['deleted', (file) => rm(file)],
    [
      'missing one sample',
      async (file) => {
        const text = await readFile(file, 'utf8');
        const at = text.indexOf('<sample ');
        await writeFile(file, text.slice(0, at) + text.slice(text.indexOf('</sample>', at) + '</sample>'.length));
      },
    ],
  ];
  for (const [name, damage] of damages) {
    test(`base ${name}: restored from the export, the append sends only the new sample, no count moves`, async () => {
      const ws = await tempDir();
      try {
        await pull(owner, ws.dir, '1001');
        const before = counts(await remoteTrsx(owner, '1001', 'en-US'));
        await damage(join(ws.dir, '.cstudio', 'base', 'en-US', 'en-US.trsx'));
        await insertBefore(
          join(ws.dir, 'en-US', 'en-US.trsx'),
          '</samples>',
          `  <sample intentref="ORDER_COFFEE">a base was ${name}</sample>`,
        );
        const prepared = await preparePush(owner, ws.dir, { mode: 'append' });
        assert.equal(prepared.plan.operations.length, 1, prepared.plan.operations.map((o) => o.title).join('; '));
        assert.equal((await executePush(owner, prepared)).status, 'completed');
        const after = counts(await remoteTrsx(owner, '1001', 'en-US'));
        assert.equal(after.get(`ORDER_COFFEE a base was ${name}`), 1);
        for (const [text, n] of before) assert.equal(after.get(text), n, `the count of "${text}" moved`);
      } finally {
        await ws.cleanup();
      }
    });
  }

  test('base deleted while the remote moved on: the push is refused with the fix, nothing is sent', async () => {
    const ws = await tempDir();
    const other = await tempDir();
    try {
      await pull(owner, ws.dir, '1001');
      await pull(owner, other.dir, '1001');
      await insertBefore(
        join(other.dir, 'en-US', 'en-US.trsx'),
        '</samples>',
        '  <sample intentref="ORDER_COFFEE">someone else pushed</sample>',
      );
      assert.equal(
        (await executePush(owner, await preparePush(owner, other.dir, { mode: 'append' }))).status,
        'completed',
      );
      const before = counts(await remoteTrsx(owner, '1001', 'en-US'));
      await rm(join(ws.dir, '.cstudio', 'base', 'en-US', 'en-US.trsx'));
      await insertBefore(
        join(ws.dir, 'en-US', 'en-US.trsx'),
        '</samples>',
        '  <sample intentref="ORDER_COFFEE">mine after the damage</sample>',
      );
      await assert.rejects(
        preparePush(owner, ws.dir, { mode: 'append' }),
        (err: unknown) =>
          err instanceof PushRefusedError &&
          /base copy of en-US\/en-US\.trsx/.test(err.message) &&
          /cstudio pull/.test(err.message),
      );
      assert.deepEqual(counts(await remoteTrsx(owner, '1001', 'en-US')), before);
      // The fix the message gives works: a pull rebuilds the base (local edits kept), then the push sends only the new sample.
      await pull(owner, ws.dir, undefined, { prefer: 'local' });
      assert.equal(
        (await executePush(owner, await preparePush(owner, ws.dir, { mode: 'append' }))).status,
        'completed',
      );
      const after = counts(await remoteTrsx(owner, '1001', 'en-US'));
      assert.equal(after.get('ORDER_COFFEE mine after the damage'), 1);
      for (const [text, n] of before) assert.equal(after.get(text), n, `the count of "${text}" moved`);
    } finally {
      await ws.cleanup();
      await other.cleanup();
    }
  });
});
