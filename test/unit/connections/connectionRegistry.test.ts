import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { ConnectionConfig, StoredConnections } from '../../../src/core/connections/connectionConfig';
import type {
  BuiltInConnection,
  BuiltInStatus,
  ConnectionConfigStore,
  ConnectionSecrets,
} from '../../../src/core/connections/connectionPorts';
import { ConnectionRegistry, type ConnectionsChange } from '../../../src/core/connections/connectionRegistry';
import { isNotSignedIn, platformErrorKind } from '../../../src/core/connections/errorKind';
import { Listeners } from '../../../src/core/connections/listeners';
import { silentLogger } from '../../../src/core/logger';
import { PlatformClient } from '../../../src/core/platform/client';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox';

/** Settings and SecretStorage as the extension's adapters behave: writes fire change events. */
class MemoryConfigs implements ConnectionConfigStore {
  raw: unknown[] = [];
  readonly changed = new Listeners<void>();
  read(): StoredConnections {
    return { connections: this.raw as ConnectionConfig[], problems: [] };
  }
  async write(connections: readonly ConnectionConfig[]): Promise<void> {
    this.raw = [...connections];
    this.changed.fire();
  }
  onDidChange(listener: () => void): { dispose(): void } {
    return this.changed.add(listener);
  }
}

class MemorySecrets implements ConnectionSecrets {
  readonly values = new Map<string, string>();
  readonly changed = new Listeners<string>();
  async get(id: string): Promise<string | undefined> {
    return this.values.get(id);
  }
  async store(id: string, secret: string): Promise<void> {
    this.values.set(id, secret);
    this.changed.fire(id);
  }
  async delete(id: string): Promise<void> {
    this.values.delete(id);
    this.changed.fire(id);
  }
  onDidChange(listener: (id: string) => void): { dispose(): void } {
    return this.changed.add(listener);
  }
}

class FakeSandbox implements BuiltInConnection {
  readonly id = 'local-sandbox';
  readonly name = 'Local sandbox';
  readonly changed = new Listeners<void>();
  state: BuiltInStatus = { state: 'stopped' };
  opens = 0;
  constructor(private readonly sandbox: TestSandbox) {}
  status(): BuiltInStatus {
    return this.state;
  }
  async open(): Promise<{
    connection: PlatformClient['connection'];
    secret: string;
    identity: { userId: string; name: string };
  }> {
    this.opens += 1;
    this.state = { state: 'running', baseUrl: this.sandbox.baseUrl };
    const owner = this.sandbox.client('owner');
    return {
      connection: {
        baseUrl: this.sandbox.baseUrl,
        authUrl: this.sandbox.authUrl,
        logUrl: this.sandbox.logUrl,
        clientId: owner.clientId,
      },
      secret: owner.clientSecret,
      identity: { userId: owner.userId, name: owner.user },
    };
  }
  onDidChange(listener: () => void): { dispose(): void } {
    return this.changed.add(listener);
  }
}

