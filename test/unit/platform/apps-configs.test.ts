// Application configurations through the client over HTTP: list (with its filters), get, create (rules 1
// and 3), update (only while not deployed; 501 when the feature is off), override (rule 2) and delete,
// with roles and visibility.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { PlatformClient } from '../../../src/core/platform/client';
import {
  BadRequestError,
  FeatureNotEnabledError,
  ForbiddenError,
  NotFoundError,
} from '../../../src/core/platform/errors';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox';
import { clientFor, rejectsWith } from './support';

let sbx: TestSandbox;
let owner: PlatformClient;
let admin: PlatformClient;
let viewer: PlatformClient;
let ps: PlatformClient;
let outsider: PlatformClient;

const SEEDED_BUILDS = {
  asr: [{ buildLabel: 'ASR_1001_1', locale: 'en-US' }],
  nlu: [
    { buildLabel: 'NLU_1001_1', locale: 'en-US' },
    { buildLabel: 'NLU_1001_1', locale: 'fr-CA' },
  ],
  dialog: { buildLabel: 'DIALOG_1001_1' },
};

before(async () => {
  sbx = await startTestSandbox({ jobDurationMs: 40 });
  owner = clientFor(sbx, 'owner');
  admin = clientFor(sbx, 'admin');
  viewer = clientFor(sbx, 'viewer');
  ps = clientFor(sbx, 'ps');
  outsider = clientFor(sbx, 'outsider');
});
after(async () => {
  await Promise.all([owner, admin, viewer, ps, outsider].map((c) => c.close()));
  await sbx.close();
});

describe('GET /v4/apps/{applicationId}/app-configs', () => {
  test('lists the configurations with builds, deployments and data hosts; Viewers may read', async () => {
    const configs = await viewer.appConfigs.list('501');
    const main = configs.find((c) => c.id === '801');
    assert.ok(main);
    assert.equal(main.tag, 'coffee-main');
    assert.equal(main.deploymentFlowId, 1);
    assert.deepEqual(
      main.builds.nlu?.builds.map((b) => `${b.buildLabel}/${b.locale}`),
      ['NLU_1001_1/en-US', 'NLU_1001_1/fr-CA'],
    );
    assert.equal(main.builds.dialog?.buildLabel, 'DIALOG_1001_1');
    assert.equal(main.deployments[0]?.status, 'DEPLOYED');
    assert.equal(main.deployments[0]?.envGeographyDeployments[0]?.envGeography.envType, 'SANDBOX');
    assert.equal(main.dataHosts?.[0]?.alias, 'ORDER_API');
  });

  test('filters: tag, liveOnly, appId (runtime app ID); 404 for unknown or invisible applications', async () => {
    assert.deepEqual(
      (await owner.appConfigs.list('501', { tag: 'coffee-main' })).map((c) => c.id),
      ['801'],
    );
    assert.deepEqual(await owner.appConfigs.list('501', { tag: 'nope' }), []);
    assert.deepEqual(await owner.appConfigs.list('502', { liveOnly: true }), []);
    assert.deepEqual(
      (await owner.appConfigs.list('501', { appId: 'COFFEE-DEV' })).map((c) => c.id),
      ['801'],
    );
    assert.deepEqual(await owner.appConfigs.list('501', { appId: 'COFFEE-PROD' }), []);
    await rejectsWith(owner.appConfigs.list('999'), NotFoundError);
    await rejectsWith(owner.appConfigs.list('503'), NotFoundError);
    // A member of one project only does not see the organization's applications.
    await rejectsWith(outsider.appConfigs.list('501'), NotFoundError);
  });
});

