// An application's credentials: one per runtime app ID, with its client ids (secrets are never returned by
// the platform) and the environment geographies it covers.
import * as vscode from 'vscode';
import type { AppCredential } from '../../../core/platform/appTypes';
import { contextValue, NodeKinds } from '../../../host/contextValues';
import { childId, ContainerNode, ExplorerNode, type ExplorerContext } from '../explorerNode';
import { escapeMarkdown as esc, markdownCode as code } from '../../../core/markdown';
import { tooltip } from '../markdown';

export class CredentialsGroupNode extends ContainerNode {
  readonly id: string;
  protected readonly emptyLabel = 'No credentials';

  constructor(
    parent: ExplorerNode,
    ctx: ExplorerContext,
    readonly applicationId: string,
  ) {
    super(parent, ctx);
    this.id = childId(parent.id, 'credentials');
  }

  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem('Credentials', vscode.TreeItemCollapsibleState.Collapsed);
    item.iconPath = new vscode.ThemeIcon('key');
    item.contextValue = NodeKinds.credentials;
    return item;
  }

  protected async loadChildren(signal: AbortSignal): Promise<ExplorerNode[]> {
    const { client } = await this.session();
    const credentials = await client.apps.credentials(this.applicationId, { signal });
    return credentials.map((c) => new CredentialNode(this, this.ctx, c));
  }
}

export class CredentialNode extends ExplorerNode {
  readonly id: string;

  constructor(
    readonly group: CredentialsGroupNode,
    ctx: ExplorerContext,
    readonly credential: AppCredential,
  ) {
    super(group, ctx);
    this.id = childId(group.id, credential.id);
  }

  getTreeItem(): vscode.TreeItem {
    const c = this.credential;
    const item = new vscode.TreeItem(c.credential.appId, vscode.TreeItemCollapsibleState.None);
    const geos = c.geographies.map((g) => g.geography.displayName);
    item.description = `${geos.join(', ')} · ${c.credential.clients.length} client${c.credential.clients.length === 1 ? '' : 's'}`;
    item.iconPath = new vscode.ThemeIcon('key');
    item.tooltip = tooltip([
      `**Runtime app ID ${code(c.credential.appId)}**`,
      '',
      `- Environment geographies: ${esc(geos.join(', ')) || 'none'}`,
      ...c.credential.clients.map(
        (k) => `- Client ${code(k.clientId)} (${esc(k.clientName)}; scopes ${esc(k.oauthScopes)})`,
      ),
    ]);
    item.contextValue = contextValue(NodeKinds.credential, {});
    return item;
  }
}
