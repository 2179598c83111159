// The explorer's data: the connection nodes at the root and everything loaded below them, with one change
// event. It follows the connection registry (connections added, removed, signed in or out, the sandbox
// starting or stopping) and refreshes just the branch concerned. The tree provider only reads it.
import * as vscode from 'vscode';
import type { ConnectionRegistry, ConnectionsChange } from '../../core/connections/connectionRegistry';
import type { Logger } from '../../core/logger';
import { Disposable } from '../../host/lifecycle';
import type { ExplorerContext, ExplorerNode } from './explorerNode';
import type { ExplorerIcons } from './icons';
import { EmptyNode, ErrorNode, LoadMoreNode } from './messageNodes';
import { ConnectionNode } from './nodes/connectionNode';

export interface ExplorerModelDeps {
  readonly registry: ConnectionRegistry;
  readonly logger: Logger;
  readonly icons: ExplorerIcons;
  readonly pageSize: () => number;
}

export class ExplorerModel extends Disposable {
  private readonly changed = this._register(new vscode.EventEmitter<ExplorerNode | undefined>());
  /** `undefined`: the roots changed. */
  readonly onDidChange: vscode.Event<ExplorerNode | undefined> = this.changed.event;
  readonly context: ExplorerContext;
  private readonly roots = new Map<string, ConnectionNode>();

  constructor(private readonly deps: ExplorerModelDeps) {
    super();
    this.context = {
      registry: deps.registry,
      logger: deps.logger,
      icons: deps.icons,
      pageSize: deps.pageSize,
      changed: (node) => this.emit(node),
      refresh: (node) => this.refresh(node),
      errorNode: (parent, err) => new ErrorNode(parent, this.context, err),
      emptyNode: (parent, label) => new EmptyNode(parent, this.context, label),
      loadMoreNode: (parent) => new LoadMoreNode(parent, this.context),
    };
    const subscription = deps.registry.onDidChange((change) => this.onConnectionsChanged(change));
    this._register({ dispose: () => subscription.dispose() });
    this._register({
      dispose: () => {
        for (const node of this.roots.values()) node.dispose();
        this.roots.clear();
      },
    });
  }

  /** The connection nodes: saved connections always, the local sandbox unless it is stopped. */
  async rootNodes(): Promise<ConnectionNode[]> {
    const status = this.deps.registry.builtInStatus();
    const visible = this.deps.registry
      .list()
      .filter((c) => c.kind === 'remote' || (status !== undefined && status.state !== 'stopped'));
    const nodes = visible.map((entry) => {
      let node = this.roots.get(entry.id);
      if (node) node.update(entry);
      else this.roots.set(entry.id, (node = new ConnectionNode(entry, this.context)));
      return node;
    });
    for (const [id, node] of this.roots) {
      if (!visible.some((c) => c.id === id)) {
        node.dispose();
        this.roots.delete(id);
      }
    }
    await Promise.all(nodes.map((n) => n.refreshSignInState()));
    return nodes;
  }

  /** Reloads `node` (or everything) when it is next shown; expanded nodes reload at once. */
  refresh(node?: ExplorerNode): void {
    if (node) {
      node.invalidate();
      this.context.changed(node);
      return;
    }
    for (const root of this.roots.values()) root.invalidate();
    this.emit(undefined);
  }

  /** Loaded nodes that match, depth first (nothing is fetched to look). */
  find<T extends ExplorerNode>(predicate: (node: ExplorerNode) => node is T): T[];
  find(predicate: (node: ExplorerNode) => boolean): ExplorerNode[];
  find(predicate: (node: ExplorerNode) => boolean): ExplorerNode[] {
    const found: ExplorerNode[] = [];
    const visit = (node: ExplorerNode): void => {
      if (predicate(node)) found.push(node);
      for (const child of node.loadedChildren() ?? []) visit(child);
    };
    for (const root of this.roots.values()) visit(root);
    return found;
  }

  /** Refreshes every loaded node that matches (after a command changed what they show). */
  refreshWhere(predicate: (node: ExplorerNode) => boolean): number {
    const nodes = this.find(predicate);
    for (const node of nodes) this.refresh(node);
    return nodes.length;
  }

  private onConnectionsChanged(change: ConnectionsChange): void {
    const node = change.connectionId === undefined ? undefined : this.roots.get(change.connectionId);
    const entry = change.connectionId === undefined ? undefined : this.deps.registry.get(change.connectionId);
    if (node && entry?.kind === 'remote') {
      this.refresh(node);
      return;
    }
    // The list changed, or the sandbox changed state (it may appear or disappear, and its address changes).
    node?.invalidate();
    this.emit(undefined);
  }

  private emit(node: ExplorerNode | undefined): void {
    if (!this.isDisposed) this.changed.fire(node);
  }
}
