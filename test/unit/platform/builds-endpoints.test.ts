// Builds through the client over HTTP: starting (a BUILD_MODELS job run to completion, per-locale
// reports, the NLU-without-samples failure, roles and the lock rule), versions per service, list, latest,
// get, delete and download; deleting a build job's record leaves the build running.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { buildReport } from '../../../src/core/platform/builds';
import type { PlatformClient } from '../../../src/core/platform/client';
import { BadRequestError, ForbiddenError, NotFoundError, ProjectLockedError } from '../../../src/core/platform/errors';
import { collect } from '../../../src/core/platform/paging';
import type { Job } from '../../../src/core/platform/types';
import { readZip } from '../../../src/core/package/zip';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox';
import { clientFor, rejectsWith } from './support';

let sbx: TestSandbox;
let owner: PlatformClient;
let admin: PlatformClient;
let viewer: PlatformClient;
let outsider: PlatformClient;
let emptyProject: string;

const finish = (c: PlatformClient, projectId: string, job: Job): Promise<Job> =>
  c.jobPoller.waitFor(projectId, job, { initialDelayMs: 20, maxDelayMs: 50, timeoutMs: 10_000 });

before(async () => {
  sbx = await startTestSandbox({ jobDurationMs: 60 });
  owner = clientFor(sbx, 'owner');
  admin = clientFor(sbx, 'admin');
  viewer = clientFor(sbx, 'viewer');
  outsider = clientFor(sbx, 'outsider');
  const p = await owner.projects.create('1', {
    displayName: 'Empty bot',
    languages: ['en-US'],
    isChildDataCompliant: 'NO',
  });
  emptyProject = p.id;
});
after(async () => {
  await Promise.all([owner, admin, viewer, outsider].map((c) => c.close()));
  await sbx.close();
});

