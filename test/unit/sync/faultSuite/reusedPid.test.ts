// A killed pull whose pid another process now has (issue 27, finding 2). The pid of a dead pull is reused
// within minutes on a busy machine (pid_max 32768): its transaction folder must still be recognised as
// dead — a pid alone is no owner — so the next command finishes the committed transaction (never keeping
// the old and the edited sample side by side) and no staging folder stays behind.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, readdir, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestSandbox, type TestSandbox } from '../../helpers/sandbox';
import { sandboxEnv } from '../../helpers/cli';
import { clientFor } from '../../platform/support';
import type { PlatformClient } from '../../../../src/core/platform/client';
import { pull } from '../../../../src/core/sync/pull';
import { executePush, preparePush } from '../../../../src/core/sync/push';
import { insertBefore, localTrsx, replaceText, sampleTexts } from '../support';
import { bundleCli, startCli } from './childCli';

const EDITED_FROM = 'where is my order ';
const EDITED_TO = 'where is my parcel ';

describe('a killed pull whose pid was reused (fault suite)', () => {
  let sbx: TestSandbox;
  let owner: PlatformClient;
  let home: string;
  let env: NodeJS.ProcessEnv;
  let cli: string;
  let template: string;
  let squatter: ChildProcess;
  before(async () => {
    sbx = await startTestSandbox();
    owner = clientFor(sbx, 'owner');
    home = await mkdtemp(join(tmpdir(), 'cstudio-reused-pid-'));
    env = { ...sandboxEnv(sbx, sbx.client('owner')), HOME: home };
    cli = await bundleCli(home);
    template = join(home, 'template');
    await pull(owner, template, '1001');
    await replaceText(join(template, 'en-US', 'en-US.trsx'), EDITED_FROM, EDITED_TO);
    const other = join(home, 'other');
    await pull(owner, other, '1001');
    await insertBefore(
      join(other, 'en-US', 'en-US.trsx'),
      '</samples>',
      '  <sample intentref="ORDER_COFFEE">reused pid remote addition</sample>',
    );
    assert.equal((await executePush(owner, await preparePush(owner, other, { mode: 'append' }))).status, 'completed');
    // A live process that is not a pull: it stands for whatever process got the dead pull's pid.
    squatter = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1 << 30)'], { stdio: 'ignore' });
  });
  after(async () => {
    squatter.kill('SIGKILL');
    await owner.close();
    await sbx.close();
    await rm(home, { recursive: true, force: true });
  });

  test('a committed transaction of a dead pull is finished even though its pid runs again; nothing is left behind', async () => {
    const failures: string[] = [];
    let simulated = 0;
    for (let n = 1; n <= 200; n++) {
      const dir = join(home, `run-${n}`);
      await cp(template, dir, { recursive: true });
      const run = await startCli(cli, ['pull', '1001', dir], {
        cwd: home,
        env: { ...env, CSTUDIO_TEST_KILL_AT: `pull:${n}` },
      }).done;
      if (run.signal !== 'SIGKILL') break;
      const stateDir = join(dir, '.cstudio');
      for (const name of (await readdir(stateDir)).filter((x) => x.startsWith('txn-'))) {
        // The dead pull's pid is now the squatter's: the folder keeps whatever else names its owner.
        const reused = name.replace(/^txn-\d+/, `txn-${squatter.pid}`);
        await rename(join(stateDir, name), join(stateDir, reused));
        simulated++;
      }
      const again = await startCli(cli, ['pull', '1001', dir], { cwd: home, env }).done;
      if (again.code !== 0) failures.push(`killed at ${n}: the next pull exited ${again.code}: ${again.stderr}`);
      const texts = sampleTexts(await localTrsx(dir, 'en-US')).map((t) => t.trim());
      if (texts.includes(`${EDITED_FROM}AB1234`))
        failures.push(`killed at ${n}: the edited sample came back in its old form`);
      if (texts.filter((t) => t === `${EDITED_TO}AB1234`).length !== 1)
        failures.push(`killed at ${n}: the edited sample is not there exactly once`);
      if (texts.filter((t) => t === 'reused pid remote addition').length !== 1)
        failures.push(`killed at ${n}: the remote addition is not there exactly once`);
      const left = (await readdir(stateDir)).filter((x) => x.startsWith('txn-'));
      if (left.length > 0) failures.push(`killed at ${n}: transaction folders left: ${left.join(', ')}`);
      await rm(dir, { recursive: true, force: true });
    }
    assert.ok(simulated > 0, 'no killed pull left a transaction folder to simulate a reused pid with');
    assert.deepEqual(failures, []);
  });

  test('a staging folder of a pid that no longer runs (or of pid 1 in another container) is removed', async () => {
    const dir = join(home, 'stale');
    await cp(template, dir, { recursive: true });
    const stale = join(dir, '.cstudio', 'txn-1');
    await cp(join(dir, 'en-US'), join(stale, 'work', 'en-US'), { recursive: true });
    const again = await startCli(cli, ['pull', '1001', dir], { cwd: home, env }).done;
    assert.equal(again.code, 0, again.stderr);
    assert.equal(
      await stat(stale).then(
        () => true,
        () => false,
      ),
      false,
      'txn-1 is still there',
    );
  });
});
