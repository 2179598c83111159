// Nodes that carry a message instead of data: a load that failed (click to retry, or to sign in when the
// credentials are the problem), an empty list, and "Load more…". Their ids derive from the parent's, so a
// retry that fails again shows in the same place.
import * as vscode from 'vscode';
import { errorMessage, isNotSignedIn, platformErrorKind } from '../../core/connections/errorKind';
import { CommandIds } from '../../host/commandIds';
import { contextValue, NodeKinds } from '../../host/contextValues';
import { childId, ExplorerNode, type ExplorerContext } from './explorerNode';
import type { MoreLoader } from './pagedNode';

/** A message under `parent`; `suffix` names which, so its id stays the same when it is shown again. */
abstract class MessageNode extends ExplorerNode {
  readonly id: string;

  constructor(parent: ExplorerNode, ctx: ExplorerContext, suffix: string) {
    super(parent, ctx);
    this.id = childId(parent.id, suffix);
  }
}

export type ErrorReason = 'signedOut' | 'rejected' | 'unreachable' | 'other';

export function errorReason(err: unknown): ErrorReason {
  if (isNotSignedIn(err)) return 'signedOut';
  const kind = platformErrorKind(err);
  if (kind === 'Unauthorized') return 'rejected';
  if (kind === 'Network' || kind === 'Timeout') return 'unreachable';
  return 'other';
}

/** A failed load: what failed, why, and a click that retries (or signs in). */
export class ErrorNode extends MessageNode {
  readonly reason: ErrorReason;

  constructor(
    parent: ExplorerNode,
    ctx: ExplorerContext,
    readonly error: unknown,
  ) {
    super(parent, ctx, '#error');
    this.reason = errorReason(error);
  }

  /** Remote connections sign in again; everything else retries the parent. */
  private get signsIn(): boolean {
    const entry = this.ctx.registry.get(this.connectionId);
    return entry?.kind === 'remote' && (this.reason === 'signedOut' || this.reason === 'rejected');
  }

  getTreeItem(): vscode.TreeItem {
    const message = errorMessage(this.error);
    const label =
      this.reason === 'signedOut'
        ? 'Signed out — click to sign in'
        : this.reason === 'rejected'
          ? 'Sign-in failed — click to enter the secret again'
          : this.reason === 'unreachable'
            ? 'Cannot reach the platform — click to retry'
            : `Could not load: ${message}`;
    const item = new vscode.TreeItem(label, vscode.TreeItemCollapsibleState.None);
    item.iconPath =
      this.reason === 'signedOut'
        ? new vscode.ThemeIcon('account')
        : new vscode.ThemeIcon('error', new vscode.ThemeColor('errorForeground'));
    item.tooltip = message;
    item.description = this.reason === 'other' ? undefined : message;
    item.contextValue = contextValue(NodeKinds.message, { error: true, [this.reason]: true });
    item.command = this.signsIn
      ? { command: CommandIds.connectionSignIn, title: 'Sign In', arguments: [{ connectionId: this.connectionId }] }
      : { command: CommandIds.explorerRefresh, title: 'Retry', arguments: [this.parent] };
    return item;
  }
}

export class EmptyNode extends MessageNode {
  constructor(
    parent: ExplorerNode,
    ctx: ExplorerContext,
    readonly label: string,
  ) {
    super(parent, ctx, '#empty');
  }

  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.label, vscode.TreeItemCollapsibleState.None);
    item.iconPath = new vscode.ThemeIcon('info');
    item.contextValue = contextValue(NodeKinds.message, { empty: true });
    return item;
  }
}

export class LoadMoreNode extends MessageNode {
  constructor(
    readonly owner: ExplorerNode & MoreLoader,
    ctx: ExplorerContext,
  ) {
    super(owner, ctx, '#more');
  }

  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem('Load more…', vscode.TreeItemCollapsibleState.None);
    item.iconPath = new vscode.ThemeIcon('ellipsis');
    item.contextValue = NodeKinds.loadMore;
    item.command = { command: CommandIds.explorerLoadMore, title: 'Load More', arguments: [this] };
    return item;
  }
}