describe('POST /v4/apps/{applicationId}/app-configs', () => {
  test('creates a configuration from the builds in the body', async () => {
    const c = await admin.appConfigs.create('501', {
      tag: 'explicit',
      deploymentFlowId: '1',
      requestBuilds: SEEDED_BUILDS,
    });
    assert.match(c.id, /^\d+$/);
    assert.deepEqual([c.tag, c.parentId, c.deploymentFlowId, c.hasInterface], ['explicit', '', 1, true]);
    assert.deepEqual(
      c.builds.asr?.builds.map((b) => b.buildLabel),
      ['ASR_1001_1'],
    );
    assert.deepEqual(c.deployments, []);
    assert.deepEqual(c.dataHosts, []);
    assert.equal((await viewer.appConfigs.get(c.id)).tag, 'explicit');
  });

  test('rule 1: useLatestFromProject takes the latest builds, limited by buildTypes and locales; the body builds are ignored', async () => {
    const c = await owner.appConfigs.create(
      '501',
      {
        tag: 'latest-nlu',
        deploymentFlowId: '1',
        requestBuilds: { nlu: [{ buildLabel: 'NLU_9_9', locale: 'en-US' }] },
      },
      { useLatestFromProject: '1001', buildTypes: ['NLU', 'DIALOG'], locales: ['fr-CA'] },
    );
    assert.deepEqual(
      c.builds.nlu?.builds.map((b) => `${b.buildLabel}/${b.locale}`),
      ['NLU_1001_1/fr-CA'],
    );
    assert.equal(c.builds.asr, undefined);
    assert.equal(c.builds.dialog?.buildLabel, 'DIALOG_1001_1');
    // Without useLatestFromProject, buildTypes and locales do not apply.
    const plain = await owner.appConfigs.create(
      '501',
      {
        tag: 'no-latest',
        deploymentFlowId: '1',
        requestBuilds: { asr: [{ buildLabel: 'ASR_1001_1', locale: 'fr-CA' }] },
      },
      { buildTypes: ['NLU'] },
    );
    assert.deepEqual(
      plain.builds.asr?.builds.map((b) => b.locale),
      ['fr-CA'],
    );
  });

  test('rule 3: useProjectDefault fills the default data hosts of the dialog build for every geography of the flow', async () => {
    const c = await owner.appConfigs.create(
      '501',
      {
        tag: 'with-defaults',
        deploymentFlowId: '1',
        requestBuilds: SEEDED_BUILDS,
        dataHosts: [{ alias: 'ORDER_API', environmentGeographyId: '302', value: 'https://orders.prod.example/api' }],
      },
      { useProjectDefault: true },
    );
    const hosts = new Map((c.dataHosts ?? []).map((h) => [h.environmentGeographyId, h.value]));
    assert.deepEqual([...hosts.keys()].sort(), ['301', '302', '303']);
    assert.equal(hosts.get('302'), 'https://orders.prod.example/api');
    assert.equal(hosts.get('301'), 'https://orders.coffee.example/api');
    const without = await owner.appConfigs.create('501', {
      tag: 'no-defaults',
      deploymentFlowId: '1',
      requestBuilds: SEEDED_BUILDS,
    });
    assert.deepEqual(without.dataHosts, []);
  });

  test('each documented error: 400 for bad content, 404 for unknown builds and applications, 403 for Viewers', async () => {
    const create = (tag: string, extra: object = {}, opts: object = {}): Promise<unknown> =>
      owner.appConfigs.create('501', { tag, deploymentFlowId: '1', requestBuilds: SEEDED_BUILDS, ...extra }, opts);
    assert.match(
      (await rejectsWith(create('coffee-main'), BadRequestError)).message,
      /already has a configuration with context tag "coffee-main"/,
    );
    assert.match(
      (await rejectsWith(create('x1', { deploymentFlowId: '77' }), BadRequestError)).message,
      /Deployment flow 77 does not exist/,
    );
    assert.match(
      (
        await rejectsWith(
          create('x2', { requestBuilds: { nlu: [{ buildLabel: 'ASR_1001_1', locale: 'en-US' }] } }),
          BadRequestError,
        )
      ).message,
      /is a ASR build/,
    );
    assert.match(
      (
        await rejectsWith(
          create('x3', { requestBuilds: { nlu: [{ buildLabel: 'NLU_1001_1', locale: 'de-DE' }] } }),
          BadRequestError,
        )
      ).message,
      /has no de-DE model/,
    );
    assert.match(
      (
        await rejectsWith(
          create('x4', {
            environmentConfigurations: [{ label: 'ECL_UNSPECIFIED', value: 'x', environmentGeographyId: '301' }],
          }),
          BadRequestError,
        )
      ).message,
      /GRAMMAR_BASE_PATH/,
    );
    assert.match(
      (
        await rejectsWith(
          create('x5', { dataHosts: [{ alias: 'A', environmentGeographyId: '999', value: 'v' }] }),
          BadRequestError,
        )
      ).message,
      /environmentGeographyId/,
    );
    assert.match(
      (await rejectsWith(create('x6', {}, { useLatestFromProject: '1001', buildTypes: ['TTS'] }), BadRequestError))
        .message,
      /buildTypes/,
    );
    assert.match(
      (await rejectsWith(create('x7', {}, { useLatestFromProject: '1002' }), BadRequestError)).message,
      /no completed builds/,
    );
    await rejectsWith(owner.appConfigs.create('501', { tag: ' ', deploymentFlowId: '1' }), BadRequestError);
    await rejectsWith(create('x8', { requestBuilds: { dialog: { buildLabel: 'DIALOG_1001_42' } } }), NotFoundError);
    await rejectsWith(create('x9', {}, { useLatestFromProject: '99999' }), NotFoundError);
    await rejectsWith(owner.appConfigs.create('999', { tag: 't', deploymentFlowId: '1' }), NotFoundError);
    // Builds of another organization's project (provider staff sees both).
    assert.match(
      (
        await rejectsWith(
          ps.appConfigs.create('503', { tag: 'cross', deploymentFlowId: '2' }, { useLatestFromProject: '1001' }),
          BadRequestError,
        )
      ).message,
      /same organization/,
    );
    assert.match(
      (await rejectsWith(viewer.appConfigs.create('501', { tag: 'v', deploymentFlowId: '1' }), ForbiddenError)).message,
      /Viewer role/,
    );
    assert.ok(
      !(await owner.appConfigs.list('501')).some((c) => /^x\d$/.test(c.tag)),
      'no failed request created anything',
    );
  });
});

