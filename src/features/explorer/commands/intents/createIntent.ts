import { listProjectIntents } from '../../../../core/nlu/projectIntents';
import type { Intent } from '../../../../core/platform/nluTypes';
import { CommandIds } from '../../../../host/commandIds';
import { resolveProject } from '../../targets';
import { askText, changeProject, ExplorerCommand } from '../explorerCommand';

/** Create Intent…: a case-sensitive name, unique in the project. */
export class CreateIntentCommand extends ExplorerCommand {
  readonly id = CommandIds.intentCreate;

  async execute(arg?: unknown): Promise<Intent> {
    const title = 'Create Intent';
    const target = await resolveProject(this.deps, arg, title);
    const existing = new Set((await listProjectIntents(target.client, target.projectId)).map((i) => i.name));
    const name = await askText(this.deps, title, {
      title: `${title} in "${target.projectName}"`,
      prompt: 'Intent name (case-sensitive), e.g. ORDER_COFFEE',
      validate: (v) =>
        v.trim() === ''
          ? 'Give the intent a name.'
          : existing.has(v.trim())
            ? `The project has an intent named "${v.trim()}" already.`
            : undefined,
    });
    return changeProject(this.deps, target, ['intents'], {
      progress: `Creating intent "${name}"`,
      call: (signal) => target.client.intents.create(target.projectId, name, { signal }),
      done: (intent) => `Intent "${intent.name}" created in "${target.projectName}".`,
    });
  }
}
