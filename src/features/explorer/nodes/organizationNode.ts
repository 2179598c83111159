// An organization: its Applications and Bots folders, then its projects, page by page.
import * as vscode from 'vscode';
import type { Organization, Page, Project } from '../../../core/platform/types';
import { contextValue, NodeKinds } from '../../../host/contextValues';
import { childId, type ExplorerContext, type ExplorerNode } from '../explorerNode';
import { PagedContainerNode } from '../pagedNode';
import { ApplicationsGroupNode } from './applicationNodes';
import { BotsGroupNode } from './botNodes';
import { ProjectNode } from './projectNode';
import { escapeMarkdown as esc, markdownCode as code } from '../../../core/markdown';
import { tooltip } from '../markdown';

export class OrganizationNode extends PagedContainerNode<Project> {
  readonly id: string;
  protected readonly emptyLabel = 'No projects';
  private folders?: ExplorerNode[];

  constructor(
    parent: ExplorerNode,
    ctx: ExplorerContext,
    readonly organization: Organization,
  ) {
    super(parent, ctx);
    this.id = childId(parent.id, `org:${organization.id}`);
  }

  get orgId(): string {
    return this.organization.id;
  }

  getTreeItem(): vscode.TreeItem {
    const org = this.organization;
    const item = new vscode.TreeItem(org.displayName, vscode.TreeItemCollapsibleState.Collapsed);
    item.description = org.type?.toLowerCase();
    item.tooltip = tooltip([
      `**${esc(org.displayName)}**`,
      '',
      `- Organization id: ${code(org.id)}`,
      org.type && `- Type: ${esc(org.type)}`,
    ]);
    item.iconPath = this.ctx.icons.media('organization');
    item.contextValue = contextValue(NodeKinds.organization, {});
    return item;
  }

  protected override leadingNodes(): ExplorerNode[] {
    this.folders ??= [new ApplicationsGroupNode(this, this.ctx), new BotsGroupNode(this, this.ctx)];
    return this.folders;
  }

  override invalidate(): void {
    for (const folder of this.folders ?? []) folder.dispose();
    this.folders = undefined;
    super.invalidate();
  }

  protected async fetchPage(limit: number, offset: number, signal: AbortSignal): Promise<Page<Project>> {
    const { client } = await this.session();
    return client.projects.listByOrgPage(this.organization.id, limit, offset, signal);
  }

  protected toNode(project: Project): ExplorerNode {
    return new ProjectNode(this, this.ctx, project, this.organization.id);
  }
}