describe('GET /v4/app-configs/{configId}', () => {
  test('returns {config}; 404 when unknown or in an invisible organization', async () => {
    assert.equal((await owner.appConfigs.get('802')).tag, 'coffee-nlu');
    await rejectsWith(owner.appConfigs.get('7777'), NotFoundError);
    await rejectsWith(outsider.appConfigs.get('801'), NotFoundError);
  });
});

describe('PUT /v4/app-configs/{configId}', () => {
  test('adds or resets builds and data hosts while not deployed; 400 while deployed; 403 for Viewers', async () => {
    const updated = await admin.appConfigs.update('802', {
      requestModels: { asr: [{ buildLabel: 'ASR_1001_1', locale: 'en-US' }] },
      dataHosts: [{ alias: 'ORDER_API', environmentGeographyId: '301', value: 'https://example.test/api' }],
    });
    assert.deepEqual(
      updated.builds.asr?.builds.map((b) => b.buildLabel),
      ['ASR_1001_1'],
    );
    assert.deepEqual(
      updated.builds.nlu?.builds.map((b) => b.locale),
      ['en-US', 'fr-CA'],
      'services the body leaves out are kept',
    );
    assert.equal(updated.dataHosts?.[0]?.value, 'https://example.test/api');
    const e = await rejectsWith(owner.appConfigs.update('801', { requestModels: SEEDED_BUILDS }), BadRequestError);
    assert.match(e.message, /deployed; an update is allowed only when it is not deployed/);
    await rejectsWith(viewer.appConfigs.update('802', {}), ForbiddenError);
    await rejectsWith(owner.appConfigs.update('7777', {}), NotFoundError);
  });

  test('with --feature-off app-config-update the update answers 501 → FeatureNotEnabledError', async () => {
    const off = await startTestSandbox({ featuresOff: ['app-config-update'] });
    const client = clientFor(off, 'owner');
    try {
      const e = await rejectsWith(client.appConfigs.update('802', {}), FeatureNotEnabledError);
      assert.equal(e.status, 501);
      assert.match(e.message, /Updating application configurations is not enabled on this platform/);
      // The reworded error keeps the request's facts and the platform's own error (errors.ts explainNotEnabled).
      assert.equal(e.path, '/v4/app-configs/802');
      assert.ok(e.cause instanceof FeatureNotEnabledError);
      assert.equal((await client.appConfigs.get('802')).tag, 'coffee-nlu', 'other endpoints still work');
    } finally {
      await client.close();
      await off.close();
    }
  });
});

