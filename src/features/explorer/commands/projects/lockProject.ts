import type { Lock } from '../../../../core/platform/types';
import { CommandIds } from '../../../../host/commandIds';
import { resolveProject } from '../../targets';
import { askText, changeProject, ExplorerCommand } from '../explorerCommand';

/** Lock Project…: with notes telling others why; they can still view it but not edit it. */
export class LockProjectCommand extends ExplorerCommand {
  readonly id = CommandIds.projectLock;

  async execute(arg?: unknown): Promise<Lock> {
    const target = await resolveProject(this.deps, arg, 'Lock Project');
    const notes = await askText(this.deps, 'Lock Project', {
      title: `Lock project "${target.projectName}"`,
      prompt: 'Notes for the others (why it is locked, until when); may be empty',
    });
    return changeProject(this.deps, target, ['project'], {
      progress: `Locking project "${target.projectName}"`,
      call: async (signal) => {
        const lock = await target.client.projects.lock(target.projectId, notes, { signal });
        target.node?.setLock(lock, target.session.identity); // shown at once, before the reload confirms it
        return lock;
      },
    });
  }
}
