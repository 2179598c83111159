import { listProjectIntents } from '../../../../core/nlu/projectIntents';
import type { Intent } from '../../../../core/platform/nluTypes';
import { CommandIds } from '../../../../host/commandIds';
import type { Command } from '../../../../host/commands';
import { answered } from '../../../../host/prompter';
import type { ExplorerCommandDeps } from '../../commandDeps';
import { refreshProject } from '../../refreshAfter';
import { resolveProject } from '../../targets';

/** Create Intent…: a case-sensitive name, unique in the project. */
export class CreateIntentCommand implements Command {
  readonly id = CommandIds.intentCreate;
  constructor(private readonly deps: ExplorerCommandDeps) {}

  async execute(arg?: unknown): Promise<Intent> {
    const title = 'Create Intent';
    const target = await resolveProject(this.deps, arg, title);
    const existing = new Set((await listProjectIntents(target.client, target.projectId)).map((i) => i.name));
    const name = (await answered(this.deps.prompter.input({
      title: `${title} in "${target.projectName}"`, prompt: 'Intent name (case-sensitive), e.g. ORDER_COFFEE',
      validate: (v) => (v.trim() === '' ? 'Give the intent a name.' : existing.has(v.trim()) ? `The project has an intent named "${v.trim()}" already.` : undefined),
    }), title)).trim();
    const intent = await this.deps.prompter.withProgress({ title: `Creating intent "${name}"` }, (_p, signal) =>
      target.client.intents.create(target.projectId, name, { signal }));
    refreshProject(this.deps.model, target.connectionId, target.projectId, 'intents');
    void this.deps.prompter.info(`Intent "${intent.name}" created in "${target.projectName}".`);
    return intent;
  }
}
