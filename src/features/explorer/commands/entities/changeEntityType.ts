import type { Entity } from '../../../../core/platform/nluTypes';
import { CommandIds } from '../../../../host/commandIds';
import { ENTITY_KIND_LABELS } from '../../nodes/entityNodes';
import { resolveEntity } from '../../targets';
import { changeProject, ExplorerCommand } from '../explorerCommand';
import { askKind, askKindDetails } from './entityQuestions';

/** Change Entity Type…: what belonged to the old type (literals, grammars, pattern, relations) is lost, so it asks first. */
export class ChangeEntityTypeCommand extends ExplorerCommand {
  readonly id = CommandIds.entityChangeType;

  async execute(arg?: unknown): Promise<Entity | undefined> {
    const title = 'Change Entity Type';
    const target = await resolveEntity(this.deps, arg, title);
    const { entity } = target;
    const newType = await askKind(
      this.deps.prompter,
      `${title} of "${entity.name}" (now ${ENTITY_KIND_LABELS[entity.kind]})`,
      entity.kind,
    );
    const others = (await target.client.entities.list(target.projectId)).filter((e) => e.name !== entity.name);
    const details = await askKindDetails(this.deps.prompter, title, newType, others);
    const ok = await this.deps.prompter.confirm(
      `Change "${entity.name}" from ${ENTITY_KIND_LABELS[entity.kind]} to ${ENTITY_KIND_LABELS[newType]}?`,
      {
        detail: `What only a ${ENTITY_KIND_LABELS[entity.kind]} entity has (literals, grammars, pattern or relations) is deleted.`,
        action: 'Change Type',
      },
    );
    if (!ok) return undefined;
    return changeProject(this.deps, target, ['entities'], {
      progress: `Changing the type of "${entity.name}"`,
      call: (signal) =>
        target.client.entities.changeType(target.projectId, entity.name, { newType, ...details }, { signal }),
    });
  }
}
