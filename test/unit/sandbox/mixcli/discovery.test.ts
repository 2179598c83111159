// mix-cli's read and discovery commands replayed against the sandbox (issue 16, items 2–5): each request as
// the client builds it (src/mix/api/*.ts), each reply checked for the fields its command reads
// (src/commands/**.ts) in the shapes of its fixtures (test/commands/**-test-data.ts).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestSandbox, type TestSandbox } from '../../helpers/sandbox';
import { sessions } from '../../helpers/sandboxSession';
import { replay, type Replay } from './replay';

const READS: Replay[] = [
  // src/commands/system/version.ts columns; test/test-data.ts `version`.
  {
    command: 'system:version',
    method: 'GET',
    path: '/v4/version',
    reads: ['mixAPIServer', 'apiVersion', 'mixEnvironment', 'mixVersion'],
  },
  // deployment-flows-test-data.ts: flows[].steps[].environments[].geographies[].geography.
  {
    command: 'deployment-flows:list',
    method: 'GET',
    path: '/v4/organizations/1/deployment-flows',
    query: { limit: '25', offset: '0' },
    reads: [
      'flows[].id',
      'flows[].displayName',
      'flows[].steps[].id',
      'flows[].steps[].step',
      'flows[].steps[].requiresApproval',
      'flows[].steps[].environments[].displayName',
      'flows[].steps[].environments[].geographies[].geography.displayName',
      'totalSize',
      'count',
    ],
  },
  {
    command: 'environments:list',
    method: 'GET',
    path: '/v4/organizations/1/environments',
    query: { limit: '25', offset: '0' },
    reads: [
      'environments[].id',
      'environments[].displayName',
      'environments[].geographies[].id',
      'environments[].geographies[].geography.displayName',
      'environments[].geographies[].envType',
      'totalSize',
    ],
  },
  {
    command: 'geographies:list',
    method: 'GET',
    path: '/v4/geographies',
    query: { limit: '25', offset: '0' },
    reads: ['geographies[].id', 'geographies[].displayName'],
  },
  // data-hosts-test-data.ts: dataHosts[] {id, alias, environmentId, environmentGeographyId, value}.
  {
    command: 'data-hosts:list',
    method: 'GET',
    path: '/v4/builds/DIALOG_1001_1/data-hosts',
    query: { applicationId: '501', deploymentFlowId: '1' },
    reads: [
      'dataHosts[].id',
      'dataHosts[].alias',
      'dataHosts[].environmentId',
      'dataHosts[].environmentGeographyId',
      'dataHosts[].value',
    ],
  },
  {
    command: 'data-hosts:latest',
    method: 'GET',
    path: '/v4/apps/501/projects/1001/data-hosts/.latest',
    reads: ['dataHosts[].alias', 'dataHosts[].environmentGeographyId', 'dataHosts[].value'],
  },
  // engine-packs list.test.ts replies {enginePacks: [...]}; the command walks topics.<t>.locales.<l>.versions[].version.
  {
    command: 'engine-packs:list',
    method: 'GET',
    path: '/v4/organizations/1/engine-packs',
    reads: [
      'enginePacks[].enginePackId',
      'enginePacks[].version',
      'enginePacks[].asrVersion',
      'enginePacks[].nluVersion',
      'enginePacks[].dialogVersion',
      'enginePacks[].ttsVersion',
      'enginePacks[].topics.gen.locales.en-US.versions[].version',
    ],
  },
  {
    command: 'language-topics:list',
    method: 'GET',
    path: '/v4/organizations/1/language-topics',
    reads: [
      'languageTopics[].id',
      'languageTopics[].name',
      'languageTopics[].locales[].locale',
      'languageTopics[].locales[].versions[]',
    ],
  },
  {
    command: 'voices:list',
    method: 'GET',
    path: '/v4/organizations/1/voices',
    reads: [
      'voices[].name',
      'voices[].restricted',
      'voices[].gender',
      'voices[].model',
      'voices[].locale',
      'voices[].sampleRateHz[]',
      'voices[].foreignLanguages',
      'voices[].styles',
    ],
  },
  {
    command: 'data-types:list',
    method: 'GET',
    path: '/v4/data-types',
    query: { includeCompatibleEntityTypes: 'true' },
    reads: ['dataTypes[].name', 'dataTypes[].schema.description', 'dataTypes[].compatibleEntityTypes'],
  },
  {
    command: 'entity-types:list',
    method: 'GET',
    path: '/v4/ontology/entity-types',
    reads: ['entityTypes[].name', 'entityTypes[].compatibleDataTypes[]'],
  },
  // organizations-test-data.ts fullResponse: members[] with view=FULL.
  {
    command: 'organizations:list',
    method: 'GET',
    path: '/v4/organizations',
    query: { limit: '25', offset: '0', showAll: 'false', type: 'TYPE_UNSPECIFIED', view: 'FULL' },
    reads: ['organizations[].id', 'organizations[].displayName', 'organizations[].type', 'organizations[].members[]'],
  },
  // projects/list.ts features column: enginePackFeatures.join(',').
  {
    command: 'projects:list',
    method: 'GET',
    path: '/v4/projects',
    query: { excludeChannels: 'false', includeFeatures: 'true', limit: '25', orgId: '1', sortBy: '-id' },
    reads: [
      'projects[].id',
      'projects[].displayName',
      'projects[].languageTopic',
      'projects[].channels',
      'projects[].enginePackFeatures[]',
      'projects[].createTime',
      'totalSize',
    ],
  },
  {
    command: 'projects:get',
    method: 'GET',
    path: '/v4/projects/1001',
    reads: [
      'project.id',
      'project.displayName',
      'project.languages[]',
      'project.channels[].channel.modes[]',
      'project.datapacks[].version',
    ],
  },
  // applications/get.ts keeps the entry whose id equals --mix-app and reads configs[].projectDetails.
  {
    command: 'applications:get',
    method: 'GET',
    path: '/v4/apps',
    query: { filter: '501', view: 'AV_FULL' },
    reads: [
      'applications[].id',
      'applications[].applicationName',
      'applications[].configs[].deploymentFlowId',
      'applications[].configs[].projectDetails.projectId',
      'applications[].configs[].projectDetails.projectName',
    ],
  },
  {
    command: 'applications:list',
    method: 'GET',
    path: '/v4/apps',
    query: { orgId: '1', limit: '25', offset: '0', view: 'AV_FULL' },
    reads: ['applications[].id', 'applications[].applicationName', 'applications[].configs', 'totalSize'],
  },
  {
    command: 'app-credentials:list',
    method: 'GET',
    path: '/v4/apps/501/credentials',
    reads: [
      'credentials[].credential.appId',
      'credentials[].credential.clients[].clientId',
      'credentials[].geographies[].geography.displayName',
    ],
  },
  {
    command: 'app-configs:list',
    method: 'GET',
    path: '/v4/apps/501/app-configs',
    reads: ['configs[].id', 'configs[].tag', 'configs[].deploymentFlowId', 'configs[].createTime'],
  },
  {
    command: 'app-configs:get',
    method: 'GET',
    path: '/v4/app-configs/801',
    reads: ['config.id', 'config.tag', 'config.builds.nlu.builds[].buildLabel', 'config.dataHosts[].alias'],
  },
  // bots-test-data.ts fullBotsDetailsResponse: envGeographyDeployments[] with dataHosts and approvalRequired.
  {
    command: 'bots:list',
    method: 'GET',
    path: '/v4/organizations/1/bots',
    query: { view: 'BV_FULL' },
    reads: [
      'bots[].id',
      'bots[].applicationName',
      'bots[].configs[].deployments[].envGeographyDeployments[].envGeography.geography.displayName',
      'bots[].configs[].deployments[].envGeographyDeployments[].dataHosts',
      'bots[].configs[].deployments[].envGeographyDeployments[].approvalRequired',
    ],
  },
  {
    command: 'bot-configs:list',
    method: 'GET',
    path: '/v4/bots/501/configs',
    reads: ['configs[].id', 'configs[].tag'],
  },
  {
    command: 'bot-credentials:list',
    method: 'GET',
    path: '/v4/bots/501/credentials',
    reads: ['credentials[].credential.appId'],
  },
  {
    command: 'bot-interfaces:get',
    method: 'GET',
    path: '/v4/bots/501/configs/801/interface',
    reads: [
      'interface.id',
      'interface.channels[].displayName',
      'interface.variables[].displayName',
      'interface.transferNodes[].nodeName',
    ],
  },
  {
    command: 'builds:list',
    method: 'GET',
    path: '/v4/projects/1001/builds',
    query: { type: 'NLU', limit: '25', offset: '0' },
    reads: [
      'builds[].buildLabel',
      'builds[].buildVersion',
      'builds[].status',
      'builds[].dataSources',
      'builds[].dynamicEntities',
      'builds[].errors',
    ],
  },
  {
    command: 'builds:get',
    method: 'GET',
    path: '/v4/builds/NLU_1001_1',
    reads: ['buildLabel', 'buildType', 'status', 'dataSources', 'errors'],
  },
  {
    command: 'builds:latest',
    method: 'GET',
    path: '/v4/projects/1001/builds/.latest',
    reads: ['models.nlu.builds[].buildLabel', 'models.dialog.buildLabel'],
  },
  // entities/get.ts reads localeBasedGrammars (grammars-test-data.ts) for rule-based entities.
  {
    command: 'entities:get',
    method: 'GET',
    path: '/v4/projects/1001/entities/PICKUP_TIME',
    reads: [
      'entity.ruleBasedEntity.id',
      'entity.ruleBasedEntity.settings.canonicalize',
      'entity.ruleBasedEntity.localeBasedGrammars.en-US',
      'entity.ruleBasedEntity.localeBasedGrammars.fr-CA',
    ],
  },
  {
    command: 'entities:list',
    method: 'GET',
    path: '/v4/projects/1001/entities',
    query: { type: 'UNSPECIFIED' },
    reads: ['entities[]'],
  },
  {
    command: 'intents:list',
    method: 'GET',
    path: '/v4/projects/1001/intents',
    reads: ['intents[].id', 'intents[].name', 'intents[].links'],
  },
  {
    command: 'intents:get',
    method: 'GET',
    path: '/v4/projects/1001/intents/ORDER_COFFEE',
    reads: ['intent.name', 'intent.links[].entityRef'],
  },
  {
    command: 'env-configs:list',
    method: 'GET',
    path: '/v4/projects/1001/env-configs',
    reads: ['projectDefaults', 'environments[].environmentGeographies[].name'],
  },
  {
    command: 'jobs:list',
    method: 'GET',
    path: '/v4/projects/1001/jobs',
    query: { limit: '25', sortBy: '+createTime' },
    reads: ['jobs', 'totalSize'],
  },
];

