import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox';
import { clientFor, rejectsWith } from '../platform/support';
import type { PlatformClient } from '../../../src/core/platform/client';
import { readZip } from '../../../src/core/package/zip';
import { parseTrsxBytes } from '../../../src/core/formats/trsx/parse';
import { listBackups } from '../../../src/core/sync/backups';
import { pull } from '../../../src/core/sync/pull';
import { preparePush, executePush } from '../../../src/core/sync/push';
import { PushRefusedError } from '../../../src/core/sync/pushErrors';
import { restoreBackup } from '../../../src/core/sync/restore';
import { sameTrsx } from '../../../src/core/sync/semantic/trsxMerge';
import { workspaceStatus } from '../../../src/core/sync/status';
import { WorkspacePaths } from '../../../src/core/workspace/workspacePaths';
import { insertBefore, localTrsx, remoteFiles, remoteTrsx, replaceText, sampleTexts, tempDir } from './support';

describe('push by replace', () => {
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

  test('replaces samples and literals per intent and entity, saving the remote package into backups first; a restore puts it back', async () => {
    const ws = await tempDir();
    try {
      await pull(owner, ws.dir, '1001');
      const original = await remoteFiles(owner, '1001');
      const file = join(ws.dir, 'en-US', 'en-US.trsx');
      await replaceText(
        file,
        '<sample intentref="ASK_HOURS" count="1" excluded="false" fullyVerified="true">when do you open tomorrow</sample>',
        '',
      );
      await replaceText(file, '<entry literal="venti" value="L"/>', '');
      await insertBefore(file, '</samples>', '  <sample intentref="ASK_HOURS">what time do you close</sample>');
      const edited = await localTrsx(ws.dir, 'en-US');

      const prepared = await preparePush(owner, ws.dir, { mode: 'replace' });
      assert.deepEqual(
        prepared.plan.operations.map((o) => `${o.kind} ${o.target ?? ''}`),
        ['literalsReplace COFFEE_SIZE', 'samplesReplace ASK_HOURS'],
      );
      assert.equal(prepared.plan.backup, true);
      const [literalsOp, samplesOp] = prepared.plan.operations;
      assert.equal(literalsOp?.method, 'POST');
      assert.equal(literalsOp?.destructive, true);
      assert.match(literalsOp?.endpoint ?? '', /\/entities\/COFFEE_SIZE\/literals\/\.replace\?locale=en-US$/);
      assert.match(
        literalsOp?.title ?? '',
        /^replace the literals of entity COFFEE_SIZE \(en-US\) with the workspace's \d+$/,
      );
      assert.equal(samplesOp?.title, "replace the samples of intent ASK_HOURS (en-US) with the workspace's 5");
      assert.deepEqual(samplesOp?.deletes, ['sample "when do you open tomorrow" of ASK_HOURS']);
      assert.deepEqual(samplesOp?.adds, ['sample "what time do you close" of ASK_HOURS']);
      assert.deepEqual(await listBackups(new WorkspacePaths(ws.dir)), [], 'preparing sends and saves nothing');

      const outcome = await executePush(owner, prepared);
      assert.equal(outcome.status, 'completed');
      assert.ok(outcome.backup, 'a backup was saved');
      const backup = await readZip(await readFile(outcome.backup.path));
      assert.deepEqual([...backup.keys()].sort(), [...original.keys()].sort());
      assert.ok(
        sameTrsx(
          parseTrsxBytes(backup.get('en-US/en-US.trsx') ?? new Uint8Array()).document,
          parseTrsxBytes(original.get('en-US/en-US.trsx') ?? new Uint8Array()).document,
        ),
        'the backup holds the remote package as it was before the replace',
      );
      assert.ok(sameTrsx(await remoteTrsx(owner, '1001', 'en-US'), edited));

      const restored = await restoreBackup(owner, ws.dir, outcome.backup.name);
      assert.equal(restored.job.status, 'COMPLETED');
      assert.equal(restored.refresh?.ok, true);
      const remote = await remoteTrsx(owner, '1001', 'en-US');
      assert.ok(sampleTexts(remote).includes('when do you open tomorrow'));
      assert.ok(!sampleTexts(remote).includes('what time do you close'));
      assert.ok(sameTrsx(await localTrsx(ws.dir, 'en-US'), remote), 'the unedited workspace follows the restore');
      assert.equal(
        (await listBackups(new WorkspacePaths(ws.dir))).length,
        2,
        'the restore saved the package it replaced',
      );
    } finally {
      await ws.cleanup();
    }
  });

  test('removing an intent needs the whole package replaced', async () => {
    const ws = await tempDir();
    try {
      await pull(owner, ws.dir, '1002');
      // Project 1002 declares each intent as <intent name="X"/> with one sample.
      const victim = (await localTrsx(ws.dir, 'en-US')).intents[0];
      assert.ok(victim);
      const file = join(ws.dir, 'en-US', 'en-US.trsx');
      await replaceText(file, `<intent name="${victim.name}"/>`, '');
      const text = await readFile(file, 'utf8');
      await replaceText(
        file,
        text,
        text.replace(new RegExp(`<sample intentref="${victim.name}"[^>]*>[^<]*</sample>`, 'g'), ''),
      );

      const prepared = await preparePush(owner, ws.dir, { mode: 'replace' });
      assert.deepEqual(
        prepared.plan.operations.map((o) => o.kind),
        ['packageReplace'],
      );
      assert.ok(prepared.plan.operations[0]?.deletes.some((d) => d.includes(`intent ${victim.name}`)));
      const appendPlan = await preparePush(owner, ws.dir, { mode: 'append' });
      assert.equal(appendPlan.plan.operations.length, 0);
      assert.ok(appendPlan.plan.notSent.some((n) => n.includes(`intent ${victim.name} removed`)));

      const outcome = await executePush(owner, prepared);
      assert.equal(outcome.status, 'completed', JSON.stringify(outcome.results.map((r) => r.error)));
      assert.ok(!(await remoteTrsx(owner, '1002', 'en-US')).intents.some((i) => i.name === victim.name));
      assert.equal((await workspaceStatus(ws.dir, { client: owner })).sync, 'clean');
    } finally {
      await ws.cleanup();
    }
  });

  test('a push with invalid TRSX is refused and sends nothing', async () => {
    const ws = await tempDir();
    try {
      await pull(owner, ws.dir, '1001');
      const before = await remoteFiles(owner, '1001');
      await insertBefore(
        join(ws.dir, 'en-US', 'en-US.trsx'),
        '</samples>',
        '  <sample intentref="NO_SUCH_INTENT">hello</sample>',
      );
      for (const mode of ['append', 'replace'] as const) {
        const refused = await rejectsWith(preparePush(owner, ws.dir, { mode }), PushRefusedError);
        assert.equal(refused.reason, 'invalid');
        assert.match(refused.message, /en-US\/en-US\.trsx:\d+:\d+ error TRSX020/);
      }
      await replaceText(
        join(ws.dir, 'en-US', 'en-US.trsx'),
        '<sample intentref="NO_SUCH_INTENT">hello</sample>',
        '<sample intentref="ASK_HOURS">hello</sample',
      );
      const broken = await rejectsWith(preparePush(owner, ws.dir, { mode: 'append' }), PushRefusedError);
      assert.match(broken.message, /error XML/);
      const afterFiles = await remoteFiles(owner, '1001');
      assert.deepEqual(afterFiles.get('en-US/en-US.trsx'), before.get('en-US/en-US.trsx'));
    } finally {
      await ws.cleanup();
    }
  });
});
