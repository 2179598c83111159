// Applications, credentials, bots and environment configurations through the client over HTTP:
// the organization list, the all-applications v2 list and who may call it, credentials with their client
// ids and scopes, bots and their configuration interface, and GRAMMAR_BASE_PATH values (501 when off).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { PlatformClient } from '../../../src/core/platform/client';
import {
  BadRequestError,
  FeatureNotEnabledError,
  ForbiddenError,
  NotFoundError,
  ProjectLockedError,
} from '../../../src/core/platform/errors';
import { collect } from '../../../src/core/platform/paging';
import { GRAMMAR_BASE_PATH } from '../../../src/core/platform/envConfigs';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox';
import { clientFor, rejectsWith } from './support';

let sbx: TestSandbox;
let owner: PlatformClient;
let admin: PlatformClient;
let viewer: PlatformClient;
let ps: PlatformClient;
let globalAdmin: PlatformClient;
let outsider: PlatformClient;

before(async () => {
  sbx = await startTestSandbox({ jobDurationMs: 40 });
  owner = clientFor(sbx, 'owner');
  admin = clientFor(sbx, 'admin');
  viewer = clientFor(sbx, 'viewer');
  ps = clientFor(sbx, 'ps');
  globalAdmin = clientFor(sbx, 'globalAdmin');
  outsider = clientFor(sbx, 'outsider');
});
after(async () => {
  await Promise.all([owner, admin, viewer, ps, globalAdmin, outsider].map((c) => c.close()));
  await sbx.close();
});

describe('GET /v4/organizations/{orgId}/apps', () => {
  test('{applications, totalSize}; configurations only with a view; filter by name', async () => {
    const body = await viewer.request<{ applications: Array<{ id: string; configs: unknown[] }>; totalSize: number }>({
      method: 'GET',
      path: '/v4/organizations/1/apps',
    });
    assert.deepEqual(
      body.applications.map((a) => a.id),
      ['501', '502'],
    );
    assert.equal(body.totalSize, 2);
    assert.ok(body.applications.every((a) => a.configs.length === 0));
    const full = await viewer.apps.listByOrg('1', { view: 'full' });
    assert.deepEqual(
      full.find((a) => a.id === '501')?.configs.map((c) => c.id),
      ['801'],
    );
    assert.deepEqual(
      (await viewer.apps.listByOrg('1', { filter: 'NLU' })).map((a) => a.applicationName),
      ['Coffee Shop NLU Service'],
    );
    assert.deepEqual(
      (await viewer.apps.listByOrg('1', { view: 'live' })).map((a) => a.configs.length),
      [1, 0],
    );
  });

  test('404 for an unknown organization, 403 for a member of one project only, 400 for an unknown view', async () => {
    await rejectsWith(owner.apps.listByOrg('99'), NotFoundError);
    await rejectsWith(owner.apps.listByOrg('2'), NotFoundError);
    await rejectsWith(outsider.apps.listByOrg('1'), ForbiddenError);
    await rejectsWith(
      owner.request({ method: 'GET', path: '/v4/organizations/1/apps', query: { view: 'EVERYTHING' } }),
      BadRequestError,
    );
  });
});

describe('GET /v4/apps', () => {
  test('professional services and global admins list every organization, paged, with count, limit and offset', async () => {
    for (const staff of [ps, globalAdmin]) {
      const all = await collect(staff.apps.list({ pageSize: 2 }));
      assert.deepEqual(
        all.map((a) => `${a.id}@${a.organizationId}`),
        ['501@1', '502@1', '503@2'],
      );
      assert.equal(all[2]?.organizationName, 'Partner Agency');
    }
    const page = await ps.request<{
      applications: unknown[];
      count: number;
      totalSize: number;
      limit: number;
      offset: number;
    }>({ method: 'GET', path: '/v4/apps', query: { limit: 2, offset: 1 } });
    assert.deepEqual([page.applications.length, page.count, page.totalSize, page.limit, page.offset], [2, 2, 3, 2, 1]);
    assert.deepEqual(
      (await collect(ps.apps.list({ appId: 'PARTNER-DEV' }))).map((a) => a.id),
      ['503'],
    );
  });

  test('others must name an organization they can access: 400 without, 403 for another one, 404 for an unknown one', async () => {
    assert.deepEqual(
      (await collect(viewer.apps.list({ orgId: '1', view: 'full' }))).map((a) => [a.id, a.configs.length]),
      [
        ['501', 1],
        ['502', 1],
      ],
    );
    assert.match((await rejectsWith(owner.apps.list().next(), BadRequestError)).message, /"orgId" is required/);
    await rejectsWith(owner.apps.list({ orgId: '2' }).next(), ForbiddenError);
    await rejectsWith(outsider.apps.list({ orgId: '1' }).next(), ForbiddenError);
    await rejectsWith(owner.apps.list({ orgId: '99' }).next(), NotFoundError);
  });
});

