import type { Entity } from '../../../../core/platform/nluTypes';
import { CommandIds } from '../../../../host/commandIds';
import { ENTITY_KIND_LABELS } from '../../nodes/entityNodes';
import { resolveProject } from '../../targets';
import { askText, changeProject, ExplorerCommand } from '../explorerCommand';
import { askKind, askKindDetails, checkEntityName } from './entityQuestions';

/** Create Entity…: a name, its type and what that type needs. */
export class CreateEntityCommand extends ExplorerCommand {
  readonly id = CommandIds.entityCreate;

  async execute(arg?: unknown): Promise<Entity> {
    const title = 'Create Entity';
    const target = await resolveProject(this.deps, arg, title);
    const existing = await target.client.entities.list(target.projectId);
    const name = await askText(this.deps, title, {
      title: `${title} in "${target.projectName}"`,
      prompt: 'Entity name (case-sensitive)',
      validate: (v) => checkEntityName(v, existing),
    });
    const kind = await askKind(this.deps.prompter, `${title}: type`);
    const details = await askKindDetails(this.deps.prompter, title, kind, existing);
    return changeProject(this.deps, target, ['entities'], {
      progress: `Creating entity "${name}"`,
      call: (signal) => target.client.entities.create(target.projectId, { kind, name, ...details }, { signal }),
      done: (entity) => `Entity "${entity.name}" (${ENTITY_KIND_LABELS[kind]}) created in "${target.projectName}".`,
    });
  }
}
