import { CommandIds } from '../../../../host/commandIds';
import type { Command } from '../../../../host/commands';
import { answered } from '../../../../host/prompter';
import type { ExplorerCommandDeps } from '../../commandDeps';
import { refreshOrganization } from '../../refreshAfter';
import { resolveProject } from '../../targets';

/** Rename Project…: the new display name (the project's id, and so its exports' prefix, stays). */
export class RenameProjectCommand implements Command {
  readonly id = CommandIds.projectRename;
  constructor(private readonly deps: ExplorerCommandDeps) {}

  async execute(arg?: unknown): Promise<string> {
    const target = await resolveProject(this.deps, arg, 'Rename Project');
    const name = (await answered(this.deps.prompter.input({
      title: `Rename project "${target.projectName}"`, prompt: 'New name', value: target.projectName,
      validate: (v) => (v.trim() === '' ? 'Give the project a name.' : undefined),
    }), 'Rename Project')).trim();
    if (name === target.projectName) return name;
    const renamed = await this.deps.prompter.withProgress({ title: `Renaming project "${target.projectName}"` }, (_p, signal) =>
      target.client.projects.rename(target.projectId, name, { signal }));
    refreshOrganization(this.deps.model, target.connectionId, target.project.orgId ?? target.node?.orgId);
    void this.deps.prompter.info(`Project "${target.projectName}" (${target.projectId}) renamed to "${renamed}".`);
    return renamed;
  }
}
