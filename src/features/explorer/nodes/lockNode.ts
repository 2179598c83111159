// The project's lock: who holds it and their notes. The state is the project node's (read when the project
// was expanded), so the lock, the project's description and its menus always agree.
import * as vscode from 'vscode';
import { contextValue, NodeKinds } from '../../../host/contextValues';
import { childId, ExplorerNode, type ExplorerContext } from '../explorerNode';
import type { InProject } from './projectGroup';
import type { LockState, ProjectNode } from './projectNode';

/** Who holds the lock, as the lock node and the project's description both name them. */
export function lockHolder(state: LockState): string {
  if (state.kind !== 'locked') return '';
  const owner = state.lock.lockOwner;
  const who = owner?.name ?? owner?.email ?? owner?.id ?? 'another user';
  return state.mine === true ? `${who} (you)` : who;
}

export class LockNode extends ExplorerNode implements InProject {
  readonly id: string;

  constructor(
    readonly projectNode: ProjectNode,
    ctx: ExplorerContext,
  ) {
    super(projectNode, ctx);
    this.id = childId(projectNode.id, 'lock');
  }

  getTreeItem(): vscode.TreeItem {
    const state = this.projectNode.lockState;
    const item = new vscode.TreeItem('Lock', vscode.TreeItemCollapsibleState.None);
    if (state.kind === 'locked') {
      const { lock } = state;
      item.description = `locked by ${lockHolder(state)}`;
      item.iconPath = new vscode.ThemeIcon(
        'lock',
        new vscode.ThemeColor(state.mine === false ? 'list.warningForeground' : 'foreground'),
      );
      item.tooltip = new vscode.MarkdownString(
        [
          `**Locked by ${lockHolder(state)}**${lock.lockOwner?.email ? ` <${lock.lockOwner.email}>` : ''}`,
          '',
          ...(lock.notes ? [`Notes: “${lock.notes}”`] : []),
          ...(lock.createTime ? [`Since ${lock.createTime}`] : []),
          state.mine === false ? 'Others can view the project but not edit it until it is unlocked.' : '',
        ].join('\n\n'),
      );
    } else {
      item.description = state.kind === 'unlocked' ? 'not locked' : 'unknown';
      item.iconPath = new vscode.ThemeIcon('unlock');
      item.tooltip = 'Nobody holds a lock on this project; anyone with edit rights may change it.';
    }
    const locked = state.kind === 'locked';
    item.contextValue = contextValue(NodeKinds.lock, {
      locked,
      mine: locked && state.mine === true,
      others: locked && state.mine === false,
      unlocked: state.kind === 'unlocked',
    });
    return item;
  }
}
