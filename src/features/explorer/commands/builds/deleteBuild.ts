import { CommandIds } from '../../../../host/commandIds';
import { CancelledError } from '../../../../core/platform/errors';
import { resolveBuild } from './buildTarget';
import { changeProject, ExplorerCommand } from '../explorerCommand';

/** Delete Build…: after a confirmation that says what it breaks (configurations using it can no longer deploy). */
export class DeleteBuildCommand extends ExplorerCommand {
  readonly id = CommandIds.buildDelete;

  async execute(arg?: unknown): Promise<string> {
    const target = await resolveBuild(this.deps, arg, 'Delete Build');
    const label = target.build.buildLabel;
    const ok = await this.deps.prompter.confirm(`Delete build ${label} of "${target.projectName}"?`, {
      detail:
        'Application configurations that use this build can then no longer be deployed or downloaded. This cannot be undone.',
      action: 'Delete',
    });
    if (!ok) throw new CancelledError('Delete Build was cancelled.');
    await changeProject(this.deps, target, ['builds'], {
      progress: `Deleting build ${label}`,
      call: (signal) => target.client.builds.delete(label, { signal }),
      done: () => `Build ${label} of "${target.projectName}" deleted.`,
    });
    return label;
  }
}
