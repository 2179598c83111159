// Projects and organizations over real HTTP: lists, create (child-data rule, validation), get, rename,
// delete, roles and visibility.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox';
import { send, token, type RawResponse } from '../helpers/sandboxHttp';

interface Project {
  id: string;
  orgId: string;
  displayName: string;
  languages: string[];
  channels: Array<{ channel: { id: string; modes: string[]; color: string; codeName: string }; isActive: boolean }>;
  datapacks: unknown[];
  createTime: string;
}

describe('sandbox projects and organizations', () => {
  let sbx: TestSandbox;
  const tokens = new Map<string, string>();
  const as =
    (key: string) =>
    async (method: string, path: string, json?: unknown): Promise<RawResponse> => {
      if (!tokens.has(key)) tokens.set(key, await token(sbx, sbx.client(key)));
      return send(sbx, method, path, { token: tokens.get(key), json });
    };
  const message = (r: RawResponse): string => (r.json as { message: string }).message;
  const newProject = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
    displayName: 'Pizza Bot',
    languages: ['en-US'],
    languageTopic: 'gen',
    isChildDataCompliant: 'NO',
    channels: [{ displayName: 'IVR', modes: ['AUDIO_SCRIPT', 'DTMF'], color: 'BLUE' }],
    ...over,
  });

  before(async () => {
    sbx = await startTestSandbox();
  });
  after(async () => {
    await sbx.close();
  });

  test('organizations: members see theirs, project members see the organization too, staff see all', async () => {
    const ids = async (key: string): Promise<string[]> =>
      ((await as(key)('GET', '/v4/organizations')).json as { organizations: Array<{ id: string }> }).organizations.map(
        (o) => o.id,
      );
    const owner = await as('owner')('GET', '/v4/organizations');
    assert.deepEqual(owner.json, {
      organizations: [{ id: '1', displayName: 'Demo Coffee Co.', type: 'STANDARD' }],
      count: 1,
      totalSize: 1,
      limit: 100,
      offset: 0,
    });
    assert.deepEqual(await ids('outsider'), ['1', '2']);
    assert.deepEqual(await ids('ps'), ['1', '2']);
    assert.deepEqual(await ids('viewer'), ['1']);
  });

  test('the seeded project has the real wire shape', async () => {
    const res = await as('viewer')('GET', '/v4/projects/1001');
    assert.equal(res.status, 200);
    const p = (res.json as { project: Project }).project;
    assert.equal(p.id, '1001');
    assert.equal(p.orgId, '1');
    assert.equal(p.displayName, 'Coffee Shop');
    assert.deepEqual(p.languages, ['en-US', 'fr-CA']);
    assert.equal(p.channels.length, 2);
    assert.match(p.channels[0]?.channel.id ?? '', /^[0-9a-f]{8}-[0-9a-f]{4}-4/);
    assert.deepEqual(p.channels[0]?.channel.modes, ['AUDIO_SCRIPT', 'DTMF', 'TTS']);
    assert.equal(p.channels[0]?.isActive, true);
    for (const key of ['datapacks', 'baseDatapack', 'languageTopic', 'createTime', 'updateTime'])
      assert.ok(key in p, key);
  });

  test('visibility: an outsider gets 404 for org projects but sees the project it is a member of', async () => {
    const hidden = await as('outsider')('GET', '/v4/projects/1001');
    assert.equal(hidden.status, 404);
    assert.equal(message(hidden), 'Project 1001 not found.');
    assert.equal((await as('outsider')('GET', '/v4/projects/999999')).status, 404);
    assert.equal((await as('outsider')('GET', '/v4/projects/1002')).status, 200);
    const list = await as('outsider')('GET', '/v4/projects');
    assert.deepEqual(
      (list.json as { projects: Project[] }).projects.map((p) => p.id),
      ['1002', '1003'],
    );
    const inOrg = await as('outsider')('GET', '/v4/organizations/1/projects');
    assert.deepEqual(
      (inOrg.json as { projects: Project[] }).projects.map((p) => p.id),
      ['1002'],
    );
    assert.equal((await as('viewer')('GET', '/v4/organizations/2/projects')).status, 404);
  });

  test('the extended list pages, filters and names the organization', async () => {
    const page = await as('ps')('GET', '/v4/projects?limit=2&offset=1');
    const body = page.json as {
      projects: Array<Project & { orgDisplayName: string }>;
      count: number;
      totalSize: number;
      limit: number;
      offset: number;
    };
    assert.equal(body.totalSize >= 3, true);
    assert.equal(body.count, 2);
    assert.equal(body.limit, 2);
    assert.equal(body.offset, 1);
    assert.equal(body.projects[0]?.id, '1002');
    assert.equal(body.projects[0]?.orgDisplayName, 'Demo Coffee Co.');
    const filtered = await as('owner')('GET', '/v4/projects?filter=Coffee');
    assert.deepEqual(
      (filtered.json as { projects: Project[] }).projects.map((p) => p.id),
      ['1001'],
    );
    assert.equal((await as('owner')('GET', '/v4/projects?limit=-1')).status, 400);
  });

  test('create: Owner and Admin may, Viewer may not; the reply wraps the project', async () => {
    const created = await as('admin')('POST', '/v4/organizations/1/projects', newProject());
    assert.equal(created.status, 200);
    const p = (created.json as { project: Project }).project;
    assert.match(p.id, /^\d+$/);
    assert.equal(p.orgId, '1');
    assert.equal(p.channels[0]?.channel.color, 'BLUE');
    assert.equal(p.channels[0]?.channel.codeName, 'IVR');
    assert.equal((await as('owner')('GET', `/v4/projects/${p.id}`)).status, 200);
    const viewer = await as('viewer')('POST', '/v4/organizations/1/projects', newProject());
    assert.equal(viewer.status, 403);
    assert.match(message(viewer), /Viewer role/);
    // The outsider sees organization 1 (through its project membership) but has no role in it.
    assert.equal((await as('outsider')('POST', '/v4/organizations/1/projects', newProject())).status, 403);
    assert.equal((await as('viewer')('POST', '/v4/organizations/2/projects', newProject())).status, 404);
  });

  test('child-data rule: YES needs a description; unknown values are refused', async () => {
    const before = await as('owner')('GET', '/v4/organizations/1/projects');
    const yes = await as('owner')('POST', '/v4/organizations/1/projects', newProject({ isChildDataCompliant: 'YES' }));
    assert.equal(yes.status, 400);
    assert.match(message(yes), /projectDescription/);
    const odd = await as('owner')(
      'POST',
      '/v4/organizations/1/projects',
      newProject({ isChildDataCompliant: 'MAYBE' }),
    );
    assert.equal(odd.status, 400);
    assert.match(message(odd), /isChildDataCompliant.*"MAYBE"/);
    const { isChildDataCompliant: _omitted, ...withoutCompliance } = newProject({});
    const missing = await as('owner')('POST', '/v4/organizations/1/projects', withoutCompliance);
    assert.equal(missing.status, 400);
    assert.equal(message(missing), 'Field "isChildDataCompliant" is missing; give one of: YES, NO.');
    const ok = await as('owner')(
      'POST',
      '/v4/organizations/1/projects',
      newProject({ isChildDataCompliant: 'YES', projectDescription: 'A pizza ordering bot for adults.' }),
    );
    assert.equal(ok.status, 200);
    const after = await as('owner')('GET', '/v4/organizations/1/projects');
    assert.equal((after.json as { totalSize: number }).totalSize, (before.json as { totalSize: number }).totalSize + 1);
  });

  test('bad create requests get 400 with a message and change nothing', async () => {
    const count = async (): Promise<number> =>
      ((await as('owner')('GET', '/v4/projects')).json as { totalSize: number }).totalSize;
    const start = await count();
    const bad: Array<[unknown, RegExp]> = [
      [newProject({ displayName: 42 }), /displayName.*string/],
      [newProject({ displayName: '   ' }), /blank/],
      [newProject({ displayName: 'a\nb' }), /control character/],
      [newProject({ languages: 'en-US' }), /languages.*array/],
      [newProject({ languages: [] }), /at least one locale/],
      [newProject({ languages: ['english'] }), /locale like "en-US"/],
      [newProject({ channels: [{ displayName: 'X', modes: ['SMOKE_SIGNALS'] }] }), /modes\[0\].*"SMOKE_SIGNALS"/],
      [newProject({ channels: [{ displayName: 'X', modes: ['DTMF'], color: 'OCTARINE' }] }), /color.*"OCTARINE"/],
      [newProject({ channels: [{ displayName: 'X', modes: [] }] }), /at least one mode/],
      [[1, 2], /JSON object/],
    ];
    for (const [body, re] of bad) {
      const res = await as('owner')('POST', '/v4/organizations/1/projects', body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.match(message(res), re);
      assert.equal((res.json as { code: number }).code, 3);
    }
    const malformed = await send(sbx, 'POST', '/v4/organizations/1/projects', {
      token: tokens.get('owner'),
      body: '{"displayName": ',
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(malformed.status, 400);
    assert.match(message(malformed), /not valid JSON/);
    assert.equal(await count(), start);
  });

  test('rename: Owner only; names with / % ? # and Unicode survive; bad names change nothing', async () => {
    const created = (
      await as('owner')('POST', '/v4/organizations/1/projects', newProject({ displayName: 'Renamable' }))
    ).json as { project: Project };
    const id = created.project.id;
    const admin = await as('admin')('PUT', `/v4/projects/${id}/.rename`, { displayName: 'Nope' });
    assert.equal(admin.status, 403);
    assert.match(message(admin), /Admin role.*rename the project/);
    const name = 'Café/Bar 100% ?#☕ 日本';
    const renamed = await as('owner')('PUT', `/v4/projects/${id}/.rename`, { displayName: name });
    assert.equal(renamed.status, 200);
    assert.deepEqual(renamed.json, { displayName: name });
    const bad = await as('owner')('PUT', `/v4/projects/${id}/.rename`, { displayName: ['x'] });
    assert.equal(bad.status, 400);
    const got = (await as('viewer')('GET', `/v4/projects/${id}`)).json as { project: Project };
    assert.equal(got.project.displayName, name);
  });

  test('delete: Admin and Viewer get 403, the Owner deletes, then 404', async () => {
    const id = (
      (await as('owner')('POST', '/v4/organizations/1/projects', newProject({ displayName: 'Doomed' }))).json as {
        project: Project;
      }
    ).project.id;
    assert.equal((await as('admin')('DELETE', `/v4/projects/${id}`)).status, 403);
    assert.equal((await as('viewer')('DELETE', `/v4/projects/${id}`)).status, 403);
    const res = await as('owner')('DELETE', `/v4/projects/${id}`);
    assert.equal(res.status, 200);
    assert.deepEqual(res.json, { code: 0, message: `Project ${id} deleted.`, details: [] });
    assert.equal((await as('owner')('GET', `/v4/projects/${id}`)).status, 404);
    assert.equal((await as('owner')('DELETE', `/v4/projects/${id}`)).status, 404);
  });

  test('professional-services users act as Owner on any project', async () => {
    const id = (
      (await as('admin')('POST', '/v4/organizations/1/projects', newProject({ displayName: 'PS target' }))).json as {
        project: Project;
      }
    ).project.id;
    assert.equal((await as('ps')('PUT', `/v4/projects/${id}/.rename`, { displayName: 'PS renamed' })).status, 200);
    assert.equal((await as('globalAdmin')('DELETE', `/v4/projects/${id}`)).status, 200);
  });
});