describe('POST /v4/projects/{projectId}/.build', () => {
  test('builds the named services; the job runs RUNNING → COMPLETED with a report per locale', async () => {
    const job = await admin.builds.start('1001', {
      locales: ['en-US', 'fr-CA'],
      nlu: { notes: 'release 2', settings: { modelType: 'ACCURATE' } },
      asr: { notes: 'asr' },
      dialog: {},
    });
    assert.equal(job.status, 'RUNNING');
    assert.equal(job.type, 'BUILD_MODELS');
    const done = await finish(admin, '1001', job);
    assert.equal(done.status, 'COMPLETED');
    const lines = buildReport(done);
    assert.deepEqual(lines.map((l) => `${l.service}:${l.locale ?? '-'}:${l.status}:${l.buildLabel}`).sort(), [
      'ASR:en-US:COMPLETED:ASR_1001_2',
      'ASR:fr-CA:COMPLETED:ASR_1001_2',
      'DIALOG:-:COMPLETED:DIALOG_1001_2',
      'NLU:en-US:COMPLETED:NLU_1001_2',
      'NLU:fr-CA:COMPLETED:NLU_1001_2',
    ]);
    const nlu = await owner.builds.get('NLU_1001_2');
    assert.deepEqual(
      [nlu.buildType, nlu.buildVersion, nlu.status, nlu.notes, nlu.modelType],
      ['NLU', '2', 'BST_COMPLETED', 'release 2', 'ACCURATE'],
    );
    assert.deepEqual(nlu.dataSources, ['nuance_custom_data']);
  });

  test('an NLU build of a locale without samples fails for that locale with a report', async () => {
    const failed = await finish(owner, emptyProject, await owner.builds.start(emptyProject, { nlu: {} }));
    assert.equal(failed.status, 'FAILED');
    const nluReport = (
      failed.report.nluBuildReports as {
        reports: Array<{
          locale: string;
          status: string;
          createTime: string;
          errors: { errors: Array<{ message: string; code: string }> };
        }>;
      }
    ).reports;
    assert.equal(nluReport.length, 1);
    assert.equal(nluReport[0]?.locale, 'en-US');
    assert.equal(nluReport[0]?.status, 'FAILED');
    assert.match(nluReport[0]?.errors.errors[0]?.message ?? '', /No samples for locale en-US/);
    const failedBuild = await owner.builds.get(`NLU_${emptyProject}_1`);
    assert.equal(failedBuild.status, 'BST_FAILED');
    assert.match(failedBuild.errors?.errors[0]?.message ?? '', /No samples/);

    // ASR succeeds where NLU fails: the job is PARTIALLY_COMPLETED.
    const partial = await finish(owner, emptyProject, await owner.builds.start(emptyProject, { nlu: {}, asr: {} }));
    assert.equal(partial.status, 'PARTIALLY_COMPLETED');
    assert.deepEqual(
      buildReport(partial).map((l) => `${l.service}:${l.status}`),
      ['ASR:COMPLETED', 'NLU:FAILED'],
    );
  });

  test('versions count up per service and are never reused after a delete', async () => {
    const a = await finish(owner, '1002', await owner.builds.start('1002', { nlu: {} }));
    const b = await finish(owner, '1002', await owner.builds.start('1002', { nlu: {}, asr: {} }));
    assert.deepEqual(
      buildReport(a).map((l) => l.buildLabel),
      ['NLU_1002_1'],
    );
    assert.deepEqual(
      buildReport(b).map((l) => l.buildLabel),
      ['ASR_1002_1', 'NLU_1002_2'],
    );
    await owner.builds.delete('NLU_1002_2');
    const c = await finish(owner, '1002', await owner.builds.start('1002', { nlu: {} }));
    assert.deepEqual(
      buildReport(c).map((l) => l.buildLabel),
      ['NLU_1002_3'],
    );
  });

  test('a body naming no service builds all three', async () => {
    const done = await finish(owner, '1002', await owner.builds.start('1002', {}));
    assert.deepEqual([...new Set(buildReport(done).map((l) => l.service))], ['ASR', 'NLU', 'DIALOG']);
  });

  test('bad bodies get 400 naming the field; nothing is built', async () => {
    const before = (await collect(owner.builds.list('1001'))).length;
    assert.match(
      (await rejectsWith(owner.builds.start('1001', { locales: ['de-DE'] }), BadRequestError)).message,
      /no locale de-DE/,
    );
    assert.match(
      (await rejectsWith(owner.builds.start('1001', { nlu: { settings: { modelType: 'TURBO' } } }), BadRequestError))
        .message,
      /modelType.*FAST, ACCURATE, LEGACY/,
    );
    assert.match(
      (
        await rejectsWith(
          owner.builds.start('1001', { nlu: { dataSources: [{ locale: 'en-US', names: ['nope'] }] } }),
          BadRequestError,
        )
      ).message,
      /Unknown data source "nope"/,
    );
    assert.equal((await collect(owner.builds.list('1001'))).length, before);
  });

  test('roles and visibility: Viewer 403, outsiders 404, project members may build', async () => {
    assert.match((await rejectsWith(viewer.builds.start('1001', { nlu: {} }), ForbiddenError)).message, /Viewer role/);
    await rejectsWith(outsider.builds.start('1001', { nlu: {} }), NotFoundError);
    await rejectsWith(owner.builds.start('99999', { nlu: {} }), NotFoundError);
    const job = await outsider.builds.start('1002', { dialog: { notes: 'from a project member' } });
    assert.equal((await finish(outsider, '1002', job)).status, 'COMPLETED');
  });

  test('the lock rule: another user cannot build a locked project; the holder can', async () => {
    await owner.projects.lock('1001', 'release');
    try {
      await rejectsWith(admin.builds.start('1001', { nlu: {} }), ProjectLockedError);
      const job = await owner.builds.start('1001', { dialog: {} });
      assert.equal((await finish(owner, '1001', job)).status, 'COMPLETED');
    } finally {
      await owner.projects.unlock('1001');
    }
  });
});

describe('DELETE /v4/projects/{projectId}/jobs/{jobId}', () => {
  test('deleting a build job record leaves the build running to completion', async () => {
    const job = await owner.builds.start('1002', { asr: { notes: 'orphaned job' } });
    await owner.jobs.delete('1002', job.id);
    await rejectsWith(owner.jobs.get('1002', job.id), NotFoundError);
    const deadline = Date.now() + 5000;
    let built = false;
    while (!built && Date.now() < deadline) {
      built = (await collect(owner.builds.list('1002', { type: 'ASR' }))).some((b) => b.notes === 'orphaned job');
      if (!built) await new Promise((r) => setTimeout(r, 30));
    }
    assert.ok(built, 'the build of the deleted job appeared');
    const jobs = await collect(owner.jobs.list('1002'));
    assert.ok(!jobs.some((j) => j.id === job.id), 'the record stays deleted');
  });
});

