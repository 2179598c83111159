import { CommandIds } from '../../../../host/commandIds';
import type { Command } from '../../../../host/commands';
import { answered } from '../../../../host/prompter';
import type { ExplorerCommandDeps } from '../../commandDeps';
import { refreshOrganization } from '../../refreshAfter';
import { resolveProject } from '../../targets';

/** Delete Project…: confirmed by typing the project's name, since it cannot be undone. */
export class DeleteProjectCommand implements Command {
  readonly id = CommandIds.projectDelete;
  constructor(private readonly deps: ExplorerCommandDeps) {}

  async execute(arg?: unknown): Promise<boolean> {
    const target = await resolveProject(this.deps, arg, 'Delete Project');
    const name = target.projectName;
    await answered(this.deps.prompter.input({
      title: `Delete project "${name}" (${target.projectId})`,
      prompt: `This deletes the project and everything in it; it cannot be undone. Type "${name}" to confirm.`,
      placeholder: name,
      validate: (v) => (v === name ? undefined : `Type the project's name exactly: ${name}`),
    }), 'Delete Project');
    await this.deps.prompter.withProgress({ title: `Deleting project "${name}"` }, (_p, signal) =>
      target.client.projects.delete(target.projectId, { signal }));
    refreshOrganization(this.deps.model, target.connectionId, target.project.orgId ?? target.node?.orgId);
    void this.deps.prompter.info(`Project "${name}" (${target.projectId}) deleted.`);
    return true;
  }
}
