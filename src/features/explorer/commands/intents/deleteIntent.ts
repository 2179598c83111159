import { CommandIds } from '../../../../host/commandIds';
import { resolveIntent } from '../../targets';
import { changeProject, ExplorerCommand } from '../explorerCommand';

/** Delete Intent: after a confirmation, since its samples go with it. */
export class DeleteIntentCommand extends ExplorerCommand {
  readonly id = CommandIds.intentDelete;

  async execute(arg?: unknown): Promise<boolean> {
    const target = await resolveIntent(this.deps, arg, 'Delete Intent');
    const name = target.intentName;
    const ok = await this.deps.prompter.confirm(`Delete intent "${name}" from project "${target.projectName}"?`, {
      detail: 'Its samples in every locale are deleted with it. This cannot be undone.',
      action: 'Delete',
    });
    if (!ok) return false;
    await changeProject(this.deps, target, ['intents'], {
      progress: `Deleting intent "${name}"`,
      call: (signal) => target.client.intents.delete(target.projectId, name, { signal }),
    });
    return true;
  }
}
