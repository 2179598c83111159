// The connections the user can reach: the built-in one (the local sandbox) and the saved ones, with one
// platform client per connection, created on first use and replaced when its settings, secret or sandbox
// address change. Adding, editing, removing, signing in and out go through here, so the tree and every
// command see the same state and the same change events. No `vscode` here: storage comes in as ports.
import type { Logger } from '../logger';
import type { PlatformClient } from '../platform/client';
import {
  connectionIdFor,
  connectionUrlKey,
  normalizeUrl,
  validateConnection,
  type ConnectionConfig,
} from './connectionConfig';
import { NotSignedInError } from './errorKind';
import { Listeners, type Subscription } from './listeners';
import type {
  BuiltInConnection,
  BuiltInStatus,
  ConnectionConfigStore,
  ConnectionIdentity,
  ConnectionSecrets,
  PlatformClientFactory,
} from './connectionPorts';

export type ConnectionKind = 'sandbox' | 'remote';

export interface ConnectionEntry {
  readonly id: string;
  readonly name: string;
  readonly kind: ConnectionKind;
  /** Saved connections only. */
  readonly config?: ConnectionConfig;
}

export interface ConnectionSession {
  readonly entry: ConnectionEntry;
  readonly client: PlatformClient;
  readonly identity?: ConnectionIdentity;
}

/** `connectionId` undefined: the list itself changed. */
export interface ConnectionsChange {
  readonly connectionId?: string;
}

export interface ConnectionTestResult {
  readonly organizations: readonly string[];
  readonly elapsedMs: number;
}

export type ConnectionInput = Omit<ConnectionConfig, 'id'>;

export interface ConnectionRegistryOptions {
  readonly builtIn?: BuiltInConnection;
  readonly configs: ConnectionConfigStore;
  readonly secrets: ConnectionSecrets;
  readonly createClient: PlatformClientFactory;
  readonly logger: Logger;
  /** Makes a secret disappear from every log line (the extension's redactor). */
  readonly registerSecret?: (secret: string) => void;
}

interface CachedSession {
  readonly fingerprint: string;
  readonly session: ConnectionSession;
}

export class ConnectionRegistry {
  private readonly changes: Listeners<ConnectionsChange>;
  private readonly sessions = new Map<string, CachedSession>();
  private readonly subscriptions: Subscription[] = [];
  private saved: ConnectionConfig[];
  private disposed = false;

  constructor(private readonly options: ConnectionRegistryOptions) {
    this.changes = new Listeners((err) => options.logger.warn('a connections listener failed', err));
    this.saved = this.readSaved();
    this.subscriptions.push(
      options.configs.onDidChange(() => this.onConfigsChanged()),
      options.secrets.onDidChange((id) => this.onSecretChanged(id)),
    );
    if (options.builtIn) this.subscriptions.push(options.builtIn.onDidChange(() => this.onBuiltInChanged()));
  }

  onDidChange(listener: (change: ConnectionsChange) => void): Subscription {
    return this.changes.add(listener);
  }

  /** The built-in connection first, then the saved ones in their settings order. */
  list(): ConnectionEntry[] {
    const builtIn = this.options.builtIn;
    const saved = this.saved.map(
      (config): ConnectionEntry => ({ id: config.id, name: config.name, kind: 'remote', config }),
    );
    return builtIn ? [{ id: builtIn.id, name: builtIn.name, kind: 'sandbox' }, ...saved] : saved;
  }

  get(connectionId: string): ConnectionEntry | undefined {
    return this.list().find((c) => c.id === connectionId);
  }

  /** The connection a folder was pulled with: by name, else by base URL (compared as connectionUrlKey says). */
  entryFor(pulled: { readonly name?: string; readonly baseUrl: string }): ConnectionEntry | undefined {
    const entries = this.list();
    const builtIn = this.builtInStatus();
    const key = connectionUrlKey(pulled.baseUrl);
    const urlOf = (e: ConnectionEntry): string | undefined =>
      e.config?.baseUrl ?? (e.kind === 'sandbox' ? builtIn?.baseUrl : undefined);
    return (
      entries.find((e) => e.name === pulled.name) ??
      entries.find((e) => {
        const url = urlOf(e);
        return url !== undefined && connectionUrlKey(url) === key;
      })
    );
  }

