// The platform commands of `cstudio` against a real sandbox over HTTP: output, --json, exit codes and
// one-line errors that name the resource.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { readZip } from '../../../src/core/package/zip';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox';
import { cli, sandboxEnv } from '../helpers/cli';

let sb: TestSandbox;
let dir: string;
let owner: NodeJS.ProcessEnv;
let admin: NodeJS.ProcessEnv;

before(async () => {
  sb = await startTestSandbox();
  dir = await mkdtemp(join(tmpdir(), 'cstudio-cli-platform-'));
  owner = sandboxEnv(sb, sb.client('owner'));
  admin = sandboxEnv(sb, sb.client('admin'));
});
after(async () => {
  await sb.close();
  await rm(dir, { recursive: true, force: true });
});

describe('cstudio orgs and projects', () => {
  test('orgs list prints the demo organization, and --json parses', async () => {
    const human = await cli(['orgs', 'list'], { env: owner });
    assert.equal(human.code, 0, human.stderr);
    assert.match(human.stdout, /^ID\s+NAME/m);
    const json = await cli(['orgs', 'list', '--json'], { env: owner });
    const orgs = JSON.parse(json.stdout) as Array<{ id: string; displayName: string }>;
    assert.ok(orgs.some((o) => human.stdout.includes(o.displayName)));
  });

  test('create, get, rename, list and delete a project', async () => {
    const orgs = JSON.parse((await cli(['orgs', 'list', '--json'], { env: owner })).stdout) as Array<{ id: string }>;
    const org = orgs[0]?.id ?? '';
    const created = await cli(
      [
        'projects',
        'create',
        '--org',
        org,
        '--name',
        'CLI test',
        '--languages',
        'en-US',
        '--child-data',
        'NO',
        '--json',
      ],
      { env: owner },
    );
    assert.equal(created.code, 0, created.stderr);
    const id = (JSON.parse(created.stdout) as { id: string }).id;

    const got = await cli(['projects', 'get', id], { env: owner });
    assert.match(got.stdout, /name\s+CLI test/);

    assert.equal((await cli(['projects', 'rename', id, 'CLI renamed'], { env: owner })).code, 0);
    const list = await cli(['projects', 'list', '--org', org, '--json'], { env: owner });
    assert.ok(
      (JSON.parse(list.stdout) as Array<{ id: string; displayName: string }>).some(
        (p) => p.id === id && p.displayName === 'CLI renamed',
      ),
    );

    // Without --yes and without a terminal, delete refuses (usage, exit 2) and changes nothing.
    const refused = await cli(['projects', 'delete', id], { env: owner });
    assert.equal(refused.code, 2);
    assert.equal((await cli(['projects', 'get', id], { env: owner })).code, 0);
    // A wrong typed name does not delete either.
    const wrong = await cli(['projects', 'delete', id], { env: owner, answers: ['nope'] });
    assert.notEqual(wrong.code, 0);
    assert.equal((await cli(['projects', 'get', id], { env: owner })).code, 0);
    const deleted = await cli(['projects', 'delete', id], { env: owner, answers: ['CLI renamed'] });
    assert.equal(deleted.code, 0, deleted.stderr);

    const gone = await cli(['projects', 'get', id], { env: owner });
    assert.equal(gone.code, 1);
    assert.equal(gone.stderr.trim().split('\n').length, 1, 'a one-line error');
    assert.match(gone.stderr, new RegExp(`project ${id}`, 'i'));
  });

  test('child-data YES without a description is a usage error before anything is sent', async () => {
    const r = await cli(
      ['projects', 'create', '--org', '1', '--name', 'Kids', '--languages', 'en-US', '--child-data', 'YES'],
      { env: owner },
    );
    assert.equal(r.code, 2);
    assert.match(r.stderr, /--description/);
  });

  test('a missing connection names what to set', async () => {
    const r = await cli(['orgs', 'list'], { env: {} });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /CSTUDIO_BASE_URL/);
    assert.match(r.stderr, /--sandbox/);
  });

  test('a wrong secret fails with exit 1 and never prints the secret', async () => {
    const env = { ...owner, CSTUDIO_CLIENT_SECRET: 'definitely-wrong-secret' };
    const r = await cli(['orgs', 'list'], { env });
    assert.equal(r.code, 1);
    assert.doesNotMatch(r.stderr + r.stdout, /definitely-wrong-secret/);
  });

  test('unknown command and unknown flag are usage errors', async () => {
    assert.equal((await cli(['projects', 'frobnicate'], { env: owner })).code, 2);
    assert.equal((await cli(['projects', 'list', '--bogus'], { env: owner })).code, 2);
  });
});

