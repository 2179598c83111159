import type { Intent } from '../../../../core/platform/nluTypes';
import { CommandIds } from '../../../../host/commandIds';
import type { Command } from '../../../../host/commands';
import { answered } from '../../../../host/prompter';
import type { ExplorerCommandDeps } from '../../commandDeps';
import { refreshProject } from '../../refreshAfter';
import { resolveIntent } from '../../targets';

/** Rename Intent…: its samples follow the new name on the platform. */
export class RenameIntentCommand implements Command {
  readonly id = CommandIds.intentRename;
  constructor(private readonly deps: ExplorerCommandDeps) {}

  async execute(arg?: unknown): Promise<Intent | undefined> {
    const target = await resolveIntent(this.deps, arg, 'Rename Intent');
    const current = target.intentName;
    const name = (await answered(this.deps.prompter.input({
      title: `Rename intent "${current}"`, prompt: 'New name (case-sensitive)', value: current,
      validate: (v) => (v.trim() === '' ? 'Give the intent a name.' : undefined),
    }), 'Rename Intent')).trim();
    if (name === current) return undefined;
    const renamed = await this.deps.prompter.withProgress({ title: `Renaming intent "${current}"` }, (_p, signal) =>
      target.client.intents.rename(target.projectId, current, name, { signal }));
    refreshProject(this.deps.model, target.connectionId, target.projectId, 'intents');
    void this.deps.prompter.info(`Intent "${current}" renamed to "${renamed.name}"; its samples follow.`);
    return renamed;
  }
}
