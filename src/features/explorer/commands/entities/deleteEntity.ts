import { CommandIds } from '../../../../host/commandIds';
import { resolveEntity } from '../../targets';
import { changeProject, ExplorerCommand } from '../explorerCommand';

/** Delete Entity: after a confirmation. */
export class DeleteEntityCommand extends ExplorerCommand {
  readonly id = CommandIds.entityDelete;

  async execute(arg?: unknown): Promise<boolean> {
    const target = await resolveEntity(this.deps, arg, 'Delete Entity');
    const name = target.entity.name;
    const ok = await this.deps.prompter.confirm(`Delete entity "${name}" from project "${target.projectName}"?`, {
      detail: 'Its literals and grammars go with it, and intents no longer link it. This cannot be undone.',
      action: 'Delete',
    });
    if (!ok) return false;
    await changeProject(this.deps, target, ['entities', 'intents'], {
      progress: `Deleting entity "${name}"`,
      call: (signal) => target.client.entities.delete(target.projectId, name, { signal }),
    });
    return true;
  }
}
