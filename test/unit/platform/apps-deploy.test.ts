// The deployment state machine through the client over HTTP: deploy and undeploy per environment
// geography (explicit ids or the next step of the deployment flow), replacement of the live
// configuration with the same tag, update only while not deployed, and the download of the deployed
// configuration.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { AppConfig, EnvGeographyDeployment } from '../../../src/core/platform/appTypes';
import type { PlatformClient } from '../../../src/core/platform/client';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../../src/core/platform/errors';
import { readZip } from '../../../src/core/package/zip';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox';
import { clientFor, rejectsWith } from './support';

let sbx: TestSandbox;
let owner: PlatformClient;
let viewer: PlatformClient;

const BUILDS = { nlu: [{ buildLabel: 'NLU_1001_1', locale: 'en-US' }], dialog: { buildLabel: 'DIALOG_1001_1' } };

/** The current status per environment geography (the latest entry of each). */
function statusByGeography(config: AppConfig): Record<string, string> {
  const out: Record<string, string> = {};
  const entries: EnvGeographyDeployment[] = config.deployments.flatMap((d) => d.envGeographyDeployments);
  for (const e of entries) out[e.envGeography.id] = e.status;
  return out;
}

before(async () => {
  sbx = await startTestSandbox({ jobDurationMs: 40 });
  owner = clientFor(sbx, 'owner');
  viewer = clientFor(sbx, 'viewer');
});
after(async () => {
  await Promise.all([owner.close(), viewer.close()]);
  await sbx.close();
});

describe('PUT /v4/app-configs/{configId}/.deploy', () => {
  test('not deployed → deployed to the listed geography; update then gets 400; undeploy; update works again', async () => {
    const c = await owner.appConfigs.create('501', { tag: 'cycle', deploymentFlowId: '1', requestBuilds: BUILDS });
    const deployed = await owner.appConfigs.deploy(c.id, ['301']);
    assert.deepEqual(
      deployed.map((d) => [d.configId, d.environmentGeographyId, d.status]),
      [[c.id, '301', 'DEPLOYED']],
    );
    const after1 = await owner.appConfigs.get(c.id);
    assert.deepEqual(statusByGeography(after1), { 301: 'DEPLOYED' });
    assert.equal(after1.deployments[0]?.status, 'DEPLOYED');
    await rejectsWith(owner.appConfigs.update(c.id, { requestModels: BUILDS }), BadRequestError);
    assert.match(
      (await rejectsWith(owner.appConfigs.deploy(c.id, ['301']), BadRequestError)).message,
      /already deployed to Sandbox US/,
    );

    const undeployed = await owner.appConfigs.undeploy(c.id, ['301']);
    assert.deepEqual(
      undeployed.map((u) => [u.configId, u.environmentGeographyId, u.code, u.message]),
      [[c.id, '301', 0, 'App config undeployed.']],
    );
    assert.deepEqual(statusByGeography(await owner.appConfigs.get(c.id)), { 301: 'UNDEPLOYED' });
    assert.equal(
      (await owner.appConfigs.update(c.id, { requestModels: { asr: [{ buildLabel: 'ASR_1001_1', locale: 'en-US' }] } }))
        .builds.asr?.builds.length,
      1,
    );
    // And deployed again.
    await owner.appConfigs.deploy(c.id, ['301']);
    assert.deepEqual(statusByGeography(await owner.appConfigs.get(c.id)), { 301: 'DEPLOYED' });
    await owner.appConfigs.undeploy(c.id);
  });

  test('without ids it deploys to the next environment of the flow, then says the flow is complete', async () => {
    const c = await owner.appConfigs.create('501', { tag: 'flow', deploymentFlowId: '1', requestBuilds: BUILDS });
    assert.deepEqual(
      (await owner.appConfigs.deploy(c.id)).map((d) => d.environmentGeographyId),
      ['301'],
    );
    assert.deepEqual(
      (await owner.appConfigs.deploy(c.id)).map((d) => d.environmentGeographyId),
      ['302', '303'],
    );
    assert.match(
      (await rejectsWith(owner.appConfigs.deploy(c.id), BadRequestError)).message,
      /Deployment already completed/,
    );
    assert.deepEqual(statusByGeography(await owner.appConfigs.get(c.id)), {
      301: 'DEPLOYED',
      302: 'DEPLOYED',
      303: 'DEPLOYED',
    });
    // Undeploy without ids takes it down everywhere.
    assert.deepEqual((await owner.appConfigs.undeploy(c.id)).map((u) => u.environmentGeographyId).sort(), [
      '301',
      '302',
      '303',
    ]);
    assert.match((await rejectsWith(owner.appConfigs.undeploy(c.id), BadRequestError)).message, /No deployment found/);
  });

  test('deploying an override replaces the live configuration with the same tag (isOverridden)', async () => {
    const child = await owner.appConfigs.override('801', {}, { latest: true });
    await owner.appConfigs.deploy(child.id, ['301']);
    const parent = await owner.appConfigs.get('801');
    const entry = parent.deployments.flatMap((d) => d.envGeographyDeployments).find((e) => e.envGeography.id === '301');
    assert.deepEqual([entry?.status, entry?.isOverridden], ['UNDEPLOYED', true]);
    assert.deepEqual(
      (await owner.appConfigs.list('501', { liveOnly: true, tag: 'coffee-main' })).map((c) => c.id),
      [child.id],
    );
  });

  test('errors: 404 unknown geography or configuration, 404 deleted build, 400 outside the flow or without credentials or builds, 403 Viewer', async () => {
    const c = await owner.appConfigs.create('502', {
      tag: 'errors',
      deploymentFlowId: '1',
      requestBuilds: { nlu: [{ buildLabel: 'NLU_1001_1', locale: 'en-US' }] },
    });
    await rejectsWith(owner.appConfigs.deploy(c.id, ['999']), NotFoundError);
    await rejectsWith(owner.appConfigs.deploy('7777', ['301']), NotFoundError);
    assert.match(
      (await rejectsWith(owner.appConfigs.deploy(c.id, ['302']), BadRequestError)).message,
      /no credentials in Production US/,
    );
    await rejectsWith(viewer.appConfigs.deploy(c.id, ['301']), ForbiddenError);
    const empty = await owner.appConfigs.create('502', { tag: 'empty', deploymentFlowId: '1' });
    assert.match(
      (await rejectsWith(owner.appConfigs.deploy(empty.id, ['301']), BadRequestError)).message,
      /has no builds/,
    );

    // A build deleted under a configuration: "build not found".
    const job = await owner.builds.start('1001', { asr: {} });
    const done = await owner.jobPoller.waitFor('1001', job, { initialDelayMs: 20, maxDelayMs: 40 });
    const label =
      (done.report.asrBuildReports as { reports: Array<{ buildLabel: string }> }).reports[0]?.buildLabel ?? '';
    const doomed = await owner.appConfigs.create('501', {
      tag: 'doomed',
      deploymentFlowId: '1',
      requestBuilds: { asr: [{ buildLabel: label, locale: 'en-US' }] },
    });
    await owner.builds.delete(label);
    assert.match(
      (await rejectsWith(owner.appConfigs.deploy(doomed.id, ['301']), NotFoundError)).message,
      new RegExp(`Build ${label} of configuration ${doomed.id} not found`),
    );
    assert.equal(statusByGeography(await owner.appConfigs.get(doomed.id))['301'], undefined, 'nothing was deployed');
  });
});

