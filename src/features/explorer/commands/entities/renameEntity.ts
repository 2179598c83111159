import type { Entity } from '../../../../core/platform/nluTypes';
import { CommandIds } from '../../../../host/commandIds';
import { resolveEntity } from '../../targets';
import { askText, changeProject, ExplorerCommand } from '../explorerCommand';
import { checkEntityName } from './entityQuestions';

/** Rename Entity…: intents' links and annotations follow the new name on the platform. */
export class RenameEntityCommand extends ExplorerCommand {
  readonly id = CommandIds.entityRename;

  async execute(arg?: unknown): Promise<Entity> {
    const target = await resolveEntity(this.deps, arg, 'Rename Entity');
    const current = target.entity.name;
    const existing = await target.client.entities.list(target.projectId);
    const name = await askText(this.deps, 'Rename Entity', {
      title: `Rename entity "${current}"`,
      prompt: 'New name (case-sensitive)',
      value: current,
      validate: (v) => checkEntityName(v, existing, current),
    });
    if (name === current) return target.entity;
    return changeProject(this.deps, target, ['entities', 'intents'], {
      progress: `Renaming entity "${current}"`,
      call: (signal) => target.client.entities.rename(target.projectId, current, name, { signal }),
      done: (renamed) => `Entity "${current}" renamed to "${renamed.name}"; intents' links and annotations follow.`,
    });
  }
}
