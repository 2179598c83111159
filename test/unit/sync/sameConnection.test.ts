// A pulled folder is pushed only to the platform it came from. URLs are compared with the connections' own spelling
// rule (core/connections normalizeUrl), so a settings entry and a state file that spell one URL differently agree.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { requireSameConnection } from '../../../src/core/sync/remote';
import { WorkspaceError, type WorkspaceState } from '../../../src/core/sync/workspace';

const state = (baseUrl: string, name?: string): WorkspaceState => ({
  version: 1,
  connection: { baseUrl, name },
  projectId: '1001',
  pulledAt: '2026-11-25T00:00:00Z',
  restrictedVisible: false,
  base: {},
  conflicts: [],
});
const client = (baseUrl: string, name?: string) => ({
  connection: { baseUrl, name, authUrl: baseUrl, logUrl: baseUrl, clientId: 'c' },
});

describe('requireSameConnection', () => {
  test('one URL spelled differently is the same platform', () => {
    for (const [a, b] of [
      ['https://mix.api.nuance.com/', 'https://MIX.api.nuance.com'],
      ['https://mix.api.nuance.com:443', 'https://mix.api.nuance.com'],
      ['http://127.0.0.1:4100/v4/', 'http://127.0.0.1:4100/v4'],
    ])
      assert.doesNotThrow(() => requireSameConnection(client(a as string), state(b as string), '/w'), `${a} vs ${b}`);
  });

  test('another host, port or path is refused with what to do, unless the connection name matches', () => {
    for (const other of ['https://mix.api.nuance.co.uk', 'http://127.0.0.1:4101', 'https://mix.api.nuance.com/other']) {
      assert.throws(
        () => requireSameConnection(client(other), state('https://mix.api.nuance.com'), '/w'),
        (err: unknown) => err instanceof WorkspaceError && /pull the project into a new folder/.test(err.message),
        other,
      );
    }
    assert.doesNotThrow(() =>
      requireSameConnection(
        client('http://127.0.0.1:4101', 'Local sandbox'),
        state('http://127.0.0.1:4100', 'Local sandbox'),
        '/w',
      ),
    );
  });
});
