import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox';
import { clientFor } from '../platform/support';
import type { PlatformClient } from '../../../src/core/platform/client';
import { pull } from '../../../src/core/sync/pull';
import { preparePush, executePush } from '../../../src/core/sync/push';
import { workspaceStatus } from '../../../src/core/sync/status';
import { sameTrsx } from '../../../src/core/sync/semantic/trsxMerge';
import { formatPlan } from '../../../src/core/sync/pushPlan';
import { insertBefore, localTrsx, remoteTrsx, sampleTexts, tempDir } from './support';

describe('pull, edit, append push, pull again', () => {
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

  test('a fresh pull lays out the package and records the base', async () => {
    const ws = await tempDir();
    try {
      const result = await pull(owner, ws.dir, '1001');
      assert.equal(result.fresh, true);
      assert.deepEqual(result.conflicts, []);
      assert.ok(result.updated.includes('en-US/en-US.trsx'));
      const state = JSON.parse(await readFile(join(ws.dir, '.cstudio', 'state.json'), 'utf8')) as {
        projectId: string;
        base: Record<string, { hash: string }>;
      };
      assert.equal(state.projectId, '1001');
      assert.deepEqual(Object.keys(state.base).sort(), [
        'dialog.json',
        'en-US/en-US.trsx',
        'fr-CA/fr-CA.trsx',
        'metadata.json',
      ]);
      assert.ok((await stat(join(ws.dir, '.cstudio', 'base', 'en-US', 'en-US.trsx'))).isFile());
      const status = await workspaceStatus(ws.dir, { client: owner });
      assert.equal(status.sync, 'clean');
    } finally {
      await ws.cleanup();
    }
  });

  test('added samples, literals, an intent and an entity go out by append and come back on the next pull', async () => {
    const ws = await tempDir();
    try {
      await pull(owner, ws.dir, '1001');
      const file = join(ws.dir, 'en-US', 'en-US.trsx');
      await insertBefore(
        file,
        '</intents>',
        '  <intent name="BOOK_TABLE">\n        <links>\n          <link conceptref="PARTY_SIZE"/>\n        </links>\n      </intent>',
      );
      await insertBefore(file, '</concepts>', '  <concept name="PARTY_SIZE"/>');
      await insertBefore(
        file,
        '</dictionaries>',
        '  <dictionary conceptref="PARTY_SIZE">\n      <entry literal="two" value="2"/>\n    </dictionary>',
      );
      await insertBefore(
        file,
        '</dictionaries>',
        '  <dictionary conceptref="COFFEE_TYPE">\n      <entry literal="flat white" value="flat_white"/>\n    </dictionary>',
      );
      await insertBefore(
        file,
        '</samples>',
        '  <sample intentref="ORDER_COFFEE" count="1">a <annotation conceptref="COFFEE_TYPE">flat white</annotation> please</sample>',
      );
      await insertBefore(
        file,
        '</samples>',
        '  <sample intentref="BOOK_TABLE">a table for <annotation conceptref="PARTY_SIZE">two</annotation></sample>',
      );
      const edited = await localTrsx(ws.dir, 'en-US');

      const status = await workspaceStatus(ws.dir, { client: owner });
      assert.equal(status.sync, 'ahead');
      assert.deepEqual(
        status.local.map((f) => f.path),
        ['en-US/en-US.trsx'],
      );

      const prepared = await preparePush(owner, ws.dir, { mode: 'append' });
      const text = formatPlan(prepared.plan);
      assert.match(text, /ontology\/\.append/);
      assert.match(text, /intents\/ORDER_COFFEE\/samples\/\.append\?locale=en-US/);
      assert.match(text, /entities\/COFFEE_TYPE\/literals\/\.append\?locale=en-US/);
      assert.deepEqual(prepared.plan.notSent, []);
      // contentOperations.ts shapes every sample and literal operation (method, title, destructiveness) from one table.
      const appends = prepared.plan.operations.filter((o) => o.kind !== 'ontologyAppend');
      assert.deepEqual(appends.map((o) => `${o.method} ${o.destructive} ${o.title}`).sort(), [
        'PUT false append 1 literal(s) to entity COFFEE_TYPE (en-US)',
        'PUT false append 1 literal(s) to entity PARTY_SIZE (en-US)',
        'PUT false append 1 sample(s) to intent BOOK_TABLE (en-US)',
        'PUT false append 1 sample(s) to intent ORDER_COFFEE (en-US)',
      ]);
      const outcome = await executePush(owner, prepared);
      assert.equal(outcome.status, 'completed', JSON.stringify(outcome.results.map((r) => r.error)));
      assert.equal(outcome.refresh?.ok, true);

      const remote = await remoteTrsx(owner, '1001', 'en-US');
      assert.ok(sameTrsx(remote, edited), 'the remote now means what the edited file means');
      assert.ok(sampleTexts(remote, 'BOOK_TABLE').includes('a table for two'));
      const after = await workspaceStatus(ws.dir, { client: owner });
      assert.equal(after.sync, 'clean', JSON.stringify(after.local.map((f) => [f.path, f.change])));

      const again = await pull(owner, ws.dir, undefined);
      assert.deepEqual(again.conflicts, []);
      assert.ok(sameTrsx(await localTrsx(ws.dir, 'en-US'), edited), 'pulling again gives back the same content');
      // The platform added the new intent and entity to the other locale too; the untouched file follows.
      const fr = await localTrsx(ws.dir, 'fr-CA');
      assert.ok(fr.intents.some((i) => i.name === 'BOOK_TABLE'));
    } finally {
      await ws.cleanup();
    }
  });
});
