// Persistence: state survives restarts; atomic writes keep the previous state readable after a crash
// (leftover temp files, a process killed mid-write); a damaged state file is never overwritten.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { silentLogger } from '../../../src/core/logger';
import { JobRunner } from '../../../src/sandbox/jobs';
import { createSeed } from '../../../src/sandbox/seed';
import { Store } from '../../../src/sandbox/store';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox';
import { messageOf, sessions } from '../helpers/sandboxSession';

const seed = (): ReturnType<typeof createSeed> =>
  createSeed(Date.parse('2024-01-01T00:00:00Z'), Buffer.alloc(32, 7).toString('base64'));

describe('sandbox persistence over HTTP', () => {
  let sbx: TestSandbox;
  const as = sessions(() => sbx);
  before(async () => {
    sbx = await startTestSandbox({ jobDurationMs: 300 });
  });
  after(async () => {
    await sbx.close();
  });

  test('projects, renames, channels, locks, clients and running jobs survive a restart', async () => {
    const created = await as('owner')('POST', '/v4/organizations/1/projects', {
      displayName: 'Durable ✓',
      languages: ['en-US', 'de-DE'],
      isChildDataCompliant: 'NO',
    });
    const id = (created.json as { project: { id: string } }).project.id;
    assert.equal(
      (await as('owner')('POST', `/v4/projects/${id}/channels`, { displayName: 'Web', modes: ['RICH_TEXT'] })).status,
      200,
    );
    assert.equal((await as('owner')('PUT', '/v4/projects/1001/.rename', { displayName: 'Coffee Shop 2' })).status, 200);
    assert.equal((await as('admin')('PUT', `/v4/projects/${id}/.lock`, { notes: 'persist me' })).status, 200);
    const job = (await as('admin')('PUT', `/v4/projects/${id}/.datapack`, { locale: 'de-DE', version: '9.9.9' }))
      .json as { id: string };
    const clientsBefore = sbx.clients.map((c) => [c.clientId, c.clientSecret]);

    await sbx.restart();

    assert.deepEqual(
      sbx.clients.map((c) => [c.clientId, c.clientSecret]),
      clientsBefore,
    );
    const p = (await as('owner')('GET', `/v4/projects/${id}`)).json as {
      project: { displayName: string; languages: string[]; channels: unknown[] };
    };
    assert.equal(p.project.displayName, 'Durable ✓');
    assert.deepEqual(p.project.languages, ['en-US', 'de-DE']);
    assert.equal(p.project.channels.length, 1);
    assert.equal(
      ((await as('owner')('GET', '/v4/projects/1001')).json as { project: { displayName: string } }).project
        .displayName,
      'Coffee Shop 2',
    );
    const lock = await as('owner')('GET', `/v4/projects/${id}/.lock`);
    assert.equal((lock.json as { lock: { notes: string } }).lock.notes, 'persist me');
    assert.match(messageOf(await as('owner')('DELETE', `/v4/projects/${id}`)), /locked by Adam Admin/);
    // The job was RUNNING at the restart; it resumes and completes.
    let status = 'RUNNING';
    for (let i = 0; i < 60 && status === 'RUNNING'; i++) {
      await new Promise((r) => setTimeout(r, 25));
      status = ((await as('admin')('GET', `/v4/projects/${id}/jobs/${job.id}`)).json as { status: string }).status;
    }
    assert.equal(status, 'COMPLETED');
    const packs = (
      (await as('owner')('GET', `/v4/projects/${id}`)).json as {
        project: { datapacks: Array<{ displayName: string; version: string }> };
      }
    ).project.datapacks;
    assert.equal(packs.find((d) => d.displayName === 'de-DE')?.version, '9.9.9');
  });
});

