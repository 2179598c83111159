import { CommandIds } from '../../../../host/commandIds';
import type { Command } from '../../../../host/commands';
import { CancelledError } from '../../../../core/platform/errors';
import type { ExplorerCommandDeps } from '../../commandDeps';
import { refreshProject } from '../../refreshAfter';
import { resolveBuild } from './buildTarget';

/** Delete Build…: after a confirmation that says what it breaks (configurations using it can no longer deploy). */
export class DeleteBuildCommand implements Command {
  readonly id = CommandIds.buildDelete;
  constructor(private readonly deps: ExplorerCommandDeps) {}

  async execute(arg?: unknown): Promise<string> {
    const target = await resolveBuild(this.deps, arg, 'Delete Build');
    const label = target.build.buildLabel;
    const ok = await this.deps.prompter.confirm(`Delete build ${label} of "${target.projectName}"?`, {
      detail: 'Application configurations that use this build can then no longer be deployed or downloaded. This cannot be undone.',
      action: 'Delete',
    });
    if (!ok) throw new CancelledError('Delete Build was cancelled.');
    await this.deps.prompter.withProgress({ title: `Deleting build ${label}` }, (_p, signal) => target.client.builds.delete(label, { signal }));
    refreshProject(this.deps.model, target.connectionId, target.projectId, 'builds');
    void this.deps.prompter.info(`Build ${label} of "${target.projectName}" deleted.`);
    return label;
  }
}