  /** The local sandbox's state, when there is a built-in connection. */
  builtInStatus(): BuiltInStatus | undefined {
    return this.options.builtIn?.status();
  }

  async hasSecret(connectionId: string): Promise<boolean> {
    const entry = this.require(connectionId);
    return entry.kind === 'sandbox' || (await this.options.secrets.get(connectionId)) !== undefined;
  }

  /** The connection's client (created on first use; the built-in connection starts the sandbox). */
  async session(connectionId: string): Promise<ConnectionSession> {
    const entry = this.require(connectionId);
    if (entry.kind === 'sandbox') return this.builtInSession(entry);
    const config = entry.config as ConnectionConfig;
    const fingerprint = JSON.stringify(config);
    const cached = this.sessions.get(connectionId);
    if (cached?.fingerprint === fingerprint) return cached.session;
    const secrets = this.options.secrets;
    const client = this.options.createClient({
      connection: {
        name: config.name,
        baseUrl: config.baseUrl,
        authUrl: config.authUrl,
        logUrl: config.logUrl,
        clientId: config.clientId,
      },
      getSecret: async () => {
        const secret = await secrets.get(connectionId);
        if (!secret) throw new NotSignedInError(connectionId, config.name);
        this.options.registerSecret?.(secret);
        return secret;
      },
      logger: this.options.logger.child(config.name),
    });
    return this.cache(connectionId, fingerprint, { entry, client });
  }

  /** Saves a new connection (and its secret, when given) and returns it. */
  async add(input: ConnectionInput, secret: string | undefined): Promise<ConnectionConfig> {
    this.check(input);
    const taken = this.list().map((c) => c.id);
    const config: ConnectionConfig = { ...trimmed(input), id: connectionIdFor(input.name, taken) };
    // The secret first: the new node must not show "signed out" for a moment.
    if (secret) await this.storeSecret(config.id, secret);
    await this.write([...this.saved, config]);
    this.options.logger.info(`connection "${config.name}" added (${config.baseUrl})`);
    return config;
  }

  /** Changes a saved connection; `secret` replaces the stored one when given. */
  async update(connectionId: string, input: ConnectionInput, secret?: string): Promise<ConnectionConfig> {
    const current = this.requireSaved(connectionId);
    this.check(input, connectionId);
    const config: ConnectionConfig = { ...trimmed(input), id: current.id };
    if (secret) await this.storeSecret(connectionId, secret);
    await this.write(this.saved.map((c) => (c.id === connectionId ? config : c)));
    this.drop(connectionId);
    this.options.logger.info(`connection "${config.name}" updated`);
    return config;
  }

  /** Removes a saved connection and its secret. */
  async remove(connectionId: string): Promise<void> {
    const current = this.requireSaved(connectionId);
    await this.write(this.saved.filter((c) => c.id !== connectionId));
    await this.options.secrets.delete(connectionId);
    this.drop(connectionId);
    this.options.logger.info(`connection "${current.name}" removed`);
  }

  async signIn(connectionId: string, secret: string): Promise<void> {
    const entry = this.requireSaved(connectionId);
    if (!secret) throw new Error(`No client secret given for connection "${entry.name}".`);
    await this.storeSecret(connectionId, secret);
    this.drop(connectionId);
    this.changes.fire({ connectionId });
  }

  /** Forgets the secret and the cached token (the built-in connection only drops its token). */
  async signOut(connectionId: string): Promise<void> {
    const entry = this.require(connectionId);
    if (entry.kind === 'remote') await this.options.secrets.delete(connectionId);
    this.drop(connectionId);
    this.options.logger.info(`connection "${entry.name}" signed out`);
    this.changes.fire({ connectionId });
  }

