// Jobs and the job poller against the real sandbox: get/list/delete, polling to completion with progress,
// cancellation that stops polling but leaves the job running, and the overall timeout.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { PlatformClient } from '../../../src/core/platform/client';
import { CancelledError, ForbiddenError, NotFoundError, TimeoutError } from '../../../src/core/platform/errors';
import { expectedDelay, isTerminalJobStatus } from '../../../src/core/platform/jobPoller';
import { collect } from '../../../src/core/platform/paging';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox';
import { clientFor, rejectsWith } from './support';

describe('platform client: jobs and the job poller', () => {
  let sbx: TestSandbox;
  let owner: PlatformClient;
  let viewer: PlatformClient;

  before(async () => {
    // Jobs run long enough to be seen RUNNING, cancelled and timed out.
    sbx = await startTestSandbox({ jobDurationMs: 1500 });
    owner = clientFor(sbx, 'owner');
    viewer = clientFor(sbx, 'viewer');
  });
  after(async () => {
    await Promise.all([owner.close(), viewer.close()]);
    await sbx.close();
  });

  const startJob = (): ReturnType<PlatformClient['projects']['updateDatapack']> =>
    owner.projects.updateDatapack('1001', { locale: 'en-US', version: '4.9.0' });

  test('the seeded builds come from a completed build job, listed with its per-service report (issue 26)', async () => {
    const jobs = await collect(viewer.jobs.list('1001'));
    const build = jobs.find((j) => j.type === 'BUILD_MODELS' && j.status === 'COMPLETED');
    assert.ok(build, `jobs of 1001: ${jobs.map((j) => `${j.type} ${j.status}`).join(', ')}`);
    const report = build.report as Record<
      string,
      { reports: Array<{ buildLabel?: string; locale?: string; status: string }> }
    >;
    const labels = (await collect(viewer.builds.list('1001'))).map((b) => b.buildLabel).sort();
    const reported = ['asrBuildReports', 'nluBuildReports', 'dialogBuildReports'].flatMap(
      (k) => report[k]?.reports ?? [],
    );
    assert.deepEqual(
      [...new Set(reported.map((r) => r.buildLabel))].sort(),
      labels,
      'the job reports every seeded build',
    );
    assert.ok(reported.every((r) => r.status === 'COMPLETED'));
    assert.deepEqual(
      report.nluBuildReports?.reports.map((r) => r.locale),
      ['en-US', 'fr-CA'],
    );
  });

  test('get, list and delete job records', async () => {
    const job = await startJob();
    assert.equal(job.status, 'RUNNING');
    const got = await owner.jobs.get('1001', job.id);
    assert.deepEqual([got.id, got.type, got.projectId], [job.id, 'UPDATE_DATAPACK', '1001']);
    assert.equal(typeof got.report, 'object');
    const listed = await collect(viewer.jobs.list('1001', { pageSize: 1 }));
    assert.ok(listed.some((j) => j.id === job.id));
    const page = await owner.jobs.listPage('1001', 50, 0);
    assert.ok(page.items.every((j) => j.projectId === '1001' && typeof j.report === 'object'));

    await rejectsWith(viewer.jobs.delete('1001', job.id), ForbiddenError);
    assert.equal((await owner.jobs.delete('1001', job.id)).message, 'Job deleted.');
    const e = await rejectsWith(owner.jobs.get('1001', job.id), NotFoundError);
    assert.match(
      e.message,
      new RegExp(`^Job ${job.id} of project 1001 not found \\(GET /v4/projects/1001/jobs/${job.id}\\): `),
    );
    await rejectsWith(owner.jobs.list('99999').next(), NotFoundError);
  });

  test('the poller waits for a terminal status and reports status and elapsed time', async () => {
    const job = await startJob();
    const messages: string[] = [];
    const seen: string[] = [];
    const done = await owner.jobPoller.waitFor('1001', job.id, {
      initialDelayMs: 50,
      maxDelayMs: 200,
      label: 'Data pack update',
      progress: {
        report: (u) => {
          if (u.message) messages.push(u.message);
        },
      },
      onUpdate: (j) => seen.push(j.status),
    });
    assert.equal(done.status, 'COMPLETED');
    assert.ok(isTerminalJobStatus(done.status));
    assert.ok(seen.includes('RUNNING') && seen.at(-1) === 'COMPLETED', seen.join(','));
    assert.match(messages[0] ?? '', /^Data pack update: RUNNING \(\d+ s\)$/);
    assert.match(messages.at(-1) ?? '', /^Data pack update: COMPLETED \(\d+ s\)$/);
  });

  test('cancelling stops polling quickly and does not delete the job', async () => {
    const job = await startJob();
    const controller = new AbortController();
    let abortedAt = 0;
    // Abort while the poller sleeps between polls.
    const onUpdate = (): void => {
      setTimeout(() => {
        abortedAt = Date.now();
        controller.abort();
      }, 50);
    };
    const e = await rejectsWith(
      owner.jobPoller.waitFor('1001', job.id, { signal: controller.signal, initialDelayMs: 5000, onUpdate }),
      CancelledError,
    );
    // The poller was sleeping 5 s before its next poll: ending well before that is ending at the abort.
    assert.ok(Date.now() - abortedAt < 2500, `took ${Date.now() - abortedAt} ms after the abort`);
    assert.match(e.message, /keeps running/);
    // The job record is still there: cancelling never deletes it.
    assert.equal((await owner.jobs.get('1001', job.id)).id, job.id);
  });

  test('the overall timeout ends the wait with TimeoutError; the job goes on', async () => {
    const job = await startJob();
    const e = await rejectsWith(
      owner.jobPoller.waitFor('1001', job, { timeoutMs: 150, initialDelayMs: 40 }),
      TimeoutError,
    );
    assert.match(e.message, new RegExp(`Job ${job.id} of project 1001 is still RUNNING`));
    assert.equal((await owner.jobs.get('1001', job.id)).id, job.id);
  });
});

describe('job poller: polls placed around an expected end', () => {
  test('without an expectation the schedule is unchanged', () => {
    assert.equal(expectedDelay(250, 0, undefined), 250);
    assert.equal(expectedDelay(250, 1000, 0), 250);
  });

  test('a poll lands on the expected end, then every twentieth of it until half of it overdue, then the usual schedule', () => {
    // A 1.5 s job: polled as usual, but one poll exactly at 1.5 s (not at 1.75 s).
    assert.equal(expectedDelay(250, 0, 1500), 250);
    assert.equal(expectedDelay(250, 1400, 1500), 100);
    // Overdue: every 75 ms (1500 / 20) up to 2.25 s, so its end is seen within 5%.
    assert.equal(expectedDelay(250, 1500, 1500), 75);
    assert.equal(expectedDelay(250, 2200, 1500), 75);
    assert.equal(expectedDelay(250, 2250, 1500), 250);
    // Never longer than the usual wait, and never a tight loop for a very short job.
    assert.equal(expectedDelay(50, 1500, 1500), 50);
    assert.equal(expectedDelay(250, 120, 100), 25);
  });
});
