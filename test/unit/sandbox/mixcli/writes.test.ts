// mix-cli's write commands replayed against the sandbox (issue 16, items 1, 5, 6, 7): bodies as its
// src/mix/api/utils/*-helpers.ts build them, uploads as its create-form.ts sends them (field "file", the
// file name being the whole local path), replies checked for the fields its commands and fixtures use.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readZip, writeZip } from '../../../../src/core/package/zip';
import { startTestSandbox, type TestSandbox } from '../../helpers/sandbox';
import { multipartBody, type RawResponse } from '../../helpers/sandboxHttp';
import { messageOf, sessions, type UserCall } from '../../helpers/sandboxSession';
import { assertReads, replay, target, type Replay } from './replay';

interface Job {
  id: string;
  status: string;
  report: Record<string, unknown>;
}

describe('mix-cli write commands replayed against the sandbox', () => {
  let sbx: TestSandbox;
  const as = sessions(() => sbx);
  let projectId = '';
  let channelId = '';

  const upload = async (call: UserCall, r: Replay, fileName: string, data: Uint8Array): Promise<RawResponse> => {
    const { body, contentType } = multipartBody('file', fileName, data, 'application/octet-stream');
    const res = await call(r.method, target(r.path, r.query), undefined, {
      body,
      headers: { 'content-type': contentType },
    });
    assert.equal(res.status, 200, `${r.command}: ${res.status} ${res.text}`);
    assertReads(res, r);
    return res;
  };
  const waitJob = async (project: string, id: string): Promise<Job> => {
    for (let i = 0; i < 400; i++) {
      const job = (await as('owner')('GET', `/v4/projects/${project}/jobs/${id}`)).json as Job;
      if (job.status !== 'RUNNING') return job;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`job ${id} did not finish`);
  };

  before(async () => {
    sbx = await startTestSandbox({ jobDurationMs: 50 });
  });
  after(async () => {
    await sbx.close();
  });

  test('projects:create with channels (projects-helpers.ts buildProjectsCreateBody), then the channel commands', async () => {
    const created = await replay(as('owner'), {
      command: 'projects:create',
      method: 'POST',
      path: '/v4/organizations/1/projects',
      body: {
        displayName: 'Replay',
        languages: ['en-US'],
        languageTopic: 'gen',
        channels: [{ displayName: 'Omni', color: 'PURPLE', modes: ['DTMF', 'TTS'] }],
        isChildDataCompliant: 'NO',
      },
      reads: ['project.id', 'project.displayName', 'project.channels[].channel.id'],
    });
    projectId = (created.json as { project: { id: string } }).project.id;
    // channels-test-data.ts: the create reply carries extendedChannel with {mode, isActive} per mode.
    const channel = await replay(as('owner'), {
      command: 'channels:create',
      method: 'POST',
      path: `/v4/projects/${projectId}/channels`,
      body: { displayName: 'New test channel', modes: ['DTMF', 'AUDIO_SCRIPT'], color: 'LIGHT_PINK' },
      reads: [
        'channel.id',
        'channel.codeName',
        'isActive',
        'extendedChannel.id',
        'extendedChannel.modes[].mode',
        'extendedChannel.modes[].isActive',
      ],
    });
    channelId = (channel.json as { channel: { id: string } }).channel.id;
    await replay(as('owner'), {
      command: 'channels:configure',
      method: 'PUT',
      path: `/v4/projects/${projectId}/.channel`,
      body: { channelId, modes: ['DTMF', 'TTS', 'RICH_TEXT'], color: 'LIGHT_PINK' },
      reads: ['channel.modes[]', 'extendedChannel.modes[].mode'],
    });
    await replay(as('owner'), {
      command: 'channels:rename',
      method: 'PUT',
      path: `/v4/projects/${projectId}/channels/${channelId}/.rename`,
      body: { displayName: 'renamed channel' },
      reads: ['displayName'],
    });
    await replay(as('owner'), {
      command: 'channels:deactivate',
      method: 'PUT',
      path: `/v4/projects/${projectId}/channels/${channelId}/.deactivate`,
      body: {},
      reads: ['code', 'message'],
    });
    await replay(as('owner'), {
      command: 'channels:activate',
      method: 'PUT',
      path: `/v4/projects/${projectId}/channels/${channelId}/.activate`,
      body: {},
      reads: ['code', 'message'],
    });
  });

  test('MODE_UNSPECIFIED, the one mode the spec shows, is accepted on create and kept as sent', async () => {
    const res = await as('owner')('POST', '/v4/organizations/1/projects', {
      displayName: 'Placeholder modes',
      languages: ['en-US'],
      isChildDataCompliant: 'NO',
      channels: [{ displayName: 'Web', modes: ['MODE_UNSPECIFIED'], color: 'COLOR_UNSPECIFIED' }],
    });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(
      (res.json as { project: { channels: Array<{ channel: { modes: string[] } }> } }).project.channels[0]?.channel
        .modes,
      ['MODE_UNSPECIFIED'],
    );
    assert.match(
      messageOf(
        await as('owner')('POST', `/v4/projects/${projectId}/channels`, { displayName: 'X', modes: ['VIDEO'] }),
      ),
      /MODE_UNSPECIFIED/,
    );
  });

  test('entities:create / configure (entities-helpers.ts buildEntityPayload): regex pattern+locale and relations resent are accepted', async () => {
    const p = `/v4/projects/${projectId}/entities`;
    await replay(as('owner'), {
      command: 'entities:create',
      method: 'POST',
      path: p,
      body: { listEntity: { data: {}, name: 'SIZE', settings: {} } },
      reads: ['entity.listEntity.id'],
    });
    await replay(as('owner'), {
      command: 'entities:create',
      method: 'POST',
      path: p,
      body: { regexEntity: { locale: 'en-US', name: 'ZIP', pattern: '[0-9]{5}', settings: { canonicalize: true } } },
      reads: ['entity.regexEntity.pattern'],
    });
    await replay(as('owner'), {
      command: 'entities:create',
      method: 'POST',
      path: p,
      body: { relationalEntity: { hasA: { entities: ['SIZE'] }, name: 'ORDER', settings: {} } },
      reads: ['entity.relationalEntity.hasA.entities[]'],
    });
    // configure sends the pattern and locale again (unchanged), with the settings that change.
    const zip = await replay(as('owner'), {
      command: 'entities:configure',
      method: 'PUT',
      path: `${p}/ZIP`,
      body: { regexEntity: { locale: 'en-US', pattern: '[0-9]{5}', settings: { isSensitive: true } } },
      reads: ['entity.regexEntity.settings.isSensitive'],
    });
    assert.equal(
      (zip.json as { entity: { regexEntity: { settings: { isSensitive: boolean }; pattern: string } } }).entity
        .regexEntity.settings.isSensitive,
      true,
    );
    const rel = await replay(as('owner'), {
      command: 'entities:configure',
      method: 'PUT',
      path: `${p}/ORDER`,
      body: { relationalEntity: { hasA: { entities: ['SIZE'] }, isA: 'ZIP', settings: {} } },
      reads: ['entity.relationalEntity.isA'],
    });
    assert.equal((rel.json as { entity: { relationalEntity: { isA: string } } }).entity.relationalEntity.isA, 'ZIP');
    // A changed pattern applies; only another kind (a type change) is refused.
    const changed = await as('owner')('PUT', `${p}/ZIP`, {
      regexEntity: { locale: 'en-US', pattern: '[0-9]{5}(-[0-9]{4})?', settings: {} },
    });
    assert.equal(
      (changed.json as { entity: { regexEntity: { pattern: string } } }).entity.regexEntity.pattern,
      '[0-9]{5}(-[0-9]{4})?',
    );
    assert.match(
      messageOf(await as('owner')('PUT', `${p}/ZIP`, { listEntity: { settings: {} } })),
      /type cannot change through an update/,
    );
    assert.match(
      messageOf(await as('owner')('PUT', `${p}/ZIP`, { regexEntity: { locale: 'de-DE', pattern: '[0-9]{5}' } })),
      /"locale".*en-US/,
    );
    assert.match(
      messageOf(await as('owner')('PUT', `${p}/ORDER`, { relationalEntity: { isA: 'ORDER' } })),
      /cycle|itself/,
    );
    await replay(as('owner'), {
      command: 'entities:rename',
      method: 'PUT',
      path: `${p}/SIZE/.rename`,
      body: { newEntityName: 'CUP_SIZE' },
      reads: ['entity.listEntity.name'],
    });
    await replay(as('owner'), {
      command: 'entities:convert',
      method: 'PUT',
      path: `${p}/ZIP/.type`,
      body: { newType: 'FREEFORM' },
      reads: ['entity.freeformEntity.name'],
    });
    await replay(as('owner'), { command: 'entities:destroy', method: 'DELETE', path: `${p}/ORDER`, reads: ['code'] });
  });

  test('intents:create replies with the whole intent (links); rename and destroy', async () => {
    const p = `/v4/projects/${projectId}/intents`;
    await replay(as('owner'), {
      command: 'intents:create',
      method: 'POST',
      path: p,
      body: { intentName: 'ORDER_DRINK' },
      reads: ['intent.id', 'intent.name', 'intent.isInBaseOntology', 'intent.links'],
    });
    await replay(as('owner'), {
      command: 'intents:rename',
      method: 'PUT',
      path: `${p}/ORDER_DRINK/.rename`,
      body: { newIntentName: 'ORDER_COFFEE' },
      reads: ['intent.name'],
    });
    const txt = new TextEncoder().encode('a latte please\na large mocha\n');
    const imported = await upload(
      as('owner'),
      {
        command: 'samples:import',
        method: 'PUT',
        path: `${p}/ORDER_COFFEE/samples/.append`,
        query: { locale: 'en-US' },
        reads: ['id', 'status'],
      },
      '/home/me/mix/samples.txt',
      txt,
    );
    assert.equal((await waitJob(projectId, (imported.json as Job).id)).status, 'COMPLETED');
    const exported = await as('owner')('GET', target(`${p}/ORDER_COFFEE/samples/.export`, { locales: 'en-US' }));
    assert.equal(exported.status, 200);
    await replay(as('owner'), { command: 'intents:destroy', method: 'DELETE', path: `${p}/ORDER_COFFEE` });
  });

  test('projects:configure (data pack) job report lines carry createTime; jobs:get reads them', async () => {
    const started = await replay(as('owner'), {
      command: 'projects:configure',
      method: 'PUT',
      path: `/v4/projects/${projectId}/.datapack`,
      body: { locale: 'en-US', version: '4.8.0' },
      reads: ['id', 'status', 'type'],
    });
    await waitJob(projectId, (started.json as Job).id);
    await replay(as('owner'), {
      command: 'jobs:get',
      method: 'GET',
      path: `/v4/projects/${projectId}/jobs/${(started.json as Job).id}`,
      reads: [
        'id',
        'status',
        'duration',
        'report.datapackReports.reports[].locale',
        'report.datapackReports.reports[].createTime',
      ],
    });
  });

  test('projects:replace by a regular user: restricted files skipped and listed, the rest replaced, the project keeps its own', async () => {
    const exported = await as('ps')('GET', '/v4/projects/1001/.export');
    const files = await readZip(exported.bytes);
    const before = files.get('en-US/_tmfe.tsv');
    assert.ok(before, 'the seed has a transformations file');
    files.set('en-US/_tmfe.tsv', Buffer.from('changed\tby owner\n'));
    files.set('dialog.json', Buffer.from('{"data":{"name":"replayed"}}\n'));
    const res = await upload(
      as('owner'),
      { command: 'projects:replace', method: 'POST', path: '/v4/projects/1001/.replace', reads: ['id'] },
      '/tmp/pkg.zip',
      await writeZip(files),
    );
    const job = await waitJob('1001', (res.json as Job).id);
    assert.equal(job.status, 'PARTIALLY_COMPLETED');
    const lines = (
      job.report.replaceReports as { reports: Array<{ locale: string; status: string; skippedFiles?: string[] }> }
    ).reports;
    const en = lines.find((l) => l.locale === 'en-US');
    assert.equal(en?.status, 'COMPLETED');
    assert.ok(en?.skippedFiles?.includes('en-US/_tmfe.tsv'), JSON.stringify(job.report));
    assert.ok(en?.skippedFiles?.includes('en-US/grammars/PICKUP_TIME.grxml'));
    const after = await readZip((await as('ps')('GET', '/v4/projects/1001/.export')).bytes);
    assert.equal(Buffer.from(after.get('dialog.json') ?? []).toString(), '{"data":{"name":"replayed"}}\n');
    assert.deepEqual(after.get('en-US/_tmfe.tsv'), before);
  });

  test('projects:lock, locks:get, locks:list (staff), projects:unlock, projects:rename, projects:destroy', async () => {
    await replay(as('owner'), {
      command: 'projects:lock',
      method: 'PUT',
      path: `/v4/projects/${projectId}/.lock`,
      body: { notes: 'replay' },
      reads: ['lock.lockId', 'lock.lockOwner.email', 'lock.notes'],
    });
    await replay(as('owner'), {
      command: 'locks:get',
      method: 'GET',
      path: `/v4/projects/${projectId}/.lock`,
      reads: ['lock.lockId', 'lock.createTime'],
    });
    await replay(as('ps'), {
      command: 'locks:list',
      method: 'GET',
      path: '/v4/projects/.locks',
      query: { limit: '25', offset: '0', sortBy: '-createTime' },
      reads: ['locks[].lockId', 'locks[].projectId', 'totalSize'],
    });
    await replay(as('owner'), {
      command: 'projects:unlock',
      method: 'PUT',
      path: `/v4/projects/${projectId}/.unlock`,
      body: {},
      reads: ['code', 'message'],
    });
    await replay(as('owner'), {
      command: 'projects:rename',
      method: 'PUT',
      path: `/v4/projects/${projectId}/.rename`,
      body: { displayName: 'Replayed' },
      reads: ['displayName'],
    });
    await replay(as('owner'), {
      command: 'projects:destroy',
      method: 'DELETE',
      path: `/v4/projects/${projectId}`,
      reads: ['code', 'message'],
    });
  });
});
