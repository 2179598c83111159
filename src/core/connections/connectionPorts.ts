// The ports the connection registry is built on: the built-in connection (the local sandbox feature), the
// saved connections' store (settings) and the secrets' store (SecretStorage), and the client factory (the
// extension loads the platform client lazily, from its own bundle).
import type { Connection, PlatformClient, PlatformClientOptions } from '../platform/client';
import type { StoredConnections, ConnectionConfig } from './connectionConfig';
import type { Subscription } from './listeners';

/** Who the connection's client acts as, when the platform lets us know (the local sandbox does). */
export interface ConnectionIdentity {
  readonly userId?: string;
  readonly name?: string;
  readonly email?: string;
}

export type BuiltInState = 'stopped' | 'starting' | 'running' | 'stopping' | 'failed';

export interface BuiltInStatus {
  readonly state: BuiltInState;
  readonly baseUrl?: string;
  readonly port?: number;
  readonly dataDir?: string;
  readonly error?: string;
}

export interface OpenedConnection {
  readonly connection: Connection;
  readonly secret: string;
  readonly identity?: ConnectionIdentity;
}

/** The built-in connection's source (the local sandbox feature implements it). */
export interface BuiltInConnection {
  readonly id: string;
  readonly name: string;
  status(): BuiltInStatus;
  /** Makes the connection usable, starting the local sandbox when it is stopped. */
  open(): Promise<OpenedConnection>;
  onDidChange(listener: () => void): Subscription;
}

/** Where saved connections live (the `cstudio.connections` setting, read with workspace trust in mind). */
export interface ConnectionConfigStore {
  read(): StoredConnections;
  write(connections: readonly ConnectionConfig[]): Promise<void>;
  onDidChange(listener: () => void): Subscription;
}

/** Client secrets, one per connection id (SecretStorage). */
export interface ConnectionSecrets {
  get(connectionId: string): Promise<string | undefined>;
  store(connectionId: string, secret: string): Promise<void>;
  delete(connectionId: string): Promise<void>;
  onDidChange(listener: (connectionId: string) => void): Subscription;
}

export type PlatformClientFactory = (options: PlatformClientOptions) => PlatformClient;
