import type { ConnectionRegistry } from '../../../core/connections/connectionRegistry';
import { CommandIds } from '../../../host/commandIds';
import type { Command } from '../../../host/commands';
import { resolveConnection } from '../../../host/connectionPick';
import type { Prompter } from '../../../host/prompter';

/** Remove Connection: after a confirmation, the saved connection and its secret are deleted. */
export class RemoveConnectionCommand implements Command {
  readonly id = CommandIds.connectionRemove;
  constructor(
    private readonly registry: ConnectionRegistry,
    private readonly prompter: Prompter,
  ) {}

  async execute(arg?: unknown): Promise<boolean> {
    const entry = await resolveConnection(this.registry, this.prompter, arg, {
      title: 'Remove Connection',
      filter: (c) => c.kind === 'remote',
    });
    const ok = await this.prompter.confirm(`Remove connection "${entry.name}"?`, {
      detail: 'Its settings and its stored client secret are deleted. Nothing changes on the platform.',
      action: 'Remove',
    });
    if (!ok) return false;
    await this.registry.remove(entry.id);
    return true;
  }
}
