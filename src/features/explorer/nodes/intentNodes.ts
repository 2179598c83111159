// Intents of a project, with the entities each links.
import * as vscode from 'vscode';
import { listProjectIntents } from '../../../core/nlu/projectIntents';
import type { Intent } from '../../../core/platform/nluTypes';
import { contextValue, NodeKinds } from '../../../host/contextValues';
import { childId, ExplorerNode, type ExplorerContext } from '../explorerNode';
import { ProjectGroupNode, type InProject } from './projectGroup';
import type { ProjectNode } from './projectNode';
import { escapeMarkdown as esc, markdownCode as code } from '../../../core/markdown';
import { tooltip } from '../markdown';

export class IntentsGroupNode extends ProjectGroupNode {
  protected readonly label = 'Intents';
  protected readonly kind = NodeKinds.intents;
  protected readonly icon = 'comment-discussion';
  protected readonly emptyLabel = 'No intents';

  constructor(projectNode: ProjectNode, ctx: ExplorerContext) {
    super(projectNode, ctx, 'intents');
  }

  protected async loadChildren(signal: AbortSignal): Promise<ExplorerNode[]> {
    const { client } = await this.session();
    const intents = await listProjectIntents(client, this.projectId, { signal });
    return [...intents].sort((a, b) => a.name.localeCompare(b.name)).map((i) => new IntentNode(this, this.ctx, i));
  }
}

export class IntentNode extends ExplorerNode implements InProject {
  readonly id: string;

  constructor(
    readonly group: IntentsGroupNode,
    ctx: ExplorerContext,
    readonly intent: Intent,
  ) {
    super(group, ctx);
    this.id = childId(group.id, intent.name);
  }

  get projectNode(): ProjectNode {
    return this.group.projectNode;
  }

  get intentName(): string {
    return this.intent.name;
  }

  getTreeItem(): vscode.TreeItem {
    const { intent } = this;
    const item = new vscode.TreeItem(intent.name, vscode.TreeItemCollapsibleState.None);
    const links = intent.links.map((l) => l.entityRef);
    item.description = links.length > 0 ? `${links.length} entit${links.length === 1 ? 'y' : 'ies'}` : undefined;
    item.iconPath = this.ctx.icons.media('intent');
    const locales = this.projectNode.languages;
    item.tooltip = tooltip([
      `**${esc(intent.name)}**${intent.isInBaseOntology ? ' (base ontology)' : ''}`,
      '',
      `- Linked entities: ${links.length > 0 ? links.map(code).join(', ') : 'none'}`,
      `- Samples in ${locales.length} locale${locales.length === 1 ? '' : 's'}: ${locales.join(', ') || '—'}`,
    ]);
    item.contextValue = contextValue(NodeKinds.intent, {
      base: intent.isInBaseOntology === true,
      custom: intent.isInBaseOntology !== true,
    });
    return item;
  }
}
