// A connection: the built-in local sandbox (with its running state) or a saved one (with its host and
// whether a secret is stored). Its children are the organizations the connection's client can see.
import * as vscode from 'vscode';
import type { ConnectionEntry } from '../../../core/connections/connectionRegistry';
import type { Organization, Page } from '../../../core/platform/types';
import { contextValue, NodeKinds } from '../../../host/contextValues';
import type { ExplorerContext, ExplorerNode } from '../explorerNode';
import { themeIcon } from '../icons';
import { PagedContainerNode } from '../pagedNode';
import { OrganizationNode } from './organizationNode';
import { escapeMarkdown as esc, markdownCode as code } from '../../../core/markdown';
import { tooltip } from '../markdown';

export class ConnectionNode extends PagedContainerNode<Organization> {
  readonly id: string;
  protected readonly emptyLabel = 'No organizations';
  private signedIn = true;

  constructor(
    private entry: ConnectionEntry,
    ctx: ExplorerContext,
  ) {
    super(undefined, ctx);
    this.id = `connection/${encodeURIComponent(entry.id)}`;
  }

  override get connectionId(): string {
    return this.entry.id;
  }

  get name(): string {
    return this.entry.name;
  }

  /** The registry's entry changed (a rename, new URLs): keep the node, take the new data. */
  update(entry: ConnectionEntry): void {
    this.entry = entry;
  }

  /** Whether a saved connection has its secret; read before the item is drawn, so menus match. */
  async refreshSignInState(): Promise<void> {
    this.signedIn = await this.ctx.registry.hasSecret(this.entry.id);
  }

  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.entry.name, vscode.TreeItemCollapsibleState.Collapsed);
    if (this.entry.kind === 'sandbox') this.drawSandbox(item);
    else this.drawRemote(item);
    return item;
  }

  protected fetchPage(limit: number, offset: number, signal: AbortSignal): Promise<Page<Organization>> {
    return this.session().then(({ client }) => client.organizations.listPage(limit, offset, signal));
  }

  protected toNode(org: Organization): ExplorerNode {
    return new OrganizationNode(this, this.ctx, org);
  }

  private drawSandbox(item: vscode.TreeItem): void {
    const status = this.ctx.registry.builtInStatus() ?? { state: 'stopped' as const };
    const running = status.state === 'running';
    item.description = running
      ? `running · 127.0.0.1:${status.port ?? ''}`
      : status.state === 'failed'
        ? 'failed'
        : `${status.state}…`;
    item.iconPath = running
      ? themeIcon('vm-running', 'testing.iconPassed')
      : status.state === 'failed'
        ? themeIcon('error', 'errorForeground')
        : themeIcon('loading~spin');
    item.tooltip = running
      ? tooltip([
          '**Local sandbox** (built in)',
          '',
          `- API: ${code(status.baseUrl ?? '')}`,
          `- Data: ${code(status.dataDir ?? '')}`,
        ])
      : tooltip([`**Local sandbox**: ${status.state}`, status.error && '', status.error && esc(status.error)]);
    // Keeps the sandbox's own menus (start/stop/restart) matching `^connection:sandbox\b.*:running\b`.
    item.contextValue = contextValue(NodeKinds.connection, {
      sandbox: true,
      running,
      failed: status.state === 'failed',
    });
  }

  private drawRemote(item: vscode.TreeItem): void {
    const config = this.entry.config;
    const host = config ? new URL(config.baseUrl).host : '';
    item.description = this.signedIn ? host : `${host} · signed out`;
    item.iconPath = this.ctx.icons.media('connection');
    item.tooltip = tooltip([
      `**${esc(this.entry.name)}**${this.signedIn ? '' : ' (signed out)'}`,
      '',
      `- API: ${code(config?.baseUrl ?? '')}`,
      `- Auth: ${code(config?.authUrl ?? '')}`,
      `- Logs: ${code(config?.logUrl ?? '')}`,
      `- Client: ${code(config?.clientId ?? '')}`,
    ]);
    item.contextValue = contextValue(NodeKinds.connection, {
      remote: true,
      signedIn: this.signedIn,
      signedOut: !this.signedIn,
    });
  }
}
