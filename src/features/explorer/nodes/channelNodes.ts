// Channels of a project, as the project itself lists them (with whether each is active).
import * as vscode from 'vscode';
import type { ProjectChannel } from '../../../core/platform/types';
import { contextValue, NodeKinds } from '../../../host/contextValues';
import { childId, ExplorerNode, type ExplorerContext } from '../explorerNode';
import { humanize } from '../icons';
import { ProjectGroupNode, type InProject } from './projectGroup';
import type { ProjectNode } from './projectNode';
import { escapeMarkdown as esc, markdownCode as code } from '../../../core/markdown';
import { tooltip } from '../markdown';

export class ChannelsGroupNode extends ProjectGroupNode {
  protected readonly label = 'Channels';
  protected readonly kind = NodeKinds.channels;
  protected readonly icon = 'broadcast';
  protected readonly emptyLabel = 'No channels';

  constructor(projectNode: ProjectNode, ctx: ExplorerContext) {
    super(projectNode, ctx, 'channels');
  }

  protected override description(): string | undefined {
    const n = this.projectNode.project.channels?.length;
    return n === undefined ? undefined : String(n);
  }

  protected async loadChildren(signal: AbortSignal): Promise<ExplorerNode[]> {
    const { client } = await this.session();
    // The project's own record carries the channels and their active flags.
    this.projectNode.project = await client.projects.get(this.projectId, { signal });
    return (this.projectNode.project.channels ?? []).map((c) => new ChannelNode(this, this.ctx, c));
  }
}

export class ChannelNode extends ExplorerNode implements InProject {
  readonly id: string;

  constructor(
    readonly group: ChannelsGroupNode,
    ctx: ExplorerContext,
    readonly entry: ProjectChannel,
  ) {
    super(group, ctx);
    this.id = childId(group.id, entry.channel.id);
  }

  get projectNode(): ProjectNode {
    return this.group.projectNode;
  }

  get channelId(): string {
    return this.entry.channel.id;
  }

  get active(): boolean {
    return this.entry.isActive !== false;
  }

  getTreeItem(): vscode.TreeItem {
    const { channel } = this.entry;
    const item = new vscode.TreeItem(channel.displayName, vscode.TreeItemCollapsibleState.None);
    const modes = (channel.modes ?? []).map(humanize);
    item.description = [this.active ? '' : 'inactive', modes.join(', ')].filter(Boolean).join(' · ');
    item.iconPath = this.active
      ? this.ctx.icons.media('channel')
      : new vscode.ThemeIcon('circle-slash', new vscode.ThemeColor('disabledForeground'));
    item.tooltip = tooltip([
      `**${esc(channel.displayName)}** (${this.active ? 'active' : 'inactive'})`,
      '',
      `- Channel id: ${code(channel.id)}`,
      channel.codeName && `- Code name: ${code(channel.codeName)}`,
      `- Modes: ${esc(modes.join(', ')) || '—'}`,
      `- Color: ${esc(humanize(channel.color)) || '—'}`,
    ]);
    item.contextValue = contextValue(NodeKinds.channel, { active: this.active, inactive: !this.active });
    return item;
  }
}
