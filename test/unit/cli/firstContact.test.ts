// A newcomer's first commands (issue 26): --version, a missing file or folder to validate, an unknown subcommand,
// an unknown option, and `cstudio pull DIR` with the folder as its one argument. Each answer names the problem
// plainly and exits 2 when the command could not do what was asked.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli, sandboxEnv } from '../helpers/cli';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox';
import { pullArguments } from '../../../src/cli/commands/syncPull';

const root = join(__dirname, '..', '..', '..', '..', '..');

describe('cstudio first contact', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cstudio-first-'));
  });
  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  test('--version prints the version of package.json', async () => {
    const { version } = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as { version: string };
    for (const flag of ['--version', '-v']) {
      const r = await cli([flag]);
      assert.equal(r.code, 0);
      assert.equal(r.stdout, `cstudio ${version}\n`);
    }
  });

  test('validate of a missing file names it and exits 2, with no "no problems" verdict', async () => {
    const r = await cli(['validate', 'missing.trsx'], { cwd: dir });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /Cannot read missing\.trsx: no such file\./);
    assert.doesNotMatch(r.stdout, /no problems/);
    assert.match(r.stdout, /0 files checked; 1 file NOT checked \(could not be read\): missing\.trsx\./);
  });

  test('validate of a good file beside a missing one still says the missing one went unchecked', async () => {
    await writeFile(join(dir, 'ok.list'), 'one\ntwo\n');
    const r = await cli(['validate', 'ok.list', 'gone.list'], { cwd: dir });
    assert.equal(r.code, 2);
    assert.match(r.stdout, /1 file checked; 1 file NOT checked \(could not be read\): gone\.list\./);
  });

  test('validate of a missing folder says it does not exist (not "Unknown file type")', async () => {
    const r = await cli(['validate', 'no-such-project'], { cwd: dir });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /^cstudio validate: no-such-project: no such file or folder\.$/m);
    assert.doesNotMatch(r.stderr, /Unknown file type/);
    // An existing file of an unknown type is still told apart.
    await writeFile(join(dir, 'notes.md'), '# notes\n');
    const unknown = await cli(['validate', 'notes.md'], { cwd: dir });
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /Unknown file type: notes\.md/);
  });

  test('an unknown subcommand is named, with the valid ones', async () => {
    const r = await cli(['grammar', 'check']);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /^cstudio grammar: unknown subcommand "check"; valid: test\.$/m);
    const projects = await cli(['projects', 'show']);
    assert.match(
      projects.stderr,
      /unknown subcommand "show"; valid: list, get, create, rename, delete, datapack, lock, unlock, locks, export, replace\./,
    );
    const bare = await cli(['grammar']);
    assert.equal(bare.code, 2);
    assert.match(bare.stderr, /^cstudio grammar: give a subcommand: test\.$/m);
    const command = await cli(['frobnicate']);
    assert.equal(command.code, 2);
    assert.match(command.stderr, /^cstudio: unknown command "frobnicate"\. Run "cstudio --help" for the commands\.$/m);
  });

  test('unknown options and bad values get one plain sentence (balanced quotes) and exit 2', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['validate', '--bogus', 'x.trsx'], /^cstudio validate: Unknown option --bogus\.$/m],
      [['validate', '--json=3', 'x.trsx'], /^cstudio validate: --json takes no value\.$/m],
      [['projects', 'list', '--base-url'], /^cstudio projects list: --base-url needs a value\.$/m],
      [['sandbox', '--nope'], /^cstudio sandbox: Unknown option --nope\.$/m],
      [['--nope'], /^cstudio: unknown option --nope\. Run "cstudio --help" for the commands\.$/m],
    ];
    for (const [argv, expected] of cases) {
      const r = await cli(argv);
      assert.equal(r.code, 2, argv.join(' '));
      assert.match(r.stderr, expected, r.stderr);
      const firstLine = r.stderr.split('\n')[0] ?? '';
      assert.equal((firstLine.match(/'/g) ?? []).length % 2, 0, `unbalanced quote: ${firstLine}`);
      assert.equal((firstLine.match(/"/g) ?? []).length % 2, 0, `unbalanced quote: ${firstLine}`);
    }
  });
});

describe('cstudio pull with one argument', () => {
  let sbx: TestSandbox;
  let env: NodeJS.ProcessEnv;
  let ws: string;
  before(async () => {
    sbx = await startTestSandbox();
    env = sandboxEnv(sbx, sbx.client('owner'));
    ws = await mkdtemp(join(tmpdir(), 'cstudio-pull-arg-'));
  });
  after(async () => {
    await sbx.close();
    await rm(ws, { recursive: true, force: true });
  });

  test('the rule: path-like or an existing folder is the folder; a number is a project ID unless it names a pulled folder', async () => {
    await mkdir(join(ws, 'plain'));
    await mkdir(join(ws, '2002'));
    assert.deepEqual(pullArguments(ws, ['1001']), { projectId: '1001' });
    assert.deepEqual(pullArguments(ws, ['./anything']), { dir: './anything' });
    assert.deepEqual(pullArguments(ws, ['a/b']), { dir: 'a/b' });
    assert.deepEqual(pullArguments(ws, ['.']), { dir: '.' });
    assert.deepEqual(pullArguments(ws, ['/abs/path']), { dir: '/abs/path' });
    assert.deepEqual(pullArguments(ws, ['plain']), { dir: 'plain' });
    assert.deepEqual(pullArguments(ws, ['2002']), { projectId: '2002' }, 'a digits-only folder that was never pulled');
    assert.deepEqual(pullArguments(ws, ['not-there']), { projectId: 'not-there' });
    assert.deepEqual(pullArguments(ws, ['1001', 'x']), { projectId: '1001', dir: 'x' });
  });

  test('`cstudio pull DIR` updates the pulled folder DIR instead of taking DIR as the project ID', async () => {
    const first = await cli(['pull', '1001', 'coffee'], { env, cwd: ws });
    assert.equal(first.code, 0, first.stderr);
    const again = await cli(['pull', 'coffee'], { env, cwd: ws });
    assert.equal(again.code, 0, again.stderr);
    assert.doesNotMatch(again.stderr, /holds project/);
    const slash = await cli(['pull', 'coffee/'], { env, cwd: ws });
    assert.equal(slash.code, 0, slash.stderr);
    // Pulled once as ./1001 by its ID, the same words update it.
    const byId = await cli(['pull', '1001'], { env, cwd: ws });
    assert.equal(byId.code, 0, byId.stderr);
    const byIdAgain = await cli(['pull', '1001'], { env, cwd: ws });
    assert.equal(byIdAgain.code, 0, byIdAgain.stderr);
  });
});