describe('cstudio locks', () => {
  test('lock by the owner blocks the admin; unlock by the admin is refused; unlock by the owner works', async () => {
    const id = '1001';
    // Looking is the default: `lock ID` shows the lock and takes nothing (the admin can still lock afterwards).
    const looked = await cli(['projects', 'lock', id], { env: owner });
    assert.equal(looked.code, 0, looked.stderr);
    assert.equal(looked.stdout, `Project ${id} is not locked.\n`);
    const taken = await cli(['projects', 'lock', id, '--take'], { env: admin });
    assert.equal(taken.stdout, `Locked project ${id}.\n`);
    assert.match((await cli(['projects', 'lock', id], { env: owner })).stdout, /^project\s+1001\nlocked by/);
    assert.equal((await cli(['projects', 'unlock', id], { env: admin })).code, 0);
    assert.equal(
      (await cli(['projects', 'lock', id, '--show', '--take'], { env: owner })).code,
      2,
      '--show and --take contradict',
    );
    const locked = await cli(['projects', 'lock', id, '--notes', 'CLI release'], { env: owner });
    assert.equal(locked.code, 0, locked.stderr);
    const shown = await cli(['projects', 'lock', id, '--json'], { env: admin });
    assert.equal((JSON.parse(shown.stdout) as { notes: string }).notes, 'CLI release');

    const blocked = await cli(['projects', 'lock', id, '--notes', 'mine now'], { env: admin });
    assert.equal(blocked.code, 1);
    assert.match(blocked.stderr, /locked/i);
    const notYours = await cli(['projects', 'unlock', id], { env: admin });
    assert.equal(notYours.code, 1);

    assert.equal((await cli(['projects', 'unlock', id], { env: owner })).code, 0);
    const after = await cli(['projects', 'lock', id, '--show', '--json'], { env: admin });
    assert.equal(after.stdout.trim(), 'null');
  });

  test('the locks list is refused to a regular user and allowed to professional services', async () => {
    const regular = await cli(['projects', 'locks'], { env: owner });
    assert.equal(regular.code, 1);
    const ps = await cli(['projects', 'locks', '--sort', '+projectId', '--json'], {
      env: sandboxEnv(sb, sb.client('ps')),
    });
    assert.equal(ps.code, 0, ps.stderr);
    assert.ok(Array.isArray(JSON.parse(ps.stdout)));
    assert.equal((await cli(['projects', 'locks', '--sort', 'sideways'], { env: owner })).code, 2);
  });
});

describe('cstudio export, replace and jobs', () => {
  test('export writes the package under the server name; replace runs a job that jobs list/get/watch see', async () => {
    const exported = await cli(['projects', 'export', '1001', '-o', dir, '--json'], { env: owner });
    assert.equal(exported.code, 0, exported.stderr);
    const { file } = JSON.parse(exported.stdout) as { file: string };
    assert.match(file, /1001-.+-\d{4}-\d{2}-\d{2}-\d{2}-\d{2}-\d{2}\.zip$/);
    const entries = await readZip(await readFile(file));
    assert.ok(entries.has('metadata.json'));

    const meta = await cli(['projects', 'export', '1001', '--metadata', '-o', join(dir, 'meta.json')], { env: owner });
    assert.equal(meta.code, 0, meta.stderr);
    assert.ok(JSON.parse(await readFile(join(dir, 'meta.json'), 'utf8')));

    // A folder that does not exist yet, meant as one by its trailing slash, is created (not written as a file).
    const intoNew = await cli(['projects', 'export', '1001', '-o', 'fresh/out/', '--json'], { env: owner, cwd: dir });
    assert.equal(intoNew.code, 0, intoNew.stderr);
    const saved = (JSON.parse(intoNew.stdout) as { file: string }).file;
    assert.equal(dirname(saved), join(dir, 'fresh', 'out'));
    assert.match(basename(saved), /^1001-.+\.zip$/);
    assert.ok((await readZip(await readFile(saved))).has('metadata.json'));

    const replaced = await cli(['projects', 'replace', '1001', file, '--yes', '--json'], { env: owner });
    assert.equal(replaced.code, 0, replaced.stderr);
    const job = JSON.parse(replaced.stdout) as { id: string; status: string };
    assert.equal(job.status, 'COMPLETED');

    const jobs = JSON.parse((await cli(['jobs', 'list', '1001', '--json'], { env: owner })).stdout) as Array<{
      id: string;
    }>;
    assert.ok(jobs.some((j) => j.id === job.id));
    const got = await cli(['jobs', 'get', '1001', job.id], { env: owner });
    assert.match(got.stdout, /status\s+COMPLETED/);
    const watched = await cli(['jobs', 'watch', '1001', job.id], { env: owner });
    assert.equal(watched.code, 0);
    const deleted = await cli(['jobs', 'delete', '1001', job.id], { env: owner });
    assert.equal(deleted.code, 0);
    assert.equal((await cli(['jobs', 'get', '1001', job.id], { env: owner })).code, 1);
  });

  test('replace refuses a zip-slip archive before sending anything', async () => {
    const { zipSync } = await import('fflate');
    const evil = join(dir, 'evil.zip');
    await writeFile(evil, zipSync({ '../escape.txt': new TextEncoder().encode('x') }));
    const jobCount = async (): Promise<number> =>
      (JSON.parse((await cli(['jobs', 'list', '1001', '--json'], { env: owner })).stdout) as unknown[]).length;
    const before = await jobCount();
    const r = await cli(['projects', 'replace', '1001', evil, '--yes'], { env: owner });
    assert.equal(r.code, 1);
    assert.match(r.stderr, /\.\./);
    assert.equal(await jobCount(), before, 'no replace job was started');
  });

  test('--sandbox runs against an embedded sandbox', async () => {
    const r = await cli(['projects', 'list', '--sandbox', '--json']);
    assert.equal(r.code, 0, r.stderr);
    assert.ok((JSON.parse(r.stdout) as unknown[]).length >= 1);
  });
});