describe('GET /v4/projects/{projectId}/builds', () => {
  test('lists builds newest first, filtered by type and paged', async () => {
    const all = await collect(viewer.builds.list('1001', { pageSize: 2 }));
    assert.ok(all.length >= 6);
    assert.ok(all.every((b) => b.projectId === '1001' && Array.isArray(b.dataSources)));
    const nlu = await collect(viewer.builds.list('1001', { type: 'NLU' }));
    assert.ok(nlu.every((b) => b.buildType === 'NLU'));
    assert.deepEqual(nlu.map((b) => b.buildLabel).slice(-2), ['NLU_1001_2', 'NLU_1001_1']);
    const page = await viewer.builds.listPage('1001', 1, 0, { type: 'DIALOG' });
    assert.equal(page.items.length, 1);
    assert.ok(page.hasMore);
  });

  test('404 for an unknown or invisible project; 400 for an unknown type', async () => {
    await rejectsWith(owner.builds.listPage('99999', 10, 0), NotFoundError);
    await rejectsWith(outsider.builds.listPage('1001', 10, 0), NotFoundError);
    const e = await rejectsWith(
      owner.request({ method: 'GET', path: '/v4/projects/1001/builds', query: { type: 'TTS' } }),
      BadRequestError,
    );
    assert.match(e.message, /ASR, NLU, DIALOG/);
  });
});

describe('GET /v4/projects/{projectId}/builds/.latest', () => {
  test('the newest completed build per service and locale; empty for a project never built', async () => {
    const latest = await viewer.builds.latest('1001');
    assert.ok(latest.nlu && latest.asr && latest.dialog);
    assert.deepEqual(
      latest.nlu.builds.map((b) => b.locale),
      ['en-US', 'fr-CA'],
    );
    assert.ok(Number(latest.nlu.builds[0]?.buildVersion) >= 2);
    const fresh = await owner.projects.create('1', {
      displayName: 'Never built',
      languages: ['en-US'],
      isChildDataCompliant: 'NO',
    });
    assert.deepEqual(await owner.builds.latest(fresh.id), {});
    // A failed NLU build is not "latest".
    const emptyLatest = await owner.builds.latest(emptyProject);
    assert.equal(emptyLatest.nlu, undefined);
    assert.ok(emptyLatest.asr);
    await rejectsWith(owner.builds.latest('99999'), NotFoundError);
  });
});

describe('GET /v4/builds/{buildLabel}', () => {
  test('returns the bare build object; 404 when unknown or not visible', async () => {
    const b = await viewer.builds.get('DIALOG_1001_1');
    assert.deepEqual(
      [b.buildLabel, b.buildType, b.buildVersion, b.status],
      ['DIALOG_1001_1', 'DIALOG', '1', 'BST_COMPLETED'],
    );
    assert.deepEqual(b.dataSources, []);
    await rejectsWith(owner.builds.get('NLU_1001_999'), NotFoundError);
    await rejectsWith(outsider.builds.get('NLU_1001_1'), NotFoundError);
  });
});

describe('DELETE /v4/builds/{buildLabel}', () => {
  test('Owner or Admin deletes; Viewer 403; unknown 404', async () => {
    const done = await finish(owner, '1002', await owner.builds.start('1002', { dialog: { notes: 'to delete' } }));
    const label = buildReport(done)[0]?.buildLabel ?? '';
    await rejectsWith(viewer.builds.delete(label), ForbiddenError);
    assert.match((await admin.builds.delete(label)).message ?? '', /deleted/);
    await rejectsWith(owner.builds.get(label), NotFoundError);
    await rejectsWith(owner.builds.delete(label), NotFoundError);
  });
});

describe('GET /v4/builds/{buildLabel}/.download', () => {
  test('a zip describing the build: manifest and the content it was built from', async () => {
    const nlu = await viewer.builds.download('NLU_1001_1');
    assert.equal(nlu.fileName, 'NLU_1001_1.zip');
    const files = await readZip(await nlu.toBuffer());
    assert.deepEqual([...files.keys()].sort(), ['manifest.json', 'nlu/en-US.trsx', 'nlu/fr-CA.trsx']);
    const manifest = JSON.parse(Buffer.from(files.get('manifest.json') ?? new Uint8Array()).toString('utf8')) as {
      buildLabel: string;
      locales: string[];
    };
    assert.deepEqual([manifest.buildLabel, manifest.locales], ['NLU_1001_1', ['en-US', 'fr-CA']]);
    assert.match(Buffer.from(files.get('nlu/fr-CA.trsx') ?? new Uint8Array()).toString('utf8'), /café au lait/);

    const dialog = await readZip(await (await viewer.builds.download('DIALOG_1001_1')).toBuffer());
    assert.ok(dialog.has('dialog/dialog.json') && dialog.has('dialog/interface.json'));
    await rejectsWith(owner.builds.download('ASR_1001_999'), NotFoundError);
  });
});
