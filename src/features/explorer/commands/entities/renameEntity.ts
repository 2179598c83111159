import type { Entity } from '../../../../core/platform/nluTypes';
import { CommandIds } from '../../../../host/commandIds';
import type { Command } from '../../../../host/commands';
import { answered } from '../../../../host/prompter';
import type { ExplorerCommandDeps } from '../../commandDeps';
import { refreshProject } from '../../refreshAfter';
import { resolveEntity } from '../../targets';
import { checkEntityName } from './entityQuestions';

/** Rename Entity…: intents' links and annotations follow the new name on the platform. */
export class RenameEntityCommand implements Command {
  readonly id = CommandIds.entityRename;
  constructor(private readonly deps: ExplorerCommandDeps) {}

  async execute(arg?: unknown): Promise<Entity> {
    const target = await resolveEntity(this.deps, arg, 'Rename Entity');
    const current = target.entity.name;
    const existing = await target.client.entities.list(target.projectId);
    const name = (await answered(this.deps.prompter.input({
      title: `Rename entity "${current}"`, prompt: 'New name (case-sensitive)', value: current, validate: (v) => checkEntityName(v, existing, current),
    }), 'Rename Entity')).trim();
    if (name === current) return target.entity;
    const renamed = await this.deps.prompter.withProgress({ title: `Renaming entity "${current}"` }, (_p, signal) =>
      target.client.entities.rename(target.projectId, current, name, { signal }));
    refreshProject(this.deps.model, target.connectionId, target.projectId, 'entities', 'intents');
    void this.deps.prompter.info(`Entity "${current}" renamed to "${renamed.name}"; intents' links and annotations follow.`);
    return renamed;
  }
}