describe('POST /v4/app-configs/{configId}/.override', () => {
  test('rule 2: latest takes the builds of the configuration project; the new configuration points to its parent', async () => {
    const parent = await owner.appConfigs.create('501', {
      tag: 'to-override',
      deploymentFlowId: '1',
      requestBuilds: { asr: [{ buildLabel: 'ASR_1001_1', locale: 'en-US' }] },
    });
    const child = await owner.appConfigs.override(
      parent.id,
      { requestModels: { nlu: [{ buildLabel: 'NLU_0_0', locale: 'en-US' }] } },
      { latest: true, buildTypes: ['NLU'], locales: ['en-US'] },
    );
    assert.notEqual(child.id, parent.id);
    assert.deepEqual([child.tag, child.parentId], ['to-override', parent.id]);
    assert.deepEqual(
      child.builds.nlu?.builds.map((b) => `${b.buildLabel}/${b.locale}`),
      ['NLU_1001_1/en-US'],
    );
    assert.equal(child.builds.asr, undefined);
    // The overridden configuration drops out with excludeOverrides.
    const available = await owner.appConfigs.list('501', { tag: 'to-override', excludeOverrides: true });
    assert.deepEqual(
      available.map((c) => c.id),
      [child.id],
    );
    assert.match(
      (await rejectsWith(owner.appConfigs.override(parent.id), BadRequestError)).message,
      new RegExp(`already overridden by configuration ${child.id}`),
    );
  });

  test('without latest the body builds apply (and buildTypes are ignored); errors 400/403/404', async () => {
    const child = await owner.appConfigs.override(
      '802',
      { requestModels: { dialog: { buildLabel: 'DIALOG_1001_1' } } },
      { buildTypes: ['ASR'] },
    );
    assert.equal(child.builds.dialog?.buildLabel, 'DIALOG_1001_1');
    assert.ok(child.builds.nlu, 'services the body leaves out are copied from the parent');
    await rejectsWith(
      owner.appConfigs.override(child.id, { requestModels: { dialog: { buildLabel: 'DIALOG_1001_99' } } }),
      NotFoundError,
    );
    await rejectsWith(viewer.appConfigs.override(child.id), ForbiddenError);
    await rejectsWith(owner.appConfigs.override('7777'), NotFoundError);
    await rejectsWith(
      owner.appConfigs.override(child.id, {}, { latest: true, useLatestFromProject: '1002' }),
      BadRequestError,
    );
  });
});

describe('DELETE /v4/app-configs/{configId}', () => {
  test('deletes a configuration that is not deployed; a deployed one must be undeployed first', async () => {
    const c = await owner.appConfigs.create('501', {
      tag: 'short-lived',
      deploymentFlowId: '1',
      requestBuilds: SEEDED_BUILDS,
    });
    await rejectsWith(viewer.appConfigs.delete(c.id), ForbiddenError);
    assert.match((await admin.appConfigs.delete(c.id)).message ?? '', /deleted/);
    await rejectsWith(owner.appConfigs.get(c.id), NotFoundError);
    await rejectsWith(owner.appConfigs.delete(c.id), NotFoundError);
    assert.match((await rejectsWith(owner.appConfigs.delete('801'), BadRequestError)).message, /undeploy it/);
  });
});
