// An organization's bots (applications with a dialog build) → their configurations by context tag.
import * as vscode from 'vscode';
import type { AppConfig, Bot } from '../../../core/platform/appTypes';
import { contextValue, NodeKinds } from '../../../host/contextValues';
import { childId, ContainerNode, ExplorerNode, type ExplorerContext } from '../explorerNode';
import { buildsSummary, geographyDeployments } from './applicationNodes';
import type { OrganizationNode } from './organizationNode';
import { escapeMarkdown as esc, markdownCode as code } from '../../../core/markdown';
import { tooltip } from '../markdown';

export class BotsGroupNode extends ContainerNode {
  readonly id: string;
  protected readonly emptyLabel = 'No bots';

  constructor(
    readonly org: OrganizationNode,
    ctx: ExplorerContext,
  ) {
    super(org, ctx);
    this.id = childId(org.id, 'bots');
  }

  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem('Bots', vscode.TreeItemCollapsibleState.Collapsed);
    item.iconPath = new vscode.ThemeIcon('hubot');
    item.contextValue = NodeKinds.bots;
    return item;
  }

  protected async loadChildren(signal: AbortSignal): Promise<ExplorerNode[]> {
    const { client } = await this.session();
    const bots = await client.bots.list(this.org.orgId, { view: 'full', signal });
    return bots.map((bot) => new BotNode(this, this.ctx, bot));
  }
}

export class BotNode extends ExplorerNode {
  readonly id: string;
  private readonly children: ExplorerNode[];

  constructor(
    readonly group: BotsGroupNode,
    ctx: ExplorerContext,
    readonly bot: Bot,
  ) {
    super(group, ctx);
    this.id = childId(group.id, bot.id);
    this.children =
      bot.configs.length > 0
        ? bot.configs.map((c) => new BotConfigNode(this, ctx, c))
        : [ctx.emptyNode(this, 'No configurations')];
  }

  getTreeItem(): vscode.TreeItem {
    const { bot } = this;
    const item = new vscode.TreeItem(bot.applicationName, vscode.TreeItemCollapsibleState.Collapsed);
    item.description = `${bot.configs.length} configuration${bot.configs.length === 1 ? '' : 's'}`;
    item.iconPath = this.ctx.icons.media('bot');
    item.tooltip = tooltip([
      `**${esc(bot.applicationName)}**`,
      '',
      `- Bot id: ${code(bot.id)}`,
      bot.createTime && `- Created ${bot.createTime}`,
    ]);
    item.contextValue = contextValue(NodeKinds.bot, {});
    return item;
  }

  override getChildren(): Promise<ExplorerNode[]> {
    return Promise.resolve(this.children);
  }

  override loadedChildren(): readonly ExplorerNode[] {
    return this.children;
  }
}

export class BotConfigNode extends ExplorerNode {
  readonly id: string;

  constructor(
    readonly botNode: BotNode,
    ctx: ExplorerContext,
    readonly config: AppConfig,
  ) {
    super(botNode, ctx);
    this.id = childId(botNode.id, config.id);
  }

  getTreeItem(): vscode.TreeItem {
    const c = this.config;
    const item = new vscode.TreeItem(c.tag, vscode.TreeItemCollapsibleState.None);
    const live = geographyDeployments(c)
      .filter((d) => d.status === 'DEPLOYED')
      .map((d) => d.envGeography.geography.displayName);
    item.description = [buildsSummary(c.builds), live.length > 0 ? `live in ${live.join(', ')}` : 'not deployed']
      .filter(Boolean)
      .join(' · ');
    item.iconPath = new vscode.ThemeIcon(live.length > 0 ? 'cloud' : 'settings-gear');
    item.tooltip = tooltip([
      `**${esc(c.tag)}** — bot configuration ${code(c.id)}`,
      '',
      `- Builds: ${buildsSummary(c.builds) || 'none'}`,
      `- Deployed: ${esc(live.join(', ')) || 'nowhere'}`,
      c.hasInterface && '- Has a configuration interface (languages, channels, variables)',
    ]);
    item.contextValue = contextValue(NodeKinds.botConfig, { deployed: live.length > 0 });
    return item;
  }
}
