// The discovery client over HTTP against the sandbox (issue 16): deployment flows, environments, geographies,
// data hosts, version, engine packs, language topics, voices and data types, with the platform's errors.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { PlatformClient } from '../../../src/core/platform/client';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../../src/core/platform/errors';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox';
import { clientFor, rejectsWith } from './support';

let sbx: TestSandbox;
let owner: PlatformClient;
let outsider: PlatformClient;

before(async () => {
  sbx = await startTestSandbox();
  owner = clientFor(sbx, 'owner');
  outsider = clientFor(sbx, 'outsider');
});
after(async () => {
  await Promise.all([owner.close(), outsider.close()]);
  await sbx.close();
});

describe('platform client: discovery', () => {
  test('flows name their steps and environments; environments and geographies list the same places', async () => {
    const flows = await owner.discovery.deploymentFlows('1');
    const flow = flows.find((f) => f.id === '1');
    assert.deepEqual(
      flow?.steps.map((s) => s.environments[0]?.displayName),
      ['Sandbox', 'Production'],
    );
    const envs = await owner.discovery.environments('1');
    assert.deepEqual(envs.flatMap((e) => e.geographies.map((g) => g.id)).sort(), ['301', '302', '303']);
    const geos = await owner.discovery.geographies();
    assert.deepEqual(
      geos.map((g) => g.displayName).sort(),
      envs.flatMap((e) => e.geographies.map((g) => g.geography.displayName)).sort(),
    );
    await rejectsWith(owner.discovery.deploymentFlows('999'), NotFoundError);
    await rejectsWith(outsider.discovery.environments('1'), ForbiddenError);
  });

  test("data hosts: the dialog's default per geography until a configuration sets one; latest follows the project", async () => {
    const hosts = await owner.discovery.dataHosts('DIALOG_1001_1', '501', { deploymentFlowId: '1' });
    assert.ok(hosts.length >= 3 && hosts.every((h) => h.alias === 'ORDER_API'));
    const set = hosts.find((h) => h.environmentGeographyId === '301');
    assert.notEqual(set?.id, '', 'configuration 801 stores the Sandbox US value');
    assert.deepEqual(
      (await owner.discovery.latestDataHosts('501', '1001')).map((h) => h.environmentGeographyId).sort(),
      hosts.map((h) => h.environmentGeographyId).sort(),
    );
    await rejectsWith(owner.discovery.dataHosts('DIALOG_1001_1', '501', { deploymentFlowId: '77' }), BadRequestError);
  });

  test('version, engine packs, language topics, voices and data types', async () => {
    assert.equal((await owner.discovery.version()).apiVersion, 'v4');
    const packs = await owner.discovery.enginePacks('1');
    const project = await owner.projects.create('1', {
      displayName: 'Engine pack',
      languages: ['en-US'],
      isChildDataCompliant: 'NO',
    });
    const raw = await owner.request<{ project: { enginePackId: string } }>({
      method: 'GET',
      path: `/v4/projects/${project.id}`,
    });
    assert.equal(
      raw.project.enginePackId,
      packs[0]?.enginePackId,
      'a new project gets the engine pack the platform lists',
    );
    assert.ok((await owner.discovery.languageTopics('1')).some((t) => t.name === 'gen'));
    assert.ok((await owner.discovery.voices('1')).length > 0);
    const types = await owner.discovery.dataTypes();
    const yesNo = types.find((t) => t.name === 'YES_NO') as
      | { compatibleEntityTypes?: Array<{ name: string }> }
      | undefined;
    assert.ok(yesNo?.compatibleEntityTypes?.some((e) => e.name === 'LIST'));
    assert.ok(
      !yesNo?.compatibleEntityTypes?.some((e) => e.name === 'REGEX'),
      'regex entities do not take YES_NO (entity-types list)',
    );
  });
});
