import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox';
import { cli, sandboxEnv } from '../helpers/cli';
import { clientFor } from '../platform/support';
import type { PlatformClient } from '../../../src/core/platform/client';
import { insertBefore, remoteTrsx, replaceText, sampleTexts, tempDir } from './support';

describe('cstudio pull, status, diff, push, backups, compare', () => {
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

  test('the whole cycle from the command line', async () => {
    const ws = await tempDir();
    try {
      const pulled = await cli(['pull', '1001'], { env, cwd: ws.dir });
      assert.equal(pulled.code, 0, pulled.stderr);
      const dir = join(ws.dir, '1001');
      assert.match(pulled.stdout, /Pulled project 1001 into/);

      const clean = await cli(['status', '--json'], { env, cwd: join(dir, 'en-US') });
      assert.equal(clean.code, 0, clean.stderr);
      assert.equal((JSON.parse(clean.stdout) as { sync: string }).sync, 'clean');

      const file = join(dir, 'en-US', 'en-US.trsx');
      await insertBefore(file, '</samples>', '  <sample intentref="ASK_HOURS">do you open on holidays</sample>');
      const diff = await cli(['diff', dir], { cwd: ws.dir });
      assert.equal(diff.code, 0, diff.stderr);
      assert.match(diff.stdout, /M en-US\/en-US\.trsx {3}samples \+1/);
      assert.match(diff.stdout, /\+ sample "do you open on holidays" of ASK_HOURS/);
      const offline = await cli(['status', dir, '--offline'], { cwd: ws.dir });
      assert.match(offline.stdout, /State: ahead/);

      const unasked = await cli(['push', dir, '--append'], { env, cwd: ws.dir });
      assert.equal(unasked.code, 2);
      assert.match(unasked.stdout, /samples\/\.append\?locale=en-US/);
      assert.match(unasked.stderr, /pass --yes/);
      assert.ok(
        !sampleTexts(await remoteTrsx(owner, '1001', 'en-US')).includes('do you open on holidays'),
        'nothing sent without confirmation',
      );

      const pushed = await cli(['push', dir, '--append', '--lock', '--notes', 'cli test'], {
        env,
        cwd: ws.dir,
        answers: ['y'],
      });
      assert.equal(pushed.code, 0, pushed.stderr);
      assert.match(pushed.stdout, /Push completed: 1 of 1/);
      assert.ok(sampleTexts(await remoteTrsx(owner, '1001', 'en-US')).includes('do you open on holidays'));
      assert.equal(await owner.projects.getLock('1001'), undefined, 'the lock was released');

      await replaceText(file, '<sample intentref="ASK_HOURS">do you open on holidays</sample>', '');
      const declined = await cli(['push', dir, '--replace'], { env, cwd: ws.dir, answers: ['y', 'no'] });
      assert.equal(declined.code, 130);
      assert.match(declined.stdout, /\[destructive\]/);
      assert.match(declined.stdout, /− sample "do you open on holidays" of ASK_HOURS/);
      const replaced = await cli(['push', dir, '--replace'], { env, cwd: ws.dir, answers: ['y', '1001'] });
      assert.equal(replaced.code, 0, replaced.stderr + replaced.stdout);
      assert.match(replaced.stdout, /Backup of the remote package: /);
      assert.ok(!sampleTexts(await remoteTrsx(owner, '1001', 'en-US')).includes('do you open on holidays'));

      const list = await cli(['backups', 'list', dir, '--json'], { cwd: ws.dir });
      const backups = JSON.parse(list.stdout) as Array<{ name: string; reason: string }>;
      assert.equal(backups.length, 1);
      assert.equal(backups[0]?.reason, 'replace');
      const restored = await cli(['backups', 'restore', dir, '--yes'], { env, cwd: ws.dir });
      assert.equal(restored.code, 0, restored.stderr);
      assert.ok(sampleTexts(await remoteTrsx(owner, '1001', 'en-US')).includes('do you open on holidays'));

      const exported = await cli(['projects', 'export', '1001', '-o', join(ws.dir, 'export.zip')], {
        env,
        cwd: ws.dir,
      });
      assert.equal(exported.code, 0, exported.stderr);
      await insertBefore(file, '</samples>', '  <sample intentref="ASK_HOURS">open on mondays</sample>');
      const compared = await cli(['compare', 'export.zip', dir], { cwd: ws.dir });
      assert.equal(compared.code, 0, compared.stderr);
      assert.match(compared.stdout, /1 file\(s\) differ/);
      assert.match(compared.stdout, /\+ sample "open on mondays" of ASK_HOURS/);
      const remoteCompare = await cli(['compare', '--remote', dir, '--json'], { env, cwd: ws.dir });
      assert.equal(remoteCompare.code, 0, remoteCompare.stderr);
      assert.equal((JSON.parse(remoteCompare.stdout) as { files: unknown[] }).files.length, 1);

      await writeFile(join(ws.dir, 'evil.zip'), zipSync({ '../../etc/passwd': new TextEncoder().encode('x') }));
      const evil = await cli(['compare', 'evil.zip', dir], { cwd: ws.dir });
      assert.equal(evil.code, 1);
      assert.match(evil.stderr, /"\.\." segment/);
    } finally {
      await ws.cleanup();
    }
  });
});
