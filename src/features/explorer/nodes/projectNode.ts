// A project: expanding it reads the project (fresh channels and locales) and its lock, then shows Channels,
// Entities, Intents, Dialog (its dialog.json's components), Builds, Jobs and the Lock. The lock also sets the project's own flags (locked, mine,
// others), which decide the Lock/Unlock menu items.
import * as vscode from 'vscode';
import type { ConnectionIdentity } from '../../../core/connections/connectionPorts';
import type { Lock, Project } from '../../../core/platform/types';
import { contextValue, NodeKinds } from '../../../host/contextValues';
import { childId, ContainerNode, type ExplorerContext, type ExplorerNode } from '../explorerNode';
import { BuildsGroupNode } from './buildNodes';
import { ChannelsGroupNode } from './channelNodes';
import { DialogGroupNode } from './dialogNodes';
import { EntitiesGroupNode } from './entityNodes';
import { EnvConfigsGroupNode } from './envConfigNodes';
import { IntentsGroupNode } from './intentNodes';
import { JobsGroupNode } from './jobNodes';
import { LockNode, lockHolder } from './lockNode';
import { escapeMarkdown as esc, markdownCode as code } from '../../../core/markdown';
import { tooltip } from '../markdown';

/** Unknown until the project is expanded (one request per project would be too many for a list). */
export type LockState =
  | { readonly kind: 'unknown' }
  | { readonly kind: 'unlocked' }
  | { readonly kind: 'locked'; readonly lock: Lock; readonly mine?: boolean };

export function isMine(lock: Lock, identity: ConnectionIdentity | undefined): boolean | undefined {
  const owner = lock.lockOwner;
  if (!identity || !owner) return undefined;
  if (identity.userId && owner.id) return identity.userId === owner.id;
  if (identity.email && owner.email) return identity.email.toLowerCase() === owner.email.toLowerCase();
  return undefined;
}

export class ProjectNode extends ContainerNode {
  readonly id: string;
  protected readonly emptyLabel = 'Empty project';
  lockState: LockState = { kind: 'unknown' };

  constructor(
    parent: ExplorerNode,
    ctx: ExplorerContext,
    public project: Project,
    readonly orgId: string,
  ) {
    super(parent, ctx);
    this.id = childId(parent.id, `project:${project.id}`);
  }

  get projectId(): string {
    return this.project.id;
  }

  get projectName(): string {
    return this.project.displayName;
  }

  get languages(): readonly string[] {
    return this.project.languages ?? [];
  }

  getTreeItem(): vscode.TreeItem {
    const p = this.project;
    const item = new vscode.TreeItem(p.displayName, vscode.TreeItemCollapsibleState.Collapsed);
    const locales = this.languages.length;
    const holder = lockHolder(this.lockState);
    item.description = [`${locales} locale${locales === 1 ? '' : 's'}`, holder ? `locked by ${holder}` : '']
      .filter(Boolean)
      .join(' · ');
    item.iconPath = this.lockState.kind === 'locked' ? new vscode.ThemeIcon('lock') : this.ctx.icons.media('project');
    const notes = this.lockState.kind === 'locked' ? this.lockState.lock.notes : undefined;
    item.tooltip = tooltip([
      `**${esc(p.displayName)}**`,
      '',
      `- Project id: ${code(p.id)}`,
      `- Locales (${locales}): ${esc(this.languages.join(', ')) || '—'}`,
      `- Channels: ${p.channels?.length ?? 0}`,
      !!p.datapacks?.length &&
        `- Data packs: ${esc(p.datapacks.map((d) => `${d.displayName} ${d.version}`).join(', '))}`,
      this.lockState.kind === 'locked' && `- Locked by ${esc(holder)}${notes ? `: “${esc(notes)}”` : ''}`,
      this.lockState.kind === 'unlocked' && '- Not locked',
      p.updateTime && `- Updated ${p.updateTime}`,
    ]);
    const locked = this.lockState.kind === 'locked';
    const mine = this.lockState.kind === 'locked' && this.lockState.mine === true;
    const others = this.lockState.kind === 'locked' && this.lockState.mine === false;
    item.contextValue = contextValue(NodeKinds.project, {
      locked,
      mine,
      others,
      unlocked: this.lockState.kind === 'unlocked',
    });
    return item;
  }

  /** Another view of the lock (the Lock node, a command) tells the project, which redraws its flags. */
  setLock(lock: Lock | undefined, identity: ConnectionIdentity | undefined): void {
    const next: LockState = lock ? { kind: 'locked', lock, mine: isMine(lock, identity) } : { kind: 'unlocked' };
    if (JSON.stringify(next) === JSON.stringify(this.lockState)) return;
    this.lockState = next;
    this.ctx.changed(this);
  }

  protected async loadChildren(signal: AbortSignal): Promise<ExplorerNode[]> {
    const { client, identity } = await this.session();
    const [project, lock] = await Promise.all([
      client.projects.get(this.project.id, { signal }),
      client.projects.getLock(this.project.id, { signal }),
    ]);
    this.project = project;
    this.setLock(lock, identity);
    return [
      new ChannelsGroupNode(this, this.ctx),
      new EntitiesGroupNode(this, this.ctx),
      new IntentsGroupNode(this, this.ctx),
      new DialogGroupNode(this, this.ctx),
      new BuildsGroupNode(this, this.ctx),
      new EnvConfigsGroupNode(this, this.ctx),
      new JobsGroupNode(this, this.ctx),
      new LockNode(this, this.ctx),
    ];
  }
}
