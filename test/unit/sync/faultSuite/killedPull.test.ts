// Pulls killed at every file operation (issue 14): a real `cstudio pull` child is SIGKILLed at its n-th
// file operation (CSTUDIO_TEST_KILL_AT=pull:<n>, honoured only with CSTUDIO_TEST), for n = 1, 2, … until a
// run gets through. After each kill the workspace must be either the old one or the new one once the next
// command has looked at it (a committed transaction finished, an uncommitted one dropped), and the next
// pull must leave every local edit exactly once: the edited sample in its new form only (never the old one
// resurrected next to it), the local-only sample, and the remote's additions.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { cp, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { startTestSandbox, type TestSandbox } from '../../helpers/sandbox';
import { sandboxEnv } from '../../helpers/cli';
import { clientFor } from '../../platform/support';
import type { PlatformClient } from '../../../../src/core/platform/client';
import { pull } from '../../../../src/core/sync/pull';
import { executePush, preparePush } from '../../../../src/core/sync/push';
import { readWorkspaceState } from '../../../../src/core/sync/workspace';
import { WorkspacePaths } from '../../../../src/core/workspace/workspacePaths';
import { insertBefore, localTrsx, replaceText, sampleTexts } from '../support';
import { bundleCli, startCli } from './childCli';

const EDITED_FROM = 'where is my order ';
const EDITED_TO = 'where is my parcel ';

/** Every file of the folder (`.cstudio/` apart) and of its base, with state.json's base records: what a pull changes. */
async function snapshot(dir: string): Promise<string> {
  const files: string[] = [];
  const walk = async (d: string): Promise<void> => {
    for (const e of await readdir(d, { withFileTypes: true }).catch(() => [])) {
      const p = join(d, e.name);
      if (e.isDirectory()) {
        if (relative(dir, p) === '.cstudio') {
          await walk(join(p, 'base'));
          continue;
        }
        await walk(p);
      } else if (e.isFile() && !relative(dir, p).startsWith('.cstudio/backups')) {
        files.push(
          `${relative(dir, p)} ${createHash('sha256')
            .update(await readFile(p))
            .digest('hex')}`,
        );
      }
    }
  };
  await walk(dir);
  const state = await readFile(join(dir, '.cstudio', 'state.json'), 'utf8').then(
    (t) => JSON.stringify((JSON.parse(t) as { base: unknown }).base),
    () => 'no state',
  );
  return [...files.sort(), state].join('\n');
}

interface Scenario {
  readonly name: string;
  /** A folder to copy before each run (undefined: an empty folder, a first pull). */
  readonly template?: string;
  readonly check: (dir: string) => Promise<string[]>;
}