describe('connection registry (against a real sandbox)', () => {
  let sandbox: TestSandbox;
  let configs: MemoryConfigs;
  let secrets: MemorySecrets;
  let builtIn: FakeSandbox;
  let registry: ConnectionRegistry;
  const created: PlatformClient[] = [];
  const registered: string[] = [];

  before(async () => {
    sandbox = await startTestSandbox();
    configs = new MemoryConfigs();
    secrets = new MemorySecrets();
    builtIn = new FakeSandbox(sandbox);
    registry = new ConnectionRegistry({
      builtIn,
      configs,
      secrets,
      logger: silentLogger,
      registerSecret: (s) => registered.push(s),
      createClient: (options) => {
        const c = new PlatformClient(options);
        created.push(c);
        return c;
      },
    });
  });
  after(async () => {
    registry.dispose();
    await sandbox.close();
  });

  const admin = (): Omit<ConnectionConfig, 'id'> => ({
    name: 'Sandbox as admin',
    baseUrl: sandbox.baseUrl,
    authUrl: sandbox.authUrl,
    logUrl: sandbox.logUrl,
    clientId: sandbox.client('admin').clientId,
  });

  test('the built-in connection comes first, opens lazily and knows its user', async () => {
    assert.deepEqual(
      registry.list().map((c) => [c.id, c.kind]),
      [['local-sandbox', 'sandbox']],
    );
    assert.equal(builtIn.opens, 0, 'nothing opened before first use');
    const session = await registry.session('local-sandbox');
    assert.equal(session.identity?.name, 'Olivia Owner');
    assert.equal(await registry.session('local-sandbox'), session, 'the session is reused');
    const result = await registry.test('local-sandbox');
    assert.deepEqual(result.organizations, ['Demo Coffee Co.']);
  });

  test('add: the config is written without its secret, the secret stored and registered for redaction', async () => {
    const changes: ConnectionsChange[] = [];
    const sub = registry.onDidChange((c) => changes.push(c));
    const config = await registry.add(admin(), sandbox.client('admin').clientSecret);
    sub.dispose();
    assert.equal(config.id, 'sandbox-as-admin');
    assert.doesNotMatch(JSON.stringify(configs.raw), new RegExp(sandbox.client('admin').clientSecret));
    assert.equal(secrets.values.get(config.id), sandbox.client('admin').clientSecret);
    assert.ok(registered.includes(sandbox.client('admin').clientSecret));
    assert.ok(
      changes.some((c) => c.connectionId === undefined),
      'the list changed',
    );
    assert.deepEqual(
      registry.list().map((c) => c.name),
      ['Local sandbox', 'Sandbox as admin'],
    );
    assert.deepEqual((await registry.test(config.id)).organizations, ['Demo Coffee Co.']);
    await assert.rejects(registry.add({ ...admin(), name: 'local SANDBOX' }, 'x'), /built-in connection's name/);
    await assert.rejects(registry.add({ ...admin(), name: 'Sandbox as Admin' }, 'x'), /exists already/);
    await assert.rejects(
      registry.add({ ...admin(), name: 'Plain', baseUrl: 'http://platform.example' }, 'x'),
      /must use https/,
    );
  });

  test('a wrong secret is an Unauthorized error; signing in again replaces the client', async () => {
    const before = await registry.session('sandbox-as-admin');
    await registry.signIn('sandbox-as-admin', 'wrong-secret-value');
    const after = await registry.session('sandbox-as-admin');
    assert.notEqual(after, before, 'a new client after the secret changed');
    await assert.rejects(
      registry.test('sandbox-as-admin'),
      (err: unknown) => platformErrorKind(err) === 'Unauthorized' && /check the client id/.test(String(err)),
    );
    await registry.signIn('sandbox-as-admin', sandbox.client('admin').clientSecret);
    assert.equal((await registry.test('sandbox-as-admin')).organizations.length, 1);
  });

  test('sign out forgets the secret; using the connection then says it is signed out', async () => {
    await registry.signOut('sandbox-as-admin');
    assert.equal(secrets.values.has('sandbox-as-admin'), false);
    assert.equal(await registry.hasSecret('sandbox-as-admin'), false);
    const { client } = await registry.session('sandbox-as-admin');
    await assert.rejects(
      client.organizations.listPage(10, 0),
      (err: unknown) => isNotSignedIn(err) && /Connection "Sandbox as admin" is signed out/.test(String(err)),
    );
  });

  test('update keeps the id (and the secret unless a new one is given); remove deletes both', async () => {
    await registry.signIn('sandbox-as-admin', sandbox.client('admin').clientSecret);
    const updated = await registry.update('sandbox-as-admin', { ...admin(), name: 'Admin on sandbox' });
    assert.equal(updated.id, 'sandbox-as-admin');
    assert.equal(registry.get('sandbox-as-admin')?.name, 'Admin on sandbox');
    assert.equal(secrets.values.get('sandbox-as-admin'), sandbox.client('admin').clientSecret);
    await assert.rejects(registry.update('local-sandbox', admin()), /is built in; it cannot be edited or removed/);
    await registry.remove('sandbox-as-admin');
    assert.deepEqual(
      registry.list().map((c) => c.id),
      ['local-sandbox'],
    );
    assert.equal(secrets.values.has('sandbox-as-admin'), false);
    await assert.rejects(registry.session('sandbox-as-admin'), /There is no connection "sandbox-as-admin"/);
  });

  test('a stopped sandbox drops the built-in session; an unreachable platform is a Network error', async () => {
    const first = await registry.session('local-sandbox');
    builtIn.state = { state: 'stopped' };
    builtIn.changed.fire();
    assert.notEqual(await registry.session('local-sandbox'), first, 'a new client after the sandbox stopped');
    const config = await registry.add(
      {
        ...admin(),
        name: 'Nowhere',
        baseUrl: 'http://127.0.0.1:9',
        authUrl: 'http://127.0.0.1:9',
        logUrl: 'http://127.0.0.1:9',
      },
      'secret-123',
    );
    await assert.rejects(registry.test(config.id), (err: unknown) => platformErrorKind(err) === 'Network');
    await registry.remove(config.id);
  });
});