describe('mix-cli read and discovery commands replayed against the sandbox', () => {
  let sbx: TestSandbox;
  const as = sessions(() => sbx);
  before(async () => {
    sbx = await startTestSandbox();
  });
  after(async () => {
    await sbx.close();
  });

  for (const r of READS) {
    test(`${r.command}: ${r.method} ${r.path}`, async () => {
      await replay(as('owner'), r);
    });
  }

  test('deployment flows name one step per environment; a deploy reply names that step and code 0', async () => {
    const flows = (await replay(as('owner'), READS[1] as Replay)).json as {
      flows: Array<{
        id: string;
        steps: Array<{ id: string; environments: Array<{ geographies: Array<{ id: string }> }> }>;
      }>;
    };
    const flow = flows.flows.find((f) => f.id === '1');
    const prodStep = flow?.steps.find((s) => s.environments[0]?.geographies.some((g) => g.id === '302'));
    assert.ok(prodStep, JSON.stringify(flows));
    // mix-cli app-configs:deploy: PUT /v4/app-configs/{id}/.deploy?environmentGeographyIds=… with body {} (app-configs-test-data.ts `deploy`).
    const res = await replay(as('owner'), {
      command: 'app-configs:deploy',
      method: 'PUT',
      path: '/v4/app-configs/801/.deploy',
      query: { environmentGeographyIds: '302' },
      body: {},
      reads: [
        'deployments[].id',
        'deployments[].configId',
        'deployments[].approved',
        'deployments[].promotionFlowStepId',
        'deployments[].code',
        'deployments[].comment',
      ],
    });
    const d = (res.json as { deployments: Array<{ promotionFlowStepId: string; code: number }> }).deployments[0];
    assert.equal(d?.promotionFlowStepId, prodStep.id);
    assert.equal(d?.code, 0);
  });

  test("applications:get finds an application by id in the caller's organizations; a name still matches", async () => {
    const byId = (await replay(as('owner'), READS.find((r) => r.command === 'applications:get') as Replay)).json as {
      applications: Array<{ id: string }>;
    };
    assert.deepEqual(
      byId.applications.map((a) => a.id),
      ['501'],
    );
    const byName = (await as('owner')('GET', '/v4/apps?orgId=1&filter=NLU%20Service')).json as {
      applications: Array<{ id: string }>;
    };
    assert.deepEqual(
      byName.applications.map((a) => a.id),
      ['502'],
    );
    // Application 503 belongs to organization 2: the owner's lookup does not reach it; a plain list still needs orgId.
    assert.deepEqual(
      ((await as('owner')('GET', '/v4/apps?filter=503&view=AV_FULL')).json as { applications: unknown[] }).applications,
      [],
    );
    assert.equal((await as('owner')('GET', '/v4/apps?view=AV_FULL')).status, 400);
  });

  test('sortBy orders project and job lists; organizations honour type; a bad sort field is a 400 naming the fields', async () => {
    const ids = async (q: string): Promise<string[]> =>
      ((await as('ps')('GET', `/v4/projects?${q}`)).json as { projects: Array<{ id: string }> }).projects.map(
        (p) => p.id,
      );
    const asc = await ids('sortBy=%2Bid');
    assert.ok(asc.length >= 2);
    assert.deepEqual(await ids('sortBy=-id'), [...asc].reverse());
    const bad = await as('ps')('GET', '/v4/projects?sortBy=-colour');
    assert.equal(bad.status, 400);
    assert.match((bad.json as { message: string }).message, /sortBy.*id, displayName/);
    for (const v of ['4.8.0', '4.8.1'])
      assert.equal(
        (await as('owner')('PUT', '/v4/projects/1001/.datapack', { locale: 'en-US', version: v })).status,
        200,
      );
    const jobTimes = async (sort: string): Promise<string[]> =>
      (
        (await as('owner')('GET', `/v4/projects/1001/jobs?sortBy=${encodeURIComponent(sort)}`)).json as {
          jobs: Array<{ createTime: string; id: string }>;
        }
      ).jobs.map((j) => `${j.createTime}|${j.id}`);
    const up = await jobTimes('+createTime,+id');
    assert.equal(up.length, 3, 'the seeded build job and the two datapack updates');
    assert.deepEqual(await jobTimes('-createTime,-id'), [...up].reverse());
    const personal = (await as('owner')('GET', '/v4/organizations?type=PERSONAL')).json as { organizations: unknown[] };
    assert.deepEqual(personal.organizations, []);
    const standard = (await as('owner')('GET', '/v4/organizations?type=STANDARD&view=FULL')).json as {
      organizations: Array<{ type: string; members: Array<{ email: string; role: string }> }>;
    };
    assert.ok(standard.organizations.length > 0 && standard.organizations.every((o) => o.type === 'STANDARD'));
    assert.ok(standard.organizations[0]?.members.some((m) => m.role === 'Owner' && m.email.includes('@')));
    const short = (await as('owner')('GET', '/v4/organizations')).json as {
      organizations: Array<Record<string, unknown>>;
    };
    assert.equal(short.organizations[0]?.members, undefined);
  });

  test('discovery endpoints keep organization visibility: unknown organization 404, a non-member 403', async () => {
    assert.equal((await as('owner')('GET', '/v4/organizations/999/deployment-flows')).status, 404);
    assert.equal((await as('outsider')('GET', '/v4/organizations/1/environments')).status, 403);
    assert.equal((await as('owner')('GET', '/v4/builds/NLU_9999_1/data-hosts?applicationId=501')).status, 404);
    assert.equal((await as('owner')('GET', '/v4/builds/DIALOG_1001_1/data-hosts')).status, 400);
  });

  test('environments:list -O 2 and engine-packs:list -O 2 answer 403 to a non-member, as GET /v4/apps?orgId=2 does', async () => {
    // Issue 26: they answered 404 for an organization the caller is not a member of (and sees no project of), where
    // the applications list answers 403 and docs/platform-notes.md says 403 for the organization endpoints.
    const owner = as('owner');
    const apps = await owner('GET', '/v4/apps?orgId=2&limit=25&offset=0');
    assert.equal(apps.status, 403);
    for (const path of [
      '/v4/organizations/2/environments?limit=25&offset=0',
      '/v4/organizations/2/engine-packs',
      '/v4/organizations/2/deployment-flows',
    ]) {
      const r = await owner('GET', path);
      assert.equal(r.status, 403, `${path}: ${JSON.stringify(r.json)}`);
      assert.match(JSON.stringify(r.json), /not a member of organization 2/);
    }
    assert.equal(
      (await owner('GET', '/v4/organizations/999/engine-packs')).status,
      404,
      'an unknown organization stays 404',
    );
  });
});