describe('GET /v4/apps/{applicationId}/credentials', () => {
  test('credentials per environment geography with clients, scopes and the documented client id shapes; no secrets', async () => {
    const creds = await viewer.apps.credentials('501');
    assert.deepEqual(
      creds.map((c) => c.credential.appId),
      ['COFFEE-DEV', 'COFFEE-PROD'],
    );
    const dev = creds[0];
    assert.deepEqual(
      dev?.credential.clients.map((c) => c.clientId),
      ['appID:COFFEE-DEV', 'appID:COFFEE-DEV:geo:us:clientName:log-reader'],
    );
    assert.deepEqual(
      dev?.credential.clients.map((c) => c.oauthScopes),
      ['asr dlg nlu tts log asr.wordset nlu.wordset', 'log'],
    );
    assert.deepEqual(
      dev?.geographies.map((g) => [g.id, g.geography.displayName, g.envType]),
      [['301', 'Sandbox US', 'SANDBOX']],
    );
    assert.deepEqual(
      creds[1]?.geographies.map((g) => g.envType),
      ['PRODUCTION', 'PRODUCTION'],
    );
    assert.ok(!JSON.stringify(creds).includes('clientSecret'));
    assert.deepEqual(
      (await viewer.apps.credentials('501', { envGeographyName: 'Production EU' })).map((c) => c.credential.appId),
      ['COFFEE-PROD'],
    );
    await rejectsWith(owner.apps.credentials('999'), NotFoundError);
    await rejectsWith(outsider.apps.credentials('501'), NotFoundError);
  });
});

describe('GET /v4/organizations/{orgId}/bots', () => {
  test('the applications whose configurations include a dialog build', async () => {
    const bots = await viewer.bots.list('1');
    assert.deepEqual(
      bots.map((b) => [b.id, b.applicationName, b.configs.length]),
      [['501', 'Coffee Shop Assistant', 0]],
    );
    const full = await viewer.bots.list('1', { view: 'full' });
    assert.deepEqual(
      full[0]?.configs.map((c) => [c.id, c.hasInterface]),
      [['801', true]],
    );
    assert.deepEqual(await owner.bots.list('1', { view: 'live' }).then((b) => b[0]?.configs.length), 1);
    assert.deepEqual(await ps.bots.list('2'), []);
    await rejectsWith(owner.bots.list('99'), NotFoundError);
  });
});

describe('GET /v4/bots/{botId}/credentials', () => {
  test("a bot's credentials; 404 for an application that is not a bot", async () => {
    assert.deepEqual(
      (await viewer.bots.credentials('501')).map((c) => c.credential.appId),
      ['COFFEE-DEV', 'COFFEE-PROD'],
    );
    assert.match(
      (await rejectsWith(owner.bots.credentials('502'), NotFoundError)).message,
      /no configuration with a dialog build/,
    );
    await rejectsWith(owner.bots.credentials('999'), NotFoundError);
  });
});

describe('GET /v4/bots/{botId}/configs', () => {
  test("a bot's configurations with a dialog build, with the list filters", async () => {
    const nluOnly = await owner.appConfigs.create('501', {
      tag: 'nlu-only',
      deploymentFlowId: '1',
      requestBuilds: { nlu: [{ buildLabel: 'NLU_1001_1', locale: 'en-US' }] },
    });
    const configs = await viewer.bots.configs('501');
    assert.deepEqual(
      configs.map((c) => c.id),
      ['801'],
    );
    assert.ok(!configs.some((c) => c.id === nluOnly.id));
    assert.deepEqual(await viewer.bots.configs('501', { tag: 'other' }), []);
    assert.deepEqual(
      (await viewer.bots.configs('501', { liveOnly: true, appId: 'COFFEE-DEV' })).map((c) => c.id),
      ['801'],
    );
    await rejectsWith(owner.bots.configs('502'), NotFoundError);
  });
});

