// Connection URLs are compared one way (core/connections/connectionConfig.ts connectionUrlKey): host case, the
// default port and a trailing slash do not make another platform; a path's case does (RFC 3986 §6.2.2.1). Both
// places that match a pulled folder's connection follow it: sync's refusal of a client of another platform
// (requireSameConnection) and the editor's choice of the saved connection to use (ConnectionRegistry.entryFor).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  connectionUrlKey,
  readStoredConnections,
  type StoredConnections,
} from '../../../src/core/connections/connectionConfig';
import type { ConnectionConfigStore, ConnectionSecrets } from '../../../src/core/connections/connectionPorts';
import { ConnectionRegistry } from '../../../src/core/connections/connectionRegistry';
import { Listeners } from '../../../src/core/connections/listeners';
import { silentLogger } from '../../../src/core/logger';
import { PlatformClient } from '../../../src/core/platform/client';
import { requireSameConnection } from '../../../src/core/sync/remote';
import type { WorkspaceState } from '../../../src/core/sync/workspace';

const SAVED = 'https://mix.api.nuance.com/v4';

/** A pulled folder's recorded base URL → whether it names the saved connection's platform. */
const CASES: ReadonlyArray<[string, boolean]> = [
  ['https://mix.api.nuance.com/v4', true],
  ['https://MIX.api.Nuance.com/v4/', true],
  ['https://mix.api.nuance.com:443/v4', true],
  [' https://mix.api.nuance.com/v4// ', true],
  ['https://mix.api.nuance.com/V4', false],
  ['https://mix.api.nuance.com:8443/v4', false],
  ['http://mix.api.nuance.com/v4', false],
  ['https://eu.mix.api.nuance.com/v4', false],
  ['not a url', false],
];

/** The saved connections as the settings adapter gives them (the same reader). */
class SettingsLike implements ConnectionConfigStore {
  constructor(private readonly raw: unknown) {}
  read(): StoredConnections {
    return readStoredConnections(this.raw);
  }
  async write(): Promise<void> {
    throw new Error('read-only in this test');
  }
  onDidChange(): { dispose(): void } {
    return { dispose: () => undefined };
  }
}

class NoSecrets implements ConnectionSecrets {
  private readonly changed = new Listeners<string>();
  async get(): Promise<string | undefined> {
    return undefined;
  }
  async store(): Promise<void> {
    throw new Error('read-only in this test');
  }
  async delete(): Promise<void> {
    return undefined;
  }
  onDidChange(listener: (id: string) => void): { dispose(): void } {
    return this.changed.add(listener);
  }
}

function stateFrom(baseUrl: string): WorkspaceState {
  return { connection: { name: 'cli', baseUrl } } as unknown as WorkspaceState;
}

describe('connection URLs: one comparison for sync and the connection registry', () => {
  const registry = new ConnectionRegistry({
    configs: new SettingsLike([
      { name: 'Mix US', baseUrl: SAVED, authUrl: 'https://auth.crt.nuance.com', logUrl: SAVED, clientId: 'appID:x' },
    ]),
    secrets: new NoSecrets(),
    logger: silentLogger,
    createClient: (options) => new PlatformClient(options),
  });

  test('the saved connection is read', () => {
    assert.equal(registry.list().length, 1);
  });

  for (const [pulledFrom, same] of CASES) {
    test(`${JSON.stringify(pulledFrom)}: ${same ? 'the same platform' : 'another platform'}`, () => {
      assert.equal(connectionUrlKey(pulledFrom) === connectionUrlKey(SAVED), same, 'the owner');
      assert.equal(registry.entryFor({ name: 'cli', baseUrl: pulledFrom })?.name === 'Mix US', same, 'the registry');
      const accepts = ((): boolean => {
        try {
          requireSameConnection(
            { connection: { baseUrl: SAVED, authUrl: SAVED, logUrl: SAVED, clientId: 'x' } },
            stateFrom(pulledFrom),
            '/folder',
          );
          return true;
        } catch {
          return false;
        }
      })();
      assert.equal(accepts, same, 'sync');
    });
  }
});
