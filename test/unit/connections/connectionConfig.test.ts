import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  checkConnectionUrl,
  connectionIdFor,
  CONNECTION_PRESETS,
  normalizeUrl,
  readStoredConnections,
  toStoredConnection,
  validateConnection,
} from '../../../src/core/connections/connectionConfig';
import { trustedSettingValue } from '../../../src/core/connections/trustedSetting';

const valid = {
  name: 'US prod',
  baseUrl: 'https://mix.api.nuance.com',
  authUrl: 'https://auth.crt.nuance.com',
  logUrl: 'https://log.api.nuance.com',
  clientId: 'appID:X',
};

describe('connection settings', () => {
  test("the presets are the public clients' hosts, US and EU", () => {
    assert.deepEqual(
      CONNECTION_PRESETS.map((p) => [p.label, p.baseUrl, p.authUrl, p.logUrl]),
      [
        ['US', 'https://mix.api.nuance.com', 'https://auth.crt.nuance.com', 'https://log.api.nuance.com'],
        ['EU', 'https://mix.api.nuance.co.uk', 'https://auth.crt.nuance.co.uk', 'https://log.api.nuance.co.uk'],
      ],
    );
    for (const p of CONNECTION_PRESETS)
      assert.deepEqual(validateConnection({ ...p, name: p.label, clientId: 'c' }), []);
  });

  test('URLs: https, or http on loopback only; no credentials, query or fragment', () => {
    assert.equal(checkConnectionUrl('https://mix.api.nuance.com'), undefined);
    assert.equal(checkConnectionUrl('http://127.0.0.1:4000'), undefined);
    assert.equal(checkConnectionUrl('http://localhost:4000', 'authUrl'), undefined);
    assert.match(checkConnectionUrl('http://mix.example.com', 'authUrl') ?? '', /auth URL must use https:\/\//);
    assert.match(checkConnectionUrl('ftp://x') ?? '', /must start with https/);
    assert.match(checkConnectionUrl('mix.api.nuance.com') ?? '', /is not a URL/);
    assert.match(checkConnectionUrl('https://user:pw@host') ?? '', /must not hold a user name or password/);
    assert.match(checkConnectionUrl('https://host/?a=1', 'logUrl') ?? '', /log URL must not have a query/);
    assert.match(checkConnectionUrl('  ') ?? '', /Give the base URL/);
    assert.equal(normalizeUrl(' https://Host.Example:443/api/ '), 'https://host.example/api');
  });

  test('names are required, unique (case-insensitive) and ids are stable slugs', () => {
    const others = [{ ...valid, id: 'us-prod' }];
    assert.match(validateConnection({ ...valid, name: 'us PROD' }, others).join(' '), /exists already/);
    assert.deepEqual(
      validateConnection({ ...valid, name: 'us PROD' }, others, 'us-prod'),
      [],
      'editing keeps its own name',
    );
    assert.match(
      validateConnection({ ...valid, name: ' ', clientId: 'a b' }).join(' '),
      /Give the connection a name\..*must not contain spaces/,
    );
    assert.equal(connectionIdFor('Café Prod (EU)!', []), 'cafe-prod-eu');
    assert.equal(connectionIdFor('Café Prod (EU)!', ['cafe-prod-eu', 'cafe-prod-eu-2']), 'cafe-prod-eu-3');
    assert.equal(connectionIdFor('!!!', []), 'connection');
  });

  test('stored connections: tolerant reading, defaults, skipped entries reported, reserved ids avoided', () => {
    const { connections, problems } = readStoredConnections(
      [
        { name: 'A', baseUrl: 'https://a.example/', authUrl: 'https://auth.a.example', clientId: 'id-a' },
        {
          id: 'local-sandbox',
          name: 'B',
          baseUrl: 'https://b.example',
          authUrl: 'https://b.example',
          logUrl: 'https://log.b.example',
          clientId: 'id-b',
        },
        { name: 'C', baseUrl: 'http://c.example', authUrl: 'https://c.example', clientId: 'id-c' },
        'not an object',
        { name: 'a', baseUrl: 'https://dup.example', authUrl: 'https://dup.example', clientId: 'x' },
      ],
      ['local-sandbox'],
    );
    assert.deepEqual(connections, [
      {
        id: 'a',
        name: 'A',
        baseUrl: 'https://a.example',
        authUrl: 'https://auth.a.example',
        logUrl: 'https://a.example',
        clientId: 'id-a',
      },
      {
        id: 'b',
        name: 'B',
        baseUrl: 'https://b.example',
        authUrl: 'https://b.example',
        logUrl: 'https://log.b.example',
        clientId: 'id-b',
      },
    ]);
    assert.equal(problems.length, 3);
    assert.match(problems[0] ?? '', /cstudio\.connections\[2\] \("C"\) was skipped: The base URL must use https/);
    assert.match(problems[1] ?? '', /\[3\] is not an object/);
    assert.match(problems[2] ?? '', /\[4\] \("a"\) was skipped: A connection named "A" exists already/);
    assert.deepEqual(readStoredConnections({ not: 'a list' }).problems, [
      'cstudio.connections must be a list of connections; it was ignored.',
    ]);
    assert.deepEqual(readStoredConnections(undefined), { connections: [], problems: [] });
    assert.deepEqual(Object.keys(toStoredConnection({ ...valid, id: 'x' })), [
      'id',
      'name',
      'baseUrl',
      'authUrl',
      'logUrl',
      'clientId',
    ]);
  });

  test('workspace trust: a workspace value counts only in a trusted workspace', () => {
    const inspected = { defaultValue: [], globalValue: ['user'], workspaceValue: ['workspace'] };
    assert.deepEqual(trustedSettingValue(inspected, true), { value: ['workspace'], ignoredWorkspaceValue: false });
    assert.deepEqual(trustedSettingValue(inspected, false), { value: ['user'], ignoredWorkspaceValue: true });
    assert.deepEqual(trustedSettingValue({ defaultValue: [], workspaceFolderValue: ['folder'] }, false), {
      value: [],
      ignoredWorkspaceValue: true,
    });
    assert.deepEqual(trustedSettingValue({ defaultValue: [] }, false), { value: [], ignoredWorkspaceValue: false });
    assert.deepEqual(trustedSettingValue(undefined, true), { value: undefined, ignoredWorkspaceValue: false });
  });
});
