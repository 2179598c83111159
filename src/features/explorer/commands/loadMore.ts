import { CommandIds } from '../../../host/commandIds';
import type { Command } from '../../../host/commands';
import { LoadMoreNode } from '../messageNodes';

/** The "Load more…" node's click: the next page of its list. */
export class LoadMoreCommand implements Command {
  readonly id = CommandIds.explorerLoadMore;

  async execute(node?: unknown): Promise<void> {
    if (!(node instanceof LoadMoreNode))
      throw new Error('Load more works on a "Load more…" node of the Conversational Studio explorer.');
    await node.owner.loadMore();
  }
}
