// Saved connections live in the `cstudio.connections` setting (never their secrets). A workspace's own value
// counts only in a trusted workspace: an untrusted folder must not redirect a stored secret to its host. The
// manifest also lists the setting under `restrictedConfigurations`, so VS Code marks it as such.
import * as vscode from 'vscode';
import {
  readStoredConnections,
  toStoredConnection,
  type ConnectionConfig,
  type StoredConnections,
} from '../../core/connections/connectionConfig';
import type { ConnectionConfigStore } from '../../core/connections/connectionPorts';
import type { Subscription } from '../../core/connections/listeners';
import { trustedSettingValue } from '../../core/connections/trustedSetting';
import type { Logger } from '../../core/logger';
import { SETTINGS_SECTION } from '../../host/settings';

export const CONNECTIONS_KEY = 'connections';
const FULL_KEY = `${SETTINGS_SECTION}.${CONNECTIONS_KEY}`;

export class SettingsConnectionStore implements ConnectionConfigStore {
  private warnedUntrusted = false;

  constructor(
    private readonly reservedIds: readonly string[],
    private readonly logger: Logger,
  ) {}

  read(): StoredConnections {
    const inspected = vscode.workspace.getConfiguration(SETTINGS_SECTION).inspect<unknown>(CONNECTIONS_KEY);
    const { value, ignoredWorkspaceValue } = trustedSettingValue(inspected, vscode.workspace.isTrusted);
    if (ignoredWorkspaceValue && !this.warnedUntrusted) {
      this.warnedUntrusted = true;
      this.logger.warn(
        `${FULL_KEY} from this workspace is ignored until the workspace is trusted; your own (user) connections apply.`,
      );
    }
    return readStoredConnections(value, this.reservedIds);
  }

  /** Writes where the effective value comes from: the workspace's when trusted and set there, else the user's. */
  async write(connections: readonly ConnectionConfig[]): Promise<void> {
    const config = vscode.workspace.getConfiguration(SETTINGS_SECTION);
    const inspected = config.inspect<unknown>(CONNECTIONS_KEY);
    const trusted = vscode.workspace.isTrusted;
    const target =
      trusted && inspected?.workspaceValue !== undefined
        ? vscode.ConfigurationTarget.Workspace
        : vscode.ConfigurationTarget.Global;
    await config.update(CONNECTIONS_KEY, connections.map(toStoredConnection), target);
  }

  onDidChange(listener: () => void): Subscription {
    const a = vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration(FULL_KEY)) listener();
    });
    // Granting trust brings the workspace's connections in.
    const b = vscode.workspace.onDidGrantWorkspaceTrust(() => listener());
    return {
      dispose: () => {
        a.dispose();
        b.dispose();
      },
    };
  }
}