describe('GET /v4/bots/{botId}/configs/{configId}/interface', () => {
  test('languages, channels and modalities, session and transfer-node variables from the dialog build', async () => {
    const i = await viewer.bots.configInterface('501', '801');
    assert.deepEqual(i.locales, ['en-US', 'fr-CA']);
    assert.deepEqual(
      i.channels.map((c) => [c.displayName, c.modes]),
      [
        ['IVR channel', ['AUDIO_SCRIPT', 'DTMF', 'TTS']],
        ['Digital VA text', ['INTERACTIVITY', 'RICH_TEXT']],
      ],
    );
    assert.deepEqual(
      i.variables.map((v) => `${v.displayName}:${v.simpleVariableType}`),
      ['customerName:STRING_TYPE', 'orderTotal:DECIMAL_TYPE', 'loyaltyMember:BOOLEAN_TYPE', 'orderStatus:STRING_TYPE'],
    );
    const transfer = i.transferNodes.find((n) => n.nodeName === 'send_to_barista');
    assert.deepEqual(
      [
        transfer?.nodeType,
        transfer?.requestVariables.map((v) => v.displayName),
        transfer?.responseVariables?.map((v) => v.displayName),
      ],
      ['TRANSFER', ['customerName', 'orderTotal'], ['orderStatus']],
    );
    assert.equal(i.transferNodes.find((n) => n.nodeName === 'goodbye')?.nodeType, 'END');
  });

  test('400 for a configuration without a dialog build; 404 for unknown configurations and bots', async () => {
    const nluOnly =
      (await owner.appConfigs.list('501', { tag: 'nlu-only' }))[0] ??
      (await owner.appConfigs.create('501', {
        tag: 'nlu-only',
        deploymentFlowId: '1',
        requestBuilds: { nlu: [{ buildLabel: 'NLU_1001_1', locale: 'en-US' }] },
      }));
    assert.match(
      (await rejectsWith(owner.bots.configInterface('501', nluOnly.id), BadRequestError)).message,
      /no dialog build/,
    );
    await rejectsWith(owner.bots.configInterface('501', '802'), NotFoundError);
    await rejectsWith(owner.bots.configInterface('502', '802'), NotFoundError);
    await rejectsWith(outsider.bots.configInterface('501', '801'), NotFoundError);
  });
});

describe('GET /v4/projects/{projectId}/env-configs', () => {
  test('project defaults and per-environment-geography values, set and deleted through the other endpoints', async () => {
    const initial = await viewer.envConfigs.get('1001');
    assert.deepEqual(initial.projectDefaults, []);
    assert.deepEqual(
      initial.environments.map((e) => [e.name, e.environmentGeographies.map((g) => g.name)]),
      [
        ['Sandbox', ['Sandbox US']],
        ['Production', ['Production US', 'Production EU']],
      ],
    );
    await owner.envConfigs.setProjectDefault('1001', GRAMMAR_BASE_PATH, 'https://grammars.example.com/');
    await admin.envConfigs.setForGeography('1001', '2', '303', GRAMMAR_BASE_PATH, 'https://eu.grammars.example.com/');
    const after = await viewer.envConfigs.get('1001');
    assert.deepEqual(after.projectDefaults, [{ label: GRAMMAR_BASE_PATH, value: 'https://grammars.example.com/' }]);
    const eu = after.environments.flatMap((e) => e.environmentGeographies).find((g) => g.id === '303');
    assert.deepEqual(eu?.environmentGeographyDefaults, [
      { label: GRAMMAR_BASE_PATH, value: 'https://eu.grammars.example.com/' },
    ]);
    await rejectsWith(owner.envConfigs.get('99999'), NotFoundError);
  });

  test('with --feature-off env-configs every endpoint answers 501 → FeatureNotEnabledError', async () => {
    const off = await startTestSandbox({ featuresOff: ['env-configs'] });
    const client = clientFor(off, 'owner');
    try {
      const e = await rejectsWith(client.envConfigs.get('1001'), FeatureNotEnabledError);
      assert.equal(e.status, 501);
      assert.match(e.message, /^Environment configurations are not enabled on this platform/);
      assert.equal(e.method, 'GET');
      assert.ok(e.cause instanceof FeatureNotEnabledError, 'the platform answer stays as the cause');
      await rejectsWith(client.envConfigs.setProjectDefault('1001', GRAMMAR_BASE_PATH, 'x'), FeatureNotEnabledError);
      await rejectsWith(client.envConfigs.deleteProjectDefault('1001', GRAMMAR_BASE_PATH), FeatureNotEnabledError);
      await rejectsWith(
        client.envConfigs.setForGeography('1001', '1', '301', GRAMMAR_BASE_PATH, 'x'),
        FeatureNotEnabledError,
      );
      await rejectsWith(
        client.envConfigs.deleteForGeography('1001', '1', '301', GRAMMAR_BASE_PATH),
        FeatureNotEnabledError,
      );
    } finally {
      await client.close();
      await off.close();
    }
  });
});

