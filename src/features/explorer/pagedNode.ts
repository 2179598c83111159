// A container whose children come page by page from a list endpoint: the first page on expansion, then one
// more page each time the user clicks "Load more…". Nodes of earlier pages are kept (with whatever is
// expanded below them) when a page is added.
import type { Page } from '../../core/platform/types';
import { ContainerNode, type ExplorerNode } from './explorerNode';

export interface MoreLoader {
  /** Fetches the next page and adds its nodes. */
  loadMore(): Promise<void>;
  readonly hasMore: boolean;
}

export abstract class PagedContainerNode<T> extends ContainerNode implements MoreLoader {
  private itemNodes: ExplorerNode[] = [];
  private nextOffset = 0;
  private more = false;
  private loadingMore?: Promise<void>;
  /** Bumped by every refresh, so a page that arrives after one is dropped. */
  private generation = 0;

  protected abstract fetchPage(limit: number, offset: number, signal: AbortSignal): Promise<Page<T>>;
  protected abstract toNode(item: T): ExplorerNode;
  /** Nodes shown before the items (e.g. group folders). */
  protected leadingNodes(): ExplorerNode[] {
    return [];
  }

  get hasMore(): boolean {
    return this.more;
  }

  protected async loadChildren(signal: AbortSignal): Promise<ExplorerNode[]> {
    this.itemNodes = [];
    this.nextOffset = 0;
    await this.fetchNext(signal);
    return this.children();
  }

  loadMore(): Promise<void> {
    this.loadingMore ??= (async () => {
      const generation = this.generation;
      try {
        await this.fetchNext(new AbortController().signal, generation);
        // A refresh meanwhile started over from the first page; this page belongs to the old list.
        if (generation === this.generation) this.replaceChildren(this.children());
      } finally {
        this.loadingMore = undefined;
      }
    })();
    return this.loadingMore;
  }

  override invalidate(): void {
    super.invalidate();
    this.generation += 1;
    this.itemNodes = [];
    this.nextOffset = 0;
    this.more = false;
  }

  private async fetchNext(signal: AbortSignal, generation = this.generation): Promise<void> {
    const page = await this.fetchPage(this.ctx.pageSize(), this.nextOffset, signal);
    if (generation !== this.generation) return;
    for (const item of page.items) this.itemNodes.push(this.toNode(item));
    this.nextOffset += page.items.length;
    this.more = page.hasMore && page.items.length > 0;
  }

  private children(): ExplorerNode[] {
    const leading = this.leadingNodes();
    if (this.itemNodes.length === 0 && leading.length === 0) return [];
    const loadMore = this.more ? [this.ctx.loadMoreNode(this)] : [];
    return [...leading, ...this.itemNodes, ...loadMore];
  }
}
