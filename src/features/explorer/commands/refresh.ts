import { CommandIds } from '../../../host/commandIds';
import type { Command } from '../../../host/commands';
import { ExplorerNode } from '../explorerNode';
import type { ExplorerModel } from '../explorerModel';

/** Refresh: the node it is invoked on (and everything below it), or the whole explorer from the view title. */
export class RefreshCommand implements Command {
  readonly id = CommandIds.explorerRefresh;
  constructor(private readonly model: ExplorerModel) {}

  execute(node?: unknown): void {
    this.model.refresh(node instanceof ExplorerNode ? node : undefined);
  }
}
