// The explorer's node model: every node knows its parent and has a stable id (its parent's id plus its own
// segment), so VS Code keeps expansion and selection across refreshes. Container nodes load their children
// lazily, once, and keep them until refreshed; failures and empty results become child nodes (never pop-ups).
import type * as vscode from 'vscode';
import type { ConnectionRegistry, ConnectionSession } from '../../core/connections/connectionRegistry';
import type { Logger } from '../../core/logger';
import type { ExplorerIcons } from './icons';
import type { MoreLoader } from './pagedNode';

export interface ExplorerContext {
  readonly registry: ConnectionRegistry;
  readonly logger: Logger;
  readonly icons: ExplorerIcons;
  /** Items per "Load more…" page. */
  pageSize(): number;
  /** Tells the view that `node` changed (its item, and its children when it is expanded). */
  changed(node: ExplorerNode): void;
  /** Forgets what `node` loaded and tells the view (which loads it again if it is expanded). */
  refresh(node: ExplorerNode): void;
  /** Builds the node shown instead of children that failed to load. */
  errorNode(parent: ExplorerNode, err: unknown): ExplorerNode;
  /** Builds the node shown when a container has no children. */
  emptyNode(parent: ExplorerNode, label: string): ExplorerNode;
  /** Builds the "Load more…" node of a paged container. */
  loadMoreNode(parent: ExplorerNode & MoreLoader): ExplorerNode;
}

export function childId(parentId: string, segment: string): string {
  return `${parentId}/${encodeURIComponent(segment)}`;
}

export abstract class ExplorerNode {
  abstract readonly id: string;

  constructor(
    readonly parent: ExplorerNode | undefined,
    protected readonly ctx: ExplorerContext,
  ) {}

  /**
   * The connection every node below a connection belongs to (commands read it from any node): the parent's,
   * up to the connection's own node, which says it.
   */
  get connectionId(): string {
    if (!this.parent) throw new Error(`Explorer node ${this.id} has no parent to take its connection from.`);
    return this.parent.connectionId;
  }

  abstract getTreeItem(): vscode.TreeItem;

  getChildren(): Promise<ExplorerNode[]> {
    return Promise.resolve([]);
  }

  /** The children already loaded, without loading (undefined when not loaded). */
  loadedChildren(): readonly ExplorerNode[] | undefined {
    return undefined;
  }

  /** Forgets what was loaded below this node; the next `getChildren` loads again. */
  invalidate(): void {
    // Leaf nodes hold nothing.
  }

  /** Releases timers and pending loads (the node left the tree). */
  dispose(): void {
    this.invalidate();
  }

  protected session(): Promise<ConnectionSession> {
    return this.ctx.registry.session(this.connectionId);
  }
}

/** A node whose children come from the platform. */
export abstract class ContainerNode extends ExplorerNode {
  private pending?: Promise<ExplorerNode[]>;
  private loaded?: ExplorerNode[];
  private controller?: AbortController;

  /** Shown as the single child when the list is empty, e.g. "No intents". */
  protected abstract readonly emptyLabel: string;

  protected abstract loadChildren(signal: AbortSignal): Promise<ExplorerNode[]>;

  override getChildren(): Promise<ExplorerNode[]> {
    this.pending ??= this.load();
    return this.pending;
  }

  override loadedChildren(): readonly ExplorerNode[] | undefined {
    return this.loaded;
  }

  override invalidate(): void {
    this.controller?.abort();
    this.controller = undefined;
    this.pending = undefined;
    for (const child of this.loaded ?? []) child.dispose();
    this.loaded = undefined;
  }

  /** Replaces the loaded children in place (after "Load more…") and tells the view. */
  protected replaceChildren(children: ExplorerNode[]): void {
    this.loaded = children;
    this.pending = Promise.resolve(children);
    this.ctx.changed(this);
  }

  private async load(): Promise<ExplorerNode[]> {
    const controller = new AbortController();
    this.controller = controller;
    let children: ExplorerNode[];
    try {
      children = await this.loadChildren(controller.signal);
      if (children.length === 0) children = [this.ctx.emptyNode(this, this.emptyLabel)];
    } catch (err) {
      // A refresh superseded this load; its own load answers the view.
      if (controller.signal.aborted) return [];
      this.ctx.logger.warn(`loading ${this.id} failed:`, err);
      children = [this.ctx.errorNode(this, err)];
    }
    if (this.controller === controller) this.loaded = children;
    return children;
  }
}