describe('PUT /v4/app-configs/{configId}/.undeploy', () => {
  test('undeploys one geography and leaves the others; errors 400/403/404', async () => {
    const c = await owner.appConfigs.create('501', { tag: 'partial', deploymentFlowId: '1', requestBuilds: BUILDS });
    await owner.appConfigs.deploy(c.id, ['302', '303']);
    await rejectsWith(viewer.appConfigs.undeploy(c.id, ['302']), ForbiddenError);
    await owner.appConfigs.undeploy(c.id, ['302']);
    assert.deepEqual(statusByGeography(await owner.appConfigs.get(c.id)), { 302: 'UNDEPLOYED', 303: 'DEPLOYED' });
    assert.match(
      (await rejectsWith(owner.appConfigs.undeploy(c.id, ['301']), BadRequestError)).message,
      /No deployment found in Sandbox US/,
    );
    await rejectsWith(owner.appConfigs.undeploy(c.id, ['999']), NotFoundError);
    await rejectsWith(owner.appConfigs.undeploy('7777'), NotFoundError);
    await owner.appConfigs.undeploy(c.id, ['303']);
  });
});

describe('GET /v4/app-configs/{configId}/.download', () => {
  test('the deployed configuration as a zip; appId picks the runtime app; 404 when not deployed or unknown', async () => {
    const c = await owner.appConfigs.create('501', { tag: 'download', deploymentFlowId: '1', requestBuilds: BUILDS });
    await rejectsWith(owner.appConfigs.download(c.id), NotFoundError);
    await owner.appConfigs.deploy(c.id, ['301']);
    const download = await viewer.appConfigs.download(c.id, { appId: 'COFFEE-DEV' });
    assert.equal(download.fileName, `app-config-${c.id}.zip`);
    const files = await readZip(await download.toBuffer());
    assert.deepEqual([...files.keys()].sort(), [
      'app-config.json',
      'builds/DIALOG_1001_1.json',
      'builds/NLU_1001_1.json',
      'dialog/interface.json',
    ]);
    const doc = JSON.parse(Buffer.from(files.get('app-config.json') ?? new Uint8Array()).toString('utf8')) as {
      config: { id: string };
      deployedTo: Array<{ runtimeAppIds: string[] }>;
    };
    assert.equal(doc.config.id, c.id);
    assert.deepEqual(doc.deployedTo[0]?.runtimeAppIds, ['COFFEE-DEV']);
    await rejectsWith(owner.appConfigs.download(c.id, { appId: 'COFFEE-PROD' }), NotFoundError);
    await rejectsWith(owner.appConfigs.download(c.id, { appId: 'NOPE' }), NotFoundError);
    await rejectsWith(owner.appConfigs.download('7777'), NotFoundError);
  });
});