describe('pulls killed at every file operation (fault suite)', () => {
  let sbx: TestSandbox;
  let owner: PlatformClient;
  let home: string;
  let env: NodeJS.ProcessEnv;
  let scenarios: Scenario[];
  let remoteAdded: string;
  let cli: string;
  before(async () => {
    sbx = await startTestSandbox();
    owner = clientFor(sbx, 'owner');
    home = await mkdtemp(join(tmpdir(), 'cstudio-killed-pull-'));
    env = { ...sandboxEnv(sbx, sbx.client('owner')), HOME: home };
    cli = await bundleCli(home);
    // The old workspace: pulled, one sample edited and one added locally.
    const template = join(home, 'template');
    await pull(owner, template, '1001');
    const en = join(template, 'en-US', 'en-US.trsx');
    await replaceText(en, EDITED_FROM, EDITED_TO);
    await insertBefore(en, '</samples>', '  <sample intentref="ASK_HOURS">pull trial local only</sample>');
    // Meanwhile the remote gains a sample in each locale (pushed from another workspace).
    const other = join(home, 'other');
    await pull(owner, other, '1001');
    remoteAdded = 'pull trial remote addition';
    await insertBefore(
      join(other, 'en-US', 'en-US.trsx'),
      '</samples>',
      `  <sample intentref="ORDER_COFFEE">${remoteAdded}</sample>`,
    );
    await insertBefore(
      join(other, 'fr-CA', 'fr-CA.trsx'),
      '</samples>',
      '  <sample intentref="ORDER_COFFEE">un essai de reprise</sample>',
    );
    const pushed = await executePush(owner, await preparePush(owner, other, { mode: 'append' }));
    assert.equal(pushed.status, 'completed');
    scenarios = [
      {
        name: 'merge pull (local edits, remote additions in both locales)',
        template,
        async check(dir) {
          const texts = sampleTexts(await localTrsx(dir, 'en-US')).map((s) => s.trim());
          const problems: string[] = [];
          const once = (text: string): void => {
            const n = texts.filter((t) => t === text).length;
            if (n !== 1) problems.push(`"${text}" ${n} time(s)`);
          };
          once(`${EDITED_TO}AB1234`);
          once('pull trial local only');
          once(remoteAdded);
          if (texts.includes(`${EDITED_FROM}AB1234`)) problems.push('the edited sample came back in its old form');
          if (!sampleTexts(await localTrsx(dir, 'fr-CA')).some((s) => s.includes('un essai de reprise')))
            problems.push('the remote fr-CA addition is missing');
          return problems;
        },
      },
      {
        name: 'first pull into an empty folder',
        async check(dir) {
          const texts = sampleTexts(await localTrsx(dir, 'en-US')).map((s) => s.trim());
          return texts.filter((t) => t === remoteAdded).length === 1 ? [] : ['the first pull is incomplete'];
        },
      },
    ];
  });
  after(async () => {
    await owner.close();
    await sbx.close();
    await rm(home, { recursive: true, force: true });
  });

  test('a kill at any file operation leaves the old or the new state; the next pull loses and resurrects nothing', async (t) => {
    let killed = 0;
    const failures: string[] = [];
    await Promise.all(
      scenarios.map(async (s, si) => {
        const fresh = (n: number | string): string => join(home, `run-${si}-${n}`);
        const prepare = async (dir: string): Promise<void> => {
          if (s.template) await cp(s.template, dir, { recursive: true });
        };
        // The old and the new state, from a run that is not killed.
        const reference = fresh('ref');
        await prepare(reference);
        const oldState = await snapshot(reference);
        const ok = await startCli(cli, ['pull', '1001', reference], { cwd: home, env }).done;
        assert.equal(ok.code, 0, ok.stderr);
        const newState = await snapshot(reference);
        failures.push(...(await s.check(reference)).map((p) => `${s.name}, reference run: ${p}`));
        for (let n = 1; n <= 200; n++) {
          const dir = fresh(n);
          await prepare(dir);
          const run = await startCli(cli, ['pull', '1001', dir], {
            cwd: home,
            env: { ...env, CSTUDIO_TEST_KILL_AT: `pull:${n}` },
          }).done;
          if (run.signal !== 'SIGKILL') {
            if (run.code !== 0)
              failures.push(`${s.name}: the run not killed at ${n} exited ${run.code}: ${run.stderr}`);
            break;
          }
          killed++;
          // The next command first finishes or drops the transaction; the folder is then old or new, nothing between.
          if (
            await stat(dir).then(
              () => true,
              () => false,
            )
          )
            await readWorkspaceState(new WorkspacePaths(dir));
          const after = await snapshot(dir);
          if (after !== oldState && after !== newState)
            failures.push(
              `${s.name}: killed at file operation ${n}, the workspace is neither the old state nor the new one`,
            );
          const again = await startCli(cli, ['pull', '1001', dir], { cwd: home, env }).done;
          if (again.code !== 0)
            failures.push(`${s.name}: the pull after a kill at ${n} exited ${again.code}: ${again.stderr}`);
          if ((await snapshot(dir)) !== newState)
            failures.push(
              `${s.name}: after a kill at ${n} and another pull, the workspace differs from an uninterrupted pull`,
            );
          failures.push(...(await s.check(dir)).map((p) => `${s.name}, killed at ${n}: ${p}`));
          await rm(dir, { recursive: true, force: true });
        }
      }),
    );
    t.diagnostic(`pulls killed: ${killed}; failures: ${failures.length}`);
    assert.deepEqual(failures, []);
    assert.ok(killed >= 30, `only ${killed} pulls were killed`);
  });
});
