import { CommandIds } from '../../../../host/commandIds';
import { refreshOrganization } from '../../refreshAfter';
import { resolveProject } from '../../targets';
import { applyChange, askText, ExplorerCommand } from '../explorerCommand';

/** Rename Project…: the new display name (the project's id, and so its exports' prefix, stays). */
export class RenameProjectCommand extends ExplorerCommand {
  readonly id = CommandIds.projectRename;

  async execute(arg?: unknown): Promise<string> {
    const target = await resolveProject(this.deps, arg, 'Rename Project');
    const name = await askText(this.deps, 'Rename Project', {
      title: `Rename project "${target.projectName}"`,
      prompt: 'New name',
      value: target.projectName,
      validate: (v) => (v.trim() === '' ? 'Give the project a name.' : undefined),
    });
    if (name === target.projectName) return name;
    return applyChange(this.deps, {
      progress: `Renaming project "${target.projectName}"`,
      call: (signal) => target.client.projects.rename(target.projectId, name, { signal }),
      refresh: () =>
        refreshOrganization(this.deps.model, target.connectionId, target.project.orgId ?? target.node?.orgId),
      done: (renamed) => `Project "${target.projectName}" (${target.projectId}) renamed to "${renamed}".`,
    });
  }
}
