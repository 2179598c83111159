// Builds of a project: one folder per service (ASR, NLU, Dialog), each listing its versions page by page,
// newest first, with their status.
import * as vscode from 'vscode';
import { BUILD_SERVICES, type Build, type BuildService } from '../../../core/platform/buildTypes';
import type { Page } from '../../../core/platform/types';
import { contextValue, NodeKinds } from '../../../host/contextValues';
import { childId, ExplorerNode, type ExplorerContext } from '../explorerNode';
import { buildStatusIcon, humanize } from '../icons';
import { PagedContainerNode } from '../pagedNode';
import { ProjectGroupNode, type InProject } from './projectGroup';
import type { ProjectNode } from './projectNode';

const SERVICE_LABELS: Readonly<Record<BuildService, string>> = { ASR: 'ASR', NLU: 'NLU', DIALOG: 'Dialog' };

export class BuildsGroupNode extends ProjectGroupNode {
  protected readonly label = 'Builds';
  protected readonly kind = NodeKinds.builds;
  protected readonly icon = 'package';
  protected readonly emptyLabel = 'No builds';

  constructor(projectNode: ProjectNode, ctx: ExplorerContext) {
    super(projectNode, ctx, 'builds');
  }

  protected async loadChildren(): Promise<ExplorerNode[]> {
    return BUILD_SERVICES.map((service) => new BuildServiceNode(this, this.ctx, service));
  }
}

export class BuildServiceNode extends PagedContainerNode<Build> implements InProject {
  readonly id: string;
  protected readonly emptyLabel: string;

  constructor(
    readonly group: BuildsGroupNode,
    ctx: ExplorerContext,
    readonly service: BuildService,
  ) {
    super(group, ctx);
    this.id = childId(group.id, service);
    this.emptyLabel = `No ${SERVICE_LABELS[service]} builds`;
  }

  get projectNode(): ProjectNode {
    return this.group.projectNode;
  }

  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(SERVICE_LABELS[this.service], vscode.TreeItemCollapsibleState.Collapsed);
    item.iconPath = new vscode.ThemeIcon(
      this.service === 'ASR' ? 'mic' : this.service === 'NLU' ? 'symbol-namespace' : 'comment-discussion',
    );
    item.contextValue = contextValue(NodeKinds.buildService, { [this.service.toLowerCase()]: true });
    return item;
  }

  protected async fetchPage(limit: number, offset: number, signal: AbortSignal): Promise<Page<Build>> {
    const { client } = await this.session();
    return client.builds.listPage(this.projectNode.projectId, limit, offset, { type: this.service, signal });
  }

  protected toNode(build: Build): ExplorerNode {
    return new BuildNode(this, this.ctx, build);
  }
}

export class BuildNode extends ExplorerNode implements InProject {
  readonly id: string;

  constructor(
    readonly serviceNode: BuildServiceNode,
    ctx: ExplorerContext,
    readonly build: Build,
  ) {
    super(serviceNode, ctx);
    this.id = childId(serviceNode.id, build.buildLabel);
  }

  get projectNode(): ProjectNode {
    return this.serviceNode.projectNode;
  }

  getTreeItem(): vscode.TreeItem {
    const b = this.build;
    const item = new vscode.TreeItem(
      `v${b.buildVersion ?? b.buildLabel.split('_').pop() ?? '?'}`,
      vscode.TreeItemCollapsibleState.None,
    );
    const status = humanize(b.status);
    item.description = [b.locales?.join(', '), status, b.createTime?.slice(0, 16).replace('T', ' ')]
      .filter(Boolean)
      .join(' · ');
    item.iconPath = buildStatusIcon(b.status);
    const errors = b.errors?.errors ?? [];
    item.tooltip = new vscode.MarkdownString(
      [
        `**${b.buildLabel}** — ${status || 'unknown status'}`,
        '',
        ...(b.locales?.length ? [`- Locales: ${b.locales.join(', ')}`] : []),
        ...(b.modelType ? [`- Model type: ${b.modelType}`] : []),
        ...(b.notes ? [`- Notes: ${b.notes}`] : []),
        ...(b.createTime ? [`- Created ${b.createTime}`] : []),
        ...errors.map((e) => `- Error: ${e.message}`),
      ].join('\n'),
    );
    item.contextValue = contextValue(NodeKinds.build, {
      completed: b.status === 'BST_COMPLETED',
      failed: b.status === 'BST_FAILED',
    });
    return item;
  }
}
