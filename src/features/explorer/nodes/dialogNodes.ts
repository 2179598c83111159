// A project's dialog components, from the dialog.json of its package (exported on expand, read by core/dialog's
// reader): intent components with their intent, the others, each with its node count.
import * as vscode from 'vscode';
import { readDialog, type DialogComponent } from '../../../core/dialog/dialogModel';
import { DIALOG_FILE } from '../../../core/package/layout';
import { ZipArchive } from '../../../core/package/zipArchive';
import { NodeKinds } from '../../../host/contextValues';
import { childId, ExplorerNode, type ExplorerContext } from '../explorerNode';
import { escapeMarkdown as esc, markdownCode as code } from '../../../core/markdown';
import { tooltip } from '../markdown';
import { ProjectGroupNode, type InProject } from './projectGroup';
import type { ProjectNode } from './projectNode';

export class DialogGroupNode extends ProjectGroupNode {
  protected readonly label = 'Dialog';
  protected readonly kind = NodeKinds.dialog;
  protected readonly icon = 'type-hierarchy';
  protected readonly emptyLabel = 'No dialog components';

  constructor(projectNode: ProjectNode, ctx: ExplorerContext) {
    super(projectNode, ctx, 'dialog');
  }

  protected async loadChildren(signal: AbortSignal): Promise<ExplorerNode[]> {
    const { client } = await this.session();
    const bytes = await (await client.projects.exportPackage(this.projectId, { signal })).toBuffer();
    const archive = await ZipArchive.fromBytes(bytes);
    if (!archive.entry(DIALOG_FILE)) return [];
    const model = readDialog(new TextDecoder().decode(await archive.read(DIALOG_FILE, signal)));
    const intents = new Map(model.intents.map((i) => [i.id, i.name]));
    return model.components.map((c) => new DialogComponentNode(this, this.ctx, c, intents.get(c.intentId)));
  }
}

export class DialogComponentNode extends ExplorerNode implements InProject {
  readonly id: string;

  constructor(
    readonly group: DialogGroupNode,
    ctx: ExplorerContext,
    readonly component: DialogComponent,
    readonly intent: string | undefined,
  ) {
    super(group, ctx);
    this.id = childId(group.id, component.id);
  }

  get projectNode(): ProjectNode {
    return this.group.projectNode;
  }

  getTreeItem(): vscode.TreeItem {
    const c = this.component;
    const item = new vscode.TreeItem(c.name || c.id, vscode.TreeItemCollapsibleState.None);
    const nodes = `${c.nodes.length} node${c.nodes.length === 1 ? '' : 's'}`;
    item.description = [c.intentId ? 'intent component' : '', nodes].filter(Boolean).join(' · ');
    item.iconPath = new vscode.ThemeIcon(c.intentId ? 'symbol-event' : 'symbol-module');
    item.contextValue = NodeKinds.dialogComponent;
    item.tooltip = tooltip([
      `**${esc(c.name)}**`,
      '',
      `- Component id: ${code(c.id)}`,
      this.intent !== undefined && `- Handles intent ${code(this.intent)}`,
      `- Nodes: ${esc(c.nodes.map((n) => `${n.name || n.id} (${n.kind})`).join(', ')) || '—'}`,
    ]);
    return item;
  }
}
