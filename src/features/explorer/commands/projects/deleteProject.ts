import { CommandIds } from '../../../../host/commandIds';
import { answered } from '../../../../host/prompter';
import { refreshOrganization } from '../../refreshAfter';
import { resolveProject } from '../../targets';
import { applyChange, ExplorerCommand } from '../explorerCommand';

/** Delete Project…: confirmed by typing the project's name, since it cannot be undone. */
export class DeleteProjectCommand extends ExplorerCommand {
  readonly id = CommandIds.projectDelete;

  async execute(arg?: unknown): Promise<boolean> {
    const target = await resolveProject(this.deps, arg, 'Delete Project');
    const name = target.projectName;
    await answered(
      this.deps.prompter.input({
        title: `Delete project "${name}" (${target.projectId})`,
        prompt: `This deletes the project and everything in it; it cannot be undone. Type "${name}" to confirm.`,
        placeholder: name,
        validate: (v) => (v === name ? undefined : `Type the project's name exactly: ${name}`),
      }),
      'Delete Project',
    );
    await applyChange(this.deps, {
      progress: `Deleting project "${name}"`,
      call: (signal) => target.client.projects.delete(target.projectId, { signal }),
      refresh: () =>
        refreshOrganization(this.deps.model, target.connectionId, target.project.orgId ?? target.node?.orgId),
      done: () => `Project "${name}" (${target.projectId}) deleted.`,
    });
    return true;
  }
}