describe('sandbox store', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cstudio-store-'));
  });
  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  test('a new folder is seeded and written; reopening reads the same state and content', async () => {
    const folder = join(dir, 'fresh');
    const first = await Store.open(folder, seed);
    assert.equal(first.created, true);
    first.store.state.counters.lock = 41;
    first.store.content('1001').dialog = '{"edited":true}\n';
    first.store.touchContent('1001');
    await first.store.commit();
    const second = await Store.open(folder, () => {
      throw new Error('must not reseed');
    });
    assert.equal(second.created, false);
    assert.equal(second.store.state.counters.lock, 41);
    assert.equal(second.store.content('1001').dialog, '{"edited":true}\n');
    assert.ok(second.store.content('1001').locales['fr-CA']?.trsx.samples.length);
    const mode = (await import('node:fs')).statSync(join(folder, 'state.json')).mode & 0o777;
    if (process.platform !== 'win32') assert.equal(mode, 0o600);
  });

  test('concurrent commits coalesce and all resolve after the data is on disk', async () => {
    const { store } = await Store.open(join(dir, 'coalesce'), seed);
    const commits: Array<Promise<void>> = [];
    for (let i = 1; i <= 20; i++) {
      store.state.counters.lock = i;
      commits.push(store.commit());
    }
    await Promise.all(commits);
    const onDisk = JSON.parse(await readFile(join(dir, 'coalesce', 'state.json'), 'utf8')) as {
      counters: { lock: number };
    };
    assert.equal(onDisk.counters.lock, 20);
  });

  test('content serialized ahead of a write is what it saves, and a change made after that is saved instead', async () => {
    const folder = join(dir, 'ahead');
    const { store } = await Store.open(folder, seed);
    store.content('1001').dialog = '{"step":1}\n';
    store.touchContent('1001');
    store.serializeContent();
    await store.commit();
    assert.equal((await Store.open(folder, seed)).store.content('1001').dialog, '{"step":1}\n');

    store.content('1001').dialog = '{"step":2}\n';
    store.touchContent('1001');
    store.serializeContent();
    store.content('1001').dialog = '{"step":3}\n'; // changed again before the write: the serialized text is stale
    store.touchContent('1001');
    await store.commit();
    assert.equal((await Store.open(folder, seed)).store.content('1001').dialog, '{"step":3}\n');

    store.content('1002').dialog = '{"gone":true}\n';
    store.touchContent('1002');
    store.serializeContent();
    store.deleteContent('1002'); // deleted before the write: nothing of it is written
    await store.commit();
    assert.equal((await readdir(join(folder, 'projects'))).includes('1002.json'), false);
  });

  test("a job's end is stamped after its project's content is serialized, so its duration includes that work", async () => {
    const { store } = await Store.open(join(dir, 'job-end'), seed);
    let clock = Date.parse('2025-03-01T10:00:00Z');
    const runner = new JobRunner(store, 0, () => clock, silentLogger);
    let serializedAt = 0;
    let ran!: () => void;
    const executed = new Promise<void>((resolve) => {
      ran = resolve;
    });
    runner.registerExecutor('datapack', () => {
      // The task changes the project; serializing that content takes (on the fake clock) 5 s.
      (store.content('1001') as unknown as Record<string, unknown>).probe = {
        toJSON: () => {
          clock += 5000;
          serializedAt = clock;
          return null;
        },
      };
      store.touchContent('1001');
      ran();
      return { status: 'COMPLETED', report: {} };
    });
    const job = runner.create({
      projectId: '1001',
      type: 'DATAPACK',
      task: { kind: 'datapack', locale: 'en-US', version: '1' },
      createdBy: 'u1',
    });
    await executed;
    await runner.close(); // waits for the job's end to be stamped and committed
    assert.equal(job.status, 'COMPLETED');
    assert.ok(serializedAt > 0, 'the content was serialized');
    assert.equal(Date.parse(job.updateTime), serializedAt, 'stamped once the content is serialized');
  });

  test('leftover temp files and orphan content from an interrupted write are ignored and swept', async () => {
    const folder = join(dir, 'partial');
    const { store } = await Store.open(folder, seed);
    store.state.counters.lock = 7;
    await store.commit();
    // A crash mid-write leaves a torn temp file beside the target, and maybe a content file for a project
    // that state.json never received.
    await writeFile(join(folder, '.state.json.999.deadbeef.tmp'), '{"formatVersion":1,"tokenKey":"tor');
    await writeFile(join(folder, 'projects', '.1001.json.999.cafe.tmp'), '{"formatV');
    await writeFile(join(folder, 'projects', '5555.json'), '{"formatVersion":1,"locales":{},"dialog":"{}"}');
    const reopened = await Store.open(folder, seed);
    assert.equal(reopened.store.state.counters.lock, 7);
    assert.deepEqual(
      (await readdir(folder)).filter((n) => n.endsWith('.tmp')),
      [],
    );
    assert.deepEqual((await readdir(join(folder, 'projects'))).sort(), ['1001.json', '1002.json', '1003.json']);
  });

  test('a process killed while writing leaves a readable, consistent state', async () => {
    const folder = join(dir, 'killed');
    await Store.open(folder, seed);
    const storeModule = resolve(__dirname, '../../../src/sandbox/store.js');
    const script = join(dir, 'writer.js');
    await writeFile(
      script,
      `
      const { Store } = require(${JSON.stringify(storeModule)});
      (async () => {
        const { store } = await Store.open(process.argv[2], () => { throw new Error('no seed'); });
        const big = 'x'.repeat(200000);
        for (let i = 1; ; i++) {
          store.state.counters.lock = i;
          store.content('1001').dialog = JSON.stringify({ i, big });
          store.touchContent('1001');
          await store.commit();
          if (i === 3) process.stdout.write('writing\\n');
        }
      })();
    `,
    );
    const child = spawn(process.execPath, [script, folder], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((res) => child.stdout.once('data', () => res()));
    await new Promise((r) => setTimeout(r, 150 + Math.random() * 100));
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    const { store } = await Store.open(folder, () => {
      throw new Error('must not reseed');
    });
    const k = store.state.counters.lock;
    const m = (JSON.parse(store.content('1001').dialog) as { i: number }).i;
    assert.ok(k >= 3, `state advanced (${k})`);
    // Content is written before state in each commit: it is the same write or one ahead.
    assert.ok(m === k || m === k + 1, `content ${m} vs state ${k}`);
  });

  test('a damaged state.json stops the sandbox with a message and is left untouched', async () => {
    const folder = join(dir, 'damaged');
    await Store.open(folder, seed);
    await writeFile(join(folder, 'state.json'), '{ not json');
    await assert.rejects(Store.open(folder, seed), /state\.json is not valid JSON.*will not overwrite/);
    assert.equal(await readFile(join(folder, 'state.json'), 'utf8'), '{ not json');
  });
});