describe('PUT /v4/projects/{projectId}/env-configs/{label}', () => {
  test('the body is a JSON string; unknown labels and other bodies get 400; Viewer 403; the lock rule applies', async () => {
    await owner.envConfigs.setProjectDefault('1002', GRAMMAR_BASE_PATH, 'https://a.example/');
    await owner.envConfigs.setProjectDefault('1002', GRAMMAR_BASE_PATH, 'https://b.example/');
    assert.deepEqual((await owner.envConfigs.get('1002')).projectDefaults, [
      { label: GRAMMAR_BASE_PATH, value: 'https://b.example/' },
    ]);
    await rejectsWith(owner.envConfigs.setProjectDefault('1002', 'ECL_UNSPECIFIED', 'x'), BadRequestError);
    const e = await rejectsWith(
      owner.request({ method: 'PUT', path: '/v4/projects/1002/env-configs/GRAMMAR_BASE_PATH', json: { value: 'x' } }),
      BadRequestError,
    );
    assert.match(e.message, /JSON string/);
    await rejectsWith(viewer.envConfigs.setProjectDefault('1002', GRAMMAR_BASE_PATH, 'x'), ForbiddenError);
    await owner.projects.lock('1002', 'grammar paths');
    try {
      await rejectsWith(admin.envConfigs.setProjectDefault('1002', GRAMMAR_BASE_PATH, 'x'), ProjectLockedError);
    } finally {
      await owner.projects.unlock('1002');
    }
  });
});

describe('DELETE /v4/projects/{projectId}/env-configs/{label}', () => {
  test('deletes the project default; 404 when none is set', async () => {
    await owner.envConfigs.setProjectDefault('1001', GRAMMAR_BASE_PATH, 'https://to-delete.example/');
    assert.match((await owner.envConfigs.deleteProjectDefault('1001', GRAMMAR_BASE_PATH)).message ?? '', /deleted/);
    assert.deepEqual((await owner.envConfigs.get('1001')).projectDefaults, []);
    await rejectsWith(owner.envConfigs.deleteProjectDefault('1001', GRAMMAR_BASE_PATH), NotFoundError);
    await rejectsWith(viewer.envConfigs.deleteProjectDefault('1001', GRAMMAR_BASE_PATH), ForbiddenError);
  });
});

describe('PUT /v4/environments/{environmentId}/geographies/{environmentGeographyId}/configs/{label}', () => {
  test('needs projectId; 404 for a geography of another environment', async () => {
    await owner.envConfigs.setForGeography('1002', '1', '301', GRAMMAR_BASE_PATH, 'https://sandbox.example/');
    const g = (await owner.envConfigs.get('1002')).environments[0]?.environmentGeographies[0];
    assert.deepEqual(g?.environmentGeographyDefaults, [
      { label: GRAMMAR_BASE_PATH, value: 'https://sandbox.example/' },
    ]);
    const e = await rejectsWith(
      owner.request({ method: 'PUT', path: '/v4/environments/1/geographies/301/configs/GRAMMAR_BASE_PATH', json: 'x' }),
      BadRequestError,
    );
    assert.match(e.message, /"projectId" is required/);
    await rejectsWith(owner.envConfigs.setForGeography('1002', '1', '302', GRAMMAR_BASE_PATH, 'x'), NotFoundError);
    await rejectsWith(viewer.envConfigs.setForGeography('1002', '1', '301', GRAMMAR_BASE_PATH, 'x'), ForbiddenError);
  });
});

describe('DELETE /v4/environments/{environmentId}/geographies/{environmentGeographyId}/configs/{label}', () => {
  test('deletes the geography value; 404 when none is set', async () => {
    await owner.envConfigs.setForGeography('1001', '2', '302', GRAMMAR_BASE_PATH, 'https://us.example/');
    await owner.envConfigs.deleteForGeography('1001', '2', '302', GRAMMAR_BASE_PATH);
    const us = (await owner.envConfigs.get('1001')).environments
      .flatMap((e) => e.environmentGeographies)
      .find((x) => x.id === '302');
    assert.deepEqual(us?.environmentGeographyDefaults, []);
    await rejectsWith(owner.envConfigs.deleteForGeography('1001', '2', '302', GRAMMAR_BASE_PATH), NotFoundError);
  });
});
