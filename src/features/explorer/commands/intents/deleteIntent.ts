import { CommandIds } from '../../../../host/commandIds';
import type { Command } from '../../../../host/commands';
import type { ExplorerCommandDeps } from '../../commandDeps';
import { refreshProject } from '../../refreshAfter';
import { resolveIntent } from '../../targets';

/** Delete Intent: after a confirmation, since its samples go with it. */
export class DeleteIntentCommand implements Command {
  readonly id = CommandIds.intentDelete;
  constructor(private readonly deps: ExplorerCommandDeps) {}

  async execute(arg?: unknown): Promise<boolean> {
    const target = await resolveIntent(this.deps, arg, 'Delete Intent');
    const name = target.intentName;
    const ok = await this.deps.prompter.confirm(`Delete intent "${name}" from project "${target.projectName}"?`, {
      detail: 'Its samples in every locale are deleted with it. This cannot be undone.', action: 'Delete',
    });
    if (!ok) return false;
    await this.deps.prompter.withProgress({ title: `Deleting intent "${name}"` }, (_p, signal) =>
      target.client.intents.delete(target.projectId, name, { signal }));
    refreshProject(this.deps.model, target.connectionId, target.projectId, 'intents');
    return true;
  }
}
