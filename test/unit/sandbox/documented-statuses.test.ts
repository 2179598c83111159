// Documented statuses that the per-family suites do not reach on their own (npm run conformance lists
// every endpoint's documented statuses; these close the gaps it showed).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox';
import { messageOf, sessions, type UserCall } from '../helpers/sandboxSession';

let sb: TestSandbox;
let owner: UserCall;
before(async () => {
  sb = await startTestSandbox({ featuresOff: [] });
  owner = sessions(() => sb)('owner');
});
after(async () => {
  await sb.close();
});

describe('GET /v4/projects', () => {
  test('404 when the orgId filter names an organization the caller cannot see', async () => {
    const res = await owner('GET', '/v4/projects?orgId=999999');
    assert.equal(res.status, 404);
    const ok = await owner('GET', '/v4/projects?orgId=1');
    assert.equal(ok.status, 200);
  });
});

describe('PUT /v4/projects/{projectId}/.unlock', () => {
  test('404 for an unknown project', async () => {
    const res = await owner('PUT', '/v4/projects/999999/.unlock');
    assert.equal(res.status, 404);
    assert.match(messageOf(res), /999999/);
  });
});

describe('PUT /v4/projects/{projectId}/channels/{channelId}/.deactivate', () => {
  test('400 "project not found" for an unknown project, as the spec documents', async () => {
    const res = await owner('PUT', '/v4/projects/999999/channels/00000000-0000-4000-8000-000000000000/.deactivate');
    assert.equal(res.status, 400);
    assert.match(messageOf(res), /not found/i);
  });
});

describe('POST /v4/projects/{projectId}/intents', () => {
  test('404 for an unknown project (rule 2)', async () => {
    const res = await owner('POST', '/v4/projects/999999/intents', { intentName: 'ORDER' });
    assert.equal(res.status, 404);
  });
});

describe('GET /v4/ontology/entity-types', () => {
  test('200 with every kind, a type filter narrows it, an unknown type is 400', async () => {
    const all = await owner('GET', '/v4/ontology/entity-types');
    assert.equal(all.status, 200);
    const names = (all.json as { entityTypes: Array<{ name: string }> }).entityTypes.map((t) => t.name);
    assert.ok(names.includes('LIST') && names.includes('REGEX'));
    const one = await owner('GET', '/v4/ontology/entity-types?type=REGEX');
    assert.deepEqual(
      (one.json as { entityTypes: Array<{ name: string }> }).entityTypes.map((t) => t.name),
      ['REGEX'],
    );
    const bad = await owner('GET', '/v4/ontology/entity-types?type=SPARKLY');
    assert.equal(bad.status, 400);
    assert.match(messageOf(bad), /SPARKLY/);
  });

  test('501 where the platform has the feature off', async () => {
    await sb.restart({ featuresOff: ['entity-types'] });
    const res = await owner('GET', '/v4/ontology/entity-types');
    assert.equal(res.status, 501);
    assert.match(messageOf(res), /not enabled/);
    await sb.restart({ featuresOff: [] });
  });
});
