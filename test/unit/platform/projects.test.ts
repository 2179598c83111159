// The projects and organizations modules against the real sandbox over HTTP: listing (iterators and pages),
// create with the child-data rule, get, rename, delete, data packs, package export/replace, metadata.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readZip } from '../../../src/core/package/zip';
import type { PlatformClient } from '../../../src/core/platform/client';
import { BadRequestError, ForbiddenError, NotFoundError, TooLargeError } from '../../../src/core/platform/errors';
import { collect } from '../../../src/core/platform/paging';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox';
import { clientFor, RecordingLogger, rejectsWith } from './support';

describe('platform client: organizations and projects', () => {
  let sbx: TestSandbox;
  let owner: PlatformClient;
  let viewer: PlatformClient;
  let outsider: PlatformClient;
  const ownerLog = new RecordingLogger();

  before(async () => {
    sbx = await startTestSandbox();
    owner = clientFor(sbx, 'owner', { logger: ownerLog });
    viewer = clientFor(sbx, 'viewer');
    outsider = clientFor(sbx, 'outsider');
  });
  after(async () => {
    await Promise.all([owner.close(), viewer.close(), outsider.close()]);
    await sbx.close();
  });

  test('organizations: each user sees the organizations they belong to', async () => {
    const mine = await collect(owner.organizations.list());
    assert.deepEqual(
      mine.map((o) => [o.id, o.displayName]),
      [['1', 'Demo Coffee Co.']],
    );
    assert.equal(typeof mine[0]?.type, 'string');
    const page = await outsider.organizations.listPage(10, 0);
    assert.ok(page.items.some((o) => o.id === '2'));
    assert.equal(page.hasMore, false);
  });

  test('projects: the extended list, paged lists and the list of one organization', async () => {
    const all = await collect(owner.projects.list({ pageSize: 1 }));
    assert.deepEqual(
      all.map((p) => p.id),
      ['1001', '1002'],
    );
    assert.equal(all[0]?.displayName, 'Coffee Shop');
    assert.equal(all[0]?.channels?.[0]?.channel.displayName, 'IVR channel');
    const first = await owner.projects.listPage(1, 0);
    assert.deepEqual([first.items.length, first.totalSize, first.hasMore], [1, 2, true]);
    const last = await owner.projects.listPage(1, 1);
    assert.equal(last.hasMore, false);
    // The outsider sees its own organization's project and the one it is a member of.
    assert.deepEqual((await collect(outsider.projects.list())).map((p) => p.id).sort(), ['1002', '1003']);
    assert.deepEqual(
      (await collect(owner.projects.listByOrg('1'))).map((p) => p.id),
      ['1001', '1002'],
    );
    const e = await rejectsWith(collect(owner.projects.listByOrg('2')), NotFoundError);
    assert.match(e.message, /^Organization 2 not found \(GET \/v4\/organizations\/2\/projects\): /);
  });

  test('get: a project, and NotFound naming the project and the request', async () => {
    const p = await owner.projects.get('1001');
    assert.deepEqual([p.id, p.orgId, p.languages], ['1001', '1', ['en-US', 'fr-CA']]);
    const e = await rejectsWith(owner.projects.get('99999'), NotFoundError);
    assert.match(e.message, /^Project 99999 not found \(GET \/v4\/projects\/99999\): \S/);
    assert.equal(e.status, 404);
    // A project of another organization does not leak its existence.
    await rejectsWith(owner.projects.get('1003'), NotFoundError);
  });

  test('create: checks the child-data rule before sending, and the server enforces it too', async () => {
    const before = ownerLog.lines.length;
    const e = await rejectsWith(
      owner.projects.create('1', { displayName: 'Kids', languages: ['en-US'], isChildDataCompliant: 'YES' }),
      BadRequestError,
    );
    assert.match(e.message, /projectDescription/);
    assert.ok(!ownerLog.lines.slice(before).some((l) => l.includes('POST')), 'nothing was sent');
    await rejectsWith(owner.projects.create('1', { displayName: '  ', languages: ['en-US'] }), BadRequestError);
    // Bypassing the client-side check, the server answers 400 with its own message.
    const server = await rejectsWith(
      owner.request({
        method: 'POST',
        path: '/v4/organizations/1/projects',
        resource: 'organization 1',
        json: { displayName: 'Kids', languages: ['en-US'], isChildDataCompliant: 'YES' },
      }),
      BadRequestError,
    );
    assert.match(
      server.message,
      /^The server rejected the request for organization 1 \(POST \/v4\/organizations\/1\/projects\): .*projectDescription/,
    );
  });

  test('create, get, rename and delete a project; names with / % ? # and Unicode round-trip', async () => {
    const name = 'Menü 50% / ¿dónde? #1 ☕ 東京';
    const created = await owner.projects.create('1', {
      displayName: name,
      languages: ['en-US'],
      isChildDataCompliant: 'YES',
      projectDescription: 'For adults, really.',
      channels: [{ displayName: 'Web / chat', modes: ['RICH_TEXT', 'INTERACTIVITY'], color: 'BLUE' }],
    });
    assert.equal(created.displayName, name);
    assert.equal(created.orgId, '1');
    assert.equal(created.channels?.[0]?.channel.displayName, 'Web / chat');
    assert.equal((await owner.projects.get(created.id)).displayName, name);
    assert.equal(await owner.projects.rename(created.id, `${name} (2)`), `${name} (2)`);
    assert.equal((await viewer.projects.get(created.id)).displayName, `${name} (2)`);
    await rejectsWith(viewer.projects.rename(created.id, 'nope'), ForbiddenError);
    await rejectsWith(viewer.projects.delete(created.id), ForbiddenError);
    const status = await owner.projects.delete(created.id);
    assert.equal(status.code, 0);
    await rejectsWith(owner.projects.get(created.id), NotFoundError);
    await rejectsWith(owner.projects.delete(created.id), NotFoundError);
    await rejectsWith(owner.projects.rename('99999', 'x'), NotFoundError);
  });

  test('create: a Viewer is forbidden, an unknown organization is not found', async () => {
    const e = await rejectsWith(
      viewer.projects.create('1', { displayName: 'V', languages: ['en-US'], isChildDataCompliant: 'NO' }),
      ForbiddenError,
    );
    assert.match(e.message, /\(POST \/v4\/organizations\/1\/projects\): .*Viewer/);
    await rejectsWith(
      owner.projects.create('77', { displayName: 'X', languages: ['en-US'], isChildDataCompliant: 'NO' }),
      NotFoundError,
    );
  });

  test('data pack update returns a job that completes and changes the project', async () => {
    const job = await owner.projects.updateDatapack('1001', { locale: 'en-US', version: '4.8.1' });
    assert.equal(job.projectId, '1001');
    assert.equal(typeof job.report, 'object');
    const done = await owner.jobPoller.waitFor('1001', job, { initialDelayMs: 20 });
    assert.equal(done.status, 'COMPLETED');
    const pack = (await owner.projects.get('1001')).datapacks?.find((d) => d.displayName === 'en-US');
    assert.equal(pack?.version, '4.8.1');
    await rejectsWith(owner.projects.updateDatapack('1001', { locale: 'de-DE', version: '4.8.1' }), BadRequestError);
    await rejectsWith(owner.projects.updateDatapack('99999', { locale: 'en-US', version: '4.8.1' }), NotFoundError);
  });

  test('export streams the package with the server file name; the size cap stops big downloads', async () => {
    const download = await owner.projects.exportPackage('1001');
    assert.match(download.fileName ?? '', /^1001-Coffee Shop-\d{4}-\d{2}-\d{2}-\d{2}-\d{2}-\d{2}\.zip$/);
    const files = await readZip(await download.toBuffer());
    assert.ok(files.has('metadata.json') && files.has('en-US/en-US.trsx'), [...files.keys()].join(', '));

    // The announced Content-Length already exceeds the cap: refused before reading.
    const e = await rejectsWith(owner.projects.exportPackage('1001', { maxBytes: 64 }), TooLargeError);
    assert.match(e.message, /project 1001 \(GET \/v4\/projects\/1001\/\.export\) is larger than the 64-byte limit/);

    const dir = await mkdtemp(join(tmpdir(), 'cstudio-export-'));
    try {
      const target = join(dir, 'p.zip');
      const written = await (await owner.projects.exportPackage('1002')).toFile(target);
      assert.equal((await stat(target)).size, written);
      assert.ok((await readZip(await readFile(target))).has('metadata.json'));
      await rejectsWith(
        owner.projects.exportPackage('1002', { maxBytes: 10 }).then((d) => d.toFile(join(dir, 'small.zip'))),
        TooLargeError,
      );
      await assert.rejects(stat(join(dir, 'small.zip.part')), 'no partial file is left behind');
      await assert.rejects(stat(join(dir, 'small.zip')));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    await rejectsWith(owner.projects.exportPackage('99999'), NotFoundError);
  });

  test('metadata export: file name and parsed metadata', async () => {
    const meta = await viewer.projects.exportMetadata('1002');
    assert.match(meta.fileName ?? '', /^1002-Travel Desk-metadata-.*\.json$/);
    assert.equal(typeof meta.metadata, 'object');
    await rejectsWith(viewer.projects.exportMetadata('99999'), NotFoundError);
  });

  test('replace: an exported package goes back as a job; a broken zip is a BadRequest', async () => {
    const zip = await (await owner.projects.exportPackage('1002')).toBuffer();
    const job = await owner.projects.replacePackage('1002', zip);
    assert.equal(job.type, 'REPLACE_PROJECT');
    const done = await owner.jobPoller.waitFor('1002', job.id, { initialDelayMs: 20 });
    assert.equal(done.status, 'COMPLETED');
    const bad = await rejectsWith(owner.projects.replacePackage('1002', Buffer.from('not a zip')), BadRequestError);
    assert.match(bad.message, /\(POST \/v4\/projects\/1002\/\.replace\): \S/);
    await rejectsWith(viewer.projects.replacePackage('1002', zip), ForbiddenError);
    await rejectsWith(owner.projects.replacePackage('99999', zip), NotFoundError);
  });
});
