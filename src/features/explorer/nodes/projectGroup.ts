// The folders under a project (Channels, Entities, Intents, Builds, Jobs): each knows its project node, so
// commands run from a folder or from anything inside it find the project without another request.
import * as vscode from 'vscode';
import type { NodeKind } from '../../../host/contextValues';
import { childId, ContainerNode, type ExplorerContext } from '../explorerNode';
import type { ProjectNode } from './projectNode';

/** Anything below a project: it can name its project. */
export interface InProject {
  readonly projectNode: ProjectNode;
}

export abstract class ProjectGroupNode extends ContainerNode implements InProject {
  readonly id: string;
  protected abstract readonly label: string;
  protected abstract readonly kind: NodeKind;
  protected abstract readonly icon: string;

  constructor(
    readonly projectNode: ProjectNode,
    ctx: ExplorerContext,
    segment: string,
  ) {
    super(projectNode, ctx);
    this.id = childId(projectNode.id, segment);
  }

  get projectId(): string {
    return this.projectNode.projectId;
  }

  /** Extra text beside the folder's name (counts, the latest build…). */
  protected description(): string | undefined {
    return undefined;
  }

  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.label, vscode.TreeItemCollapsibleState.Collapsed);
    item.iconPath = new vscode.ThemeIcon(this.icon);
    item.description = this.description();
    item.contextValue = this.kind;
    return item;
  }
}
