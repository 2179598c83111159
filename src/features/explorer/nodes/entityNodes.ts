// Entities of a project, grouped by type (list, freeform, regex, rule-based, relational, predefined).
import * as vscode from 'vscode';
import type { Entity, EntityKind } from '../../../core/platform/nluTypes';
import { contextValue, NodeKinds } from '../../../host/contextValues';
import { childId, ExplorerNode, type ExplorerContext } from '../explorerNode';
import { humanize } from '../icons';
import { ProjectGroupNode, type InProject } from './projectGroup';
import type { ProjectNode } from './projectNode';
import { escapeMarkdown as esc } from '../../../core/markdown';
import { tooltip } from '../markdown';

export const ENTITY_KIND_LABELS: Readonly<Record<EntityKind, string>> = {
  LIST: 'List',
  FREEFORM: 'Freeform',
  REGEX: 'Regex',
  RULE_BASED: 'Rule-based',
  RELATIONAL: 'Relational',
  BASE: 'Predefined',
};
const KIND_ORDER: readonly EntityKind[] = ['LIST', 'FREEFORM', 'REGEX', 'RULE_BASED', 'RELATIONAL', 'BASE'];
const KIND_FLAGS: Readonly<Record<EntityKind, string>> = {
  LIST: 'list',
  FREEFORM: 'freeform',
  REGEX: 'regex',
  RULE_BASED: 'ruleBased',
  RELATIONAL: 'relational',
  BASE: 'base',
};

export class EntitiesGroupNode extends ProjectGroupNode {
  protected readonly label = 'Entities';
  protected readonly kind = NodeKinds.entities;
  protected readonly icon = 'symbol-field';
  protected readonly emptyLabel = 'No entities';

  constructor(projectNode: ProjectNode, ctx: ExplorerContext) {
    super(projectNode, ctx, 'entities');
  }

  protected async loadChildren(signal: AbortSignal): Promise<ExplorerNode[]> {
    const { client } = await this.session();
    const entities = await client.entities.list(this.projectId, { signal });
    return KIND_ORDER.flatMap((kind) => {
      const ofKind = entities.filter((e) => e.kind === kind).sort((a, b) => a.name.localeCompare(b.name));
      return ofKind.length > 0 ? [new EntityKindNode(this, this.ctx, kind, ofKind)] : [];
    });
  }
}

/** One type's entities; they came with the group's single request, so nothing loads here. */
export class EntityKindNode extends ExplorerNode implements InProject {
  readonly id: string;
  private readonly children: EntityNode[];

  constructor(
    readonly group: EntitiesGroupNode,
    ctx: ExplorerContext,
    readonly kind: EntityKind,
    entities: readonly Entity[],
  ) {
    super(group, ctx);
    this.id = childId(group.id, kind);
    this.children = entities.map((e) => new EntityNode(this, ctx, e));
  }

  get projectNode(): ProjectNode {
    return this.group.projectNode;
  }

  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(ENTITY_KIND_LABELS[this.kind], vscode.TreeItemCollapsibleState.Collapsed);
    item.description = String(this.children.length);
    item.iconPath = new vscode.ThemeIcon(this.kind === 'BASE' ? 'library' : 'folder');
    item.contextValue = contextValue(NodeKinds.entityKind, { [KIND_FLAGS[this.kind]]: true });
    return item;
  }

  override getChildren(): Promise<ExplorerNode[]> {
    return Promise.resolve(this.children);
  }

  override loadedChildren(): readonly ExplorerNode[] {
    return this.children;
  }
}

export class EntityNode extends ExplorerNode implements InProject {
  readonly id: string;

  constructor(
    readonly kindNode: EntityKindNode,
    ctx: ExplorerContext,
    readonly entity: Entity,
  ) {
    super(kindNode, ctx);
    this.id = childId(kindNode.id, entity.name);
  }

  get projectNode(): ProjectNode {
    return this.kindNode.projectNode;
  }

  get entityName(): string {
    return this.entity.name;
  }

  getTreeItem(): vscode.TreeItem {
    const e = this.entity;
    const item = new vscode.TreeItem(e.name, vscode.TreeItemCollapsibleState.None);
    const dataType = e.dataType && e.dataType !== 'NOT_SET' ? humanize(e.dataType) : '';
    const detail =
      e.kind === 'LIST' && e.numLiterals !== undefined
        ? `${e.numLiterals} literal${e.numLiterals === 1 ? '' : 's'}`
        : e.kind === 'REGEX'
          ? (e.pattern ?? '')
          : e.kind === 'RELATIONAL'
            ? [e.isA ? `isA ${e.isA}` : '', e.hasA?.entities.length ? `hasA ${e.hasA.entities.join(', ')}` : '']
                .filter(Boolean)
                .join(' · ')
            : '';
    item.description = [dataType, detail, e.isDynamic ? 'dynamic' : ''].filter(Boolean).join(' · ');
    item.iconPath = this.ctx.icons.media('entity');
    item.tooltip = tooltip([
      `**${esc(e.name)}** — ${ENTITY_KIND_LABELS[e.kind]} entity`,
      '',
      dataType && `- Data type: ${dataType}`,
      detail && `- ${esc(detail)}`,
      e.settings.isSensitive && '- Sensitive',
      e.settings.canonicalize && '- Canonicalized',
      e.isDynamic && '- Dynamic',
    ]);
    item.contextValue = contextValue(NodeKinds.entity, { [KIND_FLAGS[e.kind]]: true, custom: e.kind !== 'BASE' });
    return item;
  }
}
