// mix-cli's file, build and configuration commands replayed against the sandbox: builds (body of
// projects-helpers.ts buildProjectsBuildBody, `modelType: ""` when no flag is given), exports and imports
// (field "file"), grammars (staff), app configurations (create with `builds: {}`, upgrade = override with
// `latest=true`), env configs (a JSON string body) and the OAuth token the `auth` command fetches.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readZip, writeZip } from '../../../../src/core/package/zip';
import { startTestSandbox, type TestSandbox } from '../../helpers/sandbox';
import { multipartBody, tokenResponse } from '../../helpers/sandboxHttp';
import { sessions, type UserCall } from '../../helpers/sandboxSession';
import { assertReads, replay, target, type Replay } from './replay';

interface Job {
  id: string;
  status: string;
  report: Record<string, unknown>;
}

describe('mix-cli file, build and configuration commands replayed against the sandbox', () => {
  let sbx: TestSandbox;
  const as = sessions(() => sbx);
  const waitJob = async (project: string, id: string): Promise<Job> => {
    for (let i = 0; i < 400; i++) {
      const job = (await as('owner')('GET', `/v4/projects/${project}/jobs/${id}`)).json as Job;
      if (job.status !== 'RUNNING') return job;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`job ${id} did not finish`);
  };
  const upload = async (call: UserCall, r: Replay, fileName: string, data: Uint8Array): Promise<unknown> => {
    const { body, contentType } = multipartBody('file', fileName, data, 'application/octet-stream');
    const res = await call(r.method, target(r.path, r.query), undefined, {
      body,
      headers: { 'content-type': contentType },
    });
    assert.equal(res.status, 200, `${r.command}: ${res.status} ${res.text}`);
    assertReads(res, r);
    return res.json;
  };
  const download = async (
    call: UserCall,
    command: string,
    path: string,
    query?: Replay['query'],
  ): Promise<Map<string, Uint8Array>> => {
    const res = await call('GET', target(path, query));
    assert.equal(res.status, 200, `${command}: ${res.status} ${res.text}`);
    assert.match(String(res.headers['content-disposition']), /attachment; filename="/, command);
    return res.headers['content-type'] === 'application/json' ? new Map() : await readZip(res.bytes);
  };

  before(async () => {
    sbx = await startTestSandbox({ jobDurationMs: 50 });
  });
  after(async () => {
    await sbx.close();
  });

  test('auth: the client-credentials token (scope mix-api)', async () => {
    const res = await tokenResponse(sbx, sbx.client('owner'), 'mix-api');
    assert.equal(res.status, 200, res.text);
    for (const f of ['access_token', 'token_type', 'expires_in'])
      assert.notEqual((res.json as Record<string, unknown>)[f], undefined);
  });

  test('projects:build, then builds:export and builds:destroy of what it made', async () => {
    const started = await replay(as('owner'), {
      command: 'projects:build',
      method: 'POST',
      path: '/v4/projects/1001/.build',
      body: {
        asr: { notes: '' },
        nlu: { notes: '', settings: { modelType: '' } },
        dialog: { notes: '' },
        locales: ['en-US'],
      },
      reads: ['id', 'type', 'status'],
    });
    const job = await waitJob('1001', (started.json as Job).id);
    assert.notEqual(job.status, 'FAILED', JSON.stringify(job.report));
    const latest = (
      await replay(as('owner'), {
        command: 'builds:latest',
        method: 'GET',
        path: '/v4/projects/1001/builds/.latest',
        reads: ['models.nlu.builds[].buildLabel'],
      })
    ).json as { models: { nlu: { builds: Array<{ buildLabel: string }> } } };
    const label = latest.models.nlu.builds[0]?.buildLabel ?? '';
    assert.ok((await download(as('owner'), 'builds:export', `/v4/builds/${label}/.download`)).has('manifest.json'));
    await replay(as('owner'), {
      command: 'builds:destroy',
      method: 'DELETE',
      path: `/v4/builds/${label}`,
      reads: ['code'],
    });
  });

  test('projects:export, ontology:export/import, literals:export/import, samples:export', async () => {
    assert.ok((await download(as('owner'), 'projects:export', '/v4/projects/1001/.export')).has('metadata.json'));
    await download(as('owner'), 'projects:export --metadata-only', '/v4/projects/1001/metadata/.export');
    const ontology = await download(as('owner'), 'ontology:export', '/v4/projects/1001/ontology/.export', {
      locales: 'en-US',
    });
    const onlyTrsx = new Map([...ontology].filter(([name]) => name.endsWith('.trsx')));
    const imported = (await upload(
      as('owner'),
      {
        command: 'ontology:import',
        method: 'PUT',
        path: '/v4/projects/1001/ontology/.append',
        reads: ['id', 'status'],
      },
      '/home/me/ontology.zip',
      await writeZip(onlyTrsx),
    )) as Job;
    assert.equal((await waitJob('1001', imported.id)).status, 'COMPLETED');
    const literals = await download(
      as('owner'),
      'literals:export',
      '/v4/projects/1001/entities/COFFEE_TYPE/literals/.export',
      { locales: 'en-US' },
    );
    assert.ok(literals.has('en-US.trsx'));
    const list = new TextEncoder().encode('flat white|FLAT_WHITE\n');
    const lit = (await upload(
      as('owner'),
      {
        command: 'literals:import',
        method: 'PUT',
        path: '/v4/projects/1001/entities/COFFEE_TYPE/literals/.append',
        query: { locale: 'en-US' },
        reads: ['id'],
      },
      '/home/me/coffee.nmlist',
      list,
    )) as Job;
    assert.equal((await waitJob('1001', lit.id)).status, 'COMPLETED');
    await download(as('owner'), 'samples:export', '/v4/projects/1001/intents/ORDER_COFFEE/samples/.export', {
      locales: 'en-US',
    });
  });

  test('grammars:export and grammars:replace (professional services); the reply names localeBasedGrammars', async () => {
    const grammars = await download(
      as('ps'),
      'grammars:export',
      '/v4/projects/1001/entities/PICKUP_TIME/grammars/.export',
    );
    assert.ok(grammars.size > 0);
    await upload(
      as('ps'),
      {
        command: 'grammars:replace',
        method: 'POST',
        path: '/v4/projects/1001/entities/PICKUP_TIME/grammars/.replace',
        reads: ['entity.ruleBasedEntity.name', 'entity.ruleBasedEntity.localeBasedGrammars.en-US'],
      },
      '/home/me/grammars.zip',
      await writeZip(grammars),
    );
  });

  test('app-configs:create, upgrade, deploy, undeploy, export and destroy; bot-interfaces:export', async () => {
    const created = await replay(as('owner'), {
      command: 'app-configs:create',
      method: 'POST',
      path: '/v4/apps/501/app-configs',
      query: { useLatestFromProject: '1001' },
      body: { dataHosts: [], deploymentFlowId: '1', tag: 'REPLAY_TAG', builds: {} },
      reads: ['config.id', 'config.tag', 'config.builds'],
    });
    const configId = (created.json as { config: { id: string } }).config.id;
    const upgraded = await replay(as('owner'), {
      command: 'app-configs:upgrade',
      method: 'POST',
      path: `/v4/app-configs/${configId}/.override`,
      query: { latest: 'true' },
      body: { dataHosts: [], builds: {} },
      reads: ['config.id', 'config.parentId', 'config.deploymentFlowId'],
    });
    const newId = (upgraded.json as { config: { id: string } }).config.id;
    await replay(as('owner'), {
      command: 'app-configs:deploy',
      method: 'PUT',
      path: `/v4/app-configs/${newId}/.deploy`,
      body: {},
      reads: ['deployments[].promotionFlowStepId', 'deployments[].code'],
    });
    await download(as('owner'), 'app-configs:export', `/v4/app-configs/${newId}/.download`);
    await replay(as('owner'), {
      command: 'app-configs:undeploy',
      method: 'PUT',
      path: `/v4/app-configs/${newId}/.undeploy`,
      body: {},
      reads: ['undeployments[].configId', 'undeployments[].code', 'undeployments[].message'],
    });
    await replay(as('owner'), { command: 'app-configs:destroy', method: 'DELETE', path: `/v4/app-configs/${newId}` });
    await replay(as('owner'), {
      command: 'bot-interfaces:export',
      method: 'GET',
      path: '/v4/bots/501/configs/801/interface',
      reads: ['interface.variables[]'],
    });
  });

  test('env-configs:configure and destroy (a JSON string body; geography calls carry projectId)', async () => {
    const setDefault = await as('owner')('PUT', '/v4/projects/1001/env-configs/GRAMMAR_BASE_PATH', undefined, {
      body: '"https://grammars.example/base"',
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(setDefault.status, 200, setDefault.text);
    const geo = await as('owner')(
      'PUT',
      '/v4/environments/1/geographies/301/configs/GRAMMAR_BASE_PATH?projectId=1001',
      undefined,
      { body: '"https://grammars.example/us"', headers: { 'content-type': 'application/json' } },
    );
    assert.equal(geo.status, 200, geo.text);
    await replay(as('owner'), {
      command: 'env-configs:destroy',
      method: 'DELETE',
      path: '/v4/environments/1/geographies/301/configs/GRAMMAR_BASE_PATH',
      query: { projectId: '1001' },
      reads: ['code'],
    });
    await replay(as('owner'), {
      command: 'env-configs:destroy',
      method: 'DELETE',
      path: '/v4/projects/1001/env-configs/GRAMMAR_BASE_PATH',
      reads: ['code'],
    });
  });

  test('jobs:cancel deletes a job record', async () => {
    const started = (await as('owner')('PUT', '/v4/projects/1001/.datapack', { locale: 'en-US', version: '4.8.0' }))
      .json as Job;
    await replay(as('owner'), {
      command: 'jobs:cancel',
      method: 'DELETE',
      path: `/v4/projects/1001/jobs/${started.id}`,
      reads: ['code', 'message'],
    });
  });
});
