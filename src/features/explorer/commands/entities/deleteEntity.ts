import { CommandIds } from '../../../../host/commandIds';
import type { Command } from '../../../../host/commands';
import type { ExplorerCommandDeps } from '../../commandDeps';
import { refreshProject } from '../../refreshAfter';
import { resolveEntity } from '../../targets';

/** Delete Entity: after a confirmation. */
export class DeleteEntityCommand implements Command {
  readonly id = CommandIds.entityDelete;
  constructor(private readonly deps: ExplorerCommandDeps) {}

  async execute(arg?: unknown): Promise<boolean> {
    const target = await resolveEntity(this.deps, arg, 'Delete Entity');
    const name = target.entity.name;
    const ok = await this.deps.prompter.confirm(`Delete entity "${name}" from project "${target.projectName}"?`, {
      detail: 'Its literals and grammars go with it, and intents no longer link it. This cannot be undone.', action: 'Delete',
    });
    if (!ok) return false;
    await this.deps.prompter.withProgress({ title: `Deleting entity "${name}"` }, (_p, signal) =>
      target.client.entities.delete(target.projectId, name, { signal }));
    refreshProject(this.deps.model, target.connectionId, target.projectId, 'entities', 'intents');
    return true;
  }
}
