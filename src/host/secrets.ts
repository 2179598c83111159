// Credentials live only in VS Code's SecretStorage, under keys namespaced per connection
// (`cstudio.connection/<id>/<kind>`), so removing a connection removes exactly its secrets.
import * as vscode from 'vscode';
import { Disposable } from './lifecycle';

export const CREDENTIAL_KINDS = ['clientSecret'] as const;
export type CredentialKind = (typeof CREDENTIAL_KINDS)[number];

const PREFIX = 'cstudio.connection/';

export interface CredentialChange {
  readonly connectionId: string;
  readonly kind: CredentialKind;
}

export function credentialKey(connectionId: string, kind: CredentialKind): string {
  if (!connectionId) throw new Error('A credential needs a connection id.');
  return `${PREFIX}${encodeURIComponent(connectionId)}/${kind}`;
}

function parseKey(key: string): CredentialChange | undefined {
  if (!key.startsWith(PREFIX)) return undefined;
  const [id, kind] = key.slice(PREFIX.length).split('/');
  const known = CREDENTIAL_KINDS.find((k) => k === kind);
  return id && known ? { connectionId: decodeURIComponent(id), kind: known } : undefined;
}

export class CredentialStore extends Disposable {
  private readonly changed = this._register(new vscode.EventEmitter<CredentialChange>());
  /** Fires when one of our credentials changes, in this window or another one. */
  readonly onDidChange: vscode.Event<CredentialChange> = this.changed.event;

  constructor(private readonly storage: vscode.SecretStorage) {
    super();
    this._register(
      storage.onDidChange((e) => {
        const change = parseKey(e.key);
        if (change) this.changed.fire(change);
      }),
    );
  }

  async get(connectionId: string, kind: CredentialKind = 'clientSecret'): Promise<string | undefined> {
    return this.storage.get(credentialKey(connectionId, kind));
  }

  async store(connectionId: string, value: string, kind: CredentialKind = 'clientSecret'): Promise<void> {
    if (!value) throw new Error(`Refusing to store an empty ${kind} for connection "${connectionId}".`);
    await this.storage.store(credentialKey(connectionId, kind), value);
  }

  async delete(connectionId: string, kind: CredentialKind = 'clientSecret'): Promise<void> {
    await this.storage.delete(credentialKey(connectionId, kind));
  }

  /** Removes every credential of a connection (when the connection is removed or its data reset). */
  async deleteConnection(connectionId: string): Promise<void> {
    await Promise.all(CREDENTIAL_KINDS.map((kind) => this.delete(connectionId, kind)));
  }
}