  /** Fetches a token and lists the organizations, with a fresh client (no cached token is trusted). */
  async test(connectionId: string, signal?: AbortSignal): Promise<ConnectionTestResult> {
    this.drop(connectionId);
    const { client } = await this.session(connectionId);
    const started = Date.now();
    const page = await client.organizations.listPage(1000, 0, signal);
    return { organizations: page.items.map((o) => o.displayName), elapsedMs: Date.now() - started };
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const s of this.subscriptions.splice(0)) s.dispose();
    for (const id of [...this.sessions.keys()]) this.drop(id);
    this.changes.clear();
  }

  private async builtInSession(entry: ConnectionEntry): Promise<ConnectionSession> {
    const builtIn = this.options.builtIn as BuiltInConnection;
    const opened = await builtIn.open();
    const fingerprint = JSON.stringify([opened.connection, opened.secret]);
    const cached = this.sessions.get(entry.id);
    if (cached?.fingerprint === fingerprint) return cached.session;
    this.options.registerSecret?.(opened.secret);
    const client = this.options.createClient({
      connection: { ...opened.connection, name: entry.name },
      getSecret: () => Promise.resolve(opened.secret),
      logger: this.options.logger.child(entry.name),
    });
    return this.cache(entry.id, fingerprint, { entry, client, identity: opened.identity });
  }

  private cache(connectionId: string, fingerprint: string, session: ConnectionSession): ConnectionSession {
    this.drop(connectionId);
    if (this.disposed) {
      void session.client.close();
      throw new Error('The extension is shutting down; no new platform connection was opened.');
    }
    this.sessions.set(connectionId, { fingerprint, session });
    return session;
  }

  private drop(connectionId: string): void {
    const cached = this.sessions.get(connectionId);
    if (!cached) return;
    this.sessions.delete(connectionId);
    cached.session.client
      .close()
      .catch((e: unknown) => this.options.logger.debug(`closing the client of ${connectionId} failed`, e));
  }

  private check(input: ConnectionInput, selfId?: string): void {
    const problems = validateConnection({ ...input, logUrl: input.logUrl || input.baseUrl }, this.saved, selfId);
    const builtIn = this.options.builtIn;
    if (builtIn && input.name.trim().toLowerCase() === builtIn.name.toLowerCase()) {
      problems.unshift(`"${builtIn.name}" is the built-in connection's name; choose another name.`);
    }
    if (problems.length > 0) throw new Error(problems.join(' '));
  }

  private async storeSecret(connectionId: string, secret: string): Promise<void> {
    this.options.registerSecret?.(secret);
    await this.options.secrets.store(connectionId, secret);
  }

  private async write(connections: ConnectionConfig[]): Promise<void> {
    await this.options.configs.write(connections);
    // The store's change event also arrives; reading now keeps callers from seeing the old list meanwhile.
    this.onConfigsChanged();
  }

  private require(connectionId: string): ConnectionEntry {
    const entry = this.get(connectionId);
    if (!entry)
      throw new Error(`There is no connection "${connectionId}"; it may have been removed. Refresh the explorer.`);
    return entry;
  }

  private requireSaved(connectionId: string): ConnectionConfig {
    const entry = this.require(connectionId);
    if (!entry.config) throw new Error(`"${entry.name}" is built in; it cannot be edited or removed.`);
    return entry.config;
  }

  private readSaved(): ConnectionConfig[] {
    const reserved = this.options.builtIn ? [this.options.builtIn.id] : [];
    const { connections, problems } = this.options.configs.read();
    for (const p of problems) this.options.logger.warn(p);
    return connections.filter((c) => !reserved.includes(c.id));
  }

  private onConfigsChanged(): void {
    const before = JSON.stringify(this.saved);
    this.saved = this.readSaved();
    if (JSON.stringify(this.saved) === before) return;
    for (const id of [...this.sessions.keys()]) {
      const config = this.saved.find((c) => c.id === id);
      if (id !== this.options.builtIn?.id && (!config || JSON.stringify(config) !== this.sessions.get(id)?.fingerprint))
        this.drop(id);
    }
    this.changes.fire({});
  }

  private onSecretChanged(connectionId: string): void {
    if (connectionId === this.options.builtIn?.id) return;
    this.drop(connectionId);
    this.changes.fire({ connectionId });
  }

  private onBuiltInChanged(): void {
    const builtIn = this.options.builtIn as BuiltInConnection;
    if (builtIn.status().state !== 'running') this.drop(builtIn.id);
    this.changes.fire({ connectionId: builtIn.id });
  }
}

/** One spelling of a validated input (the same the settings reader produces). */
function trimmed(input: ConnectionInput): ConnectionInput {
  return {
    name: input.name.trim(),
    clientId: input.clientId.trim(),
    baseUrl: normalizeUrl(input.baseUrl),
    authUrl: normalizeUrl(input.authUrl),
    logUrl: normalizeUrl(input.logUrl || input.baseUrl),
  };
}
