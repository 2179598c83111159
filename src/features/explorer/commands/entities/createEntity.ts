import type { Entity } from '../../../../core/platform/nluTypes';
import { CommandIds } from '../../../../host/commandIds';
import type { Command } from '../../../../host/commands';
import { answered } from '../../../../host/prompter';
import type { ExplorerCommandDeps } from '../../commandDeps';
import { ENTITY_KIND_LABELS } from '../../nodes/entityNodes';
import { refreshProject } from '../../refreshAfter';
import { resolveProject } from '../../targets';
import { askKind, askKindDetails, checkEntityName } from './entityQuestions';

/** Create Entity…: a name, its type and what that type needs. */
export class CreateEntityCommand implements Command {
  readonly id = CommandIds.entityCreate;
  constructor(private readonly deps: ExplorerCommandDeps) {}

  async execute(arg?: unknown): Promise<Entity> {
    const title = 'Create Entity';
    const target = await resolveProject(this.deps, arg, title);
    const existing = await target.client.entities.list(target.projectId);
    const name = (await answered(this.deps.prompter.input({
      title: `${title} in "${target.projectName}"`, prompt: 'Entity name (case-sensitive)', validate: (v) => checkEntityName(v, existing),
    }), title)).trim();
    const kind = await askKind(this.deps.prompter, `${title}: type`);
    const details = await askKindDetails(this.deps.prompter, title, kind, existing);
    const entity = await this.deps.prompter.withProgress({ title: `Creating entity "${name}"` }, (_p, signal) =>
      target.client.entities.create(target.projectId, { kind, name, ...details }, { signal }));
    refreshProject(this.deps.model, target.connectionId, target.projectId, 'entities');
    void this.deps.prompter.info(`Entity "${entity.name}" (${ENTITY_KIND_LABELS[kind]}) created in "${target.projectName}".`);
    return entity;
  }
}
