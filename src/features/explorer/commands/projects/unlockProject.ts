import { CommandIds } from '../../../../host/commandIds';
import { resolveProject } from '../../targets';
import { changeProject, ExplorerCommand } from '../explorerCommand';

/** Unlock Project: releases the caller's lock (professional services may release anyone's). */
export class UnlockProjectCommand extends ExplorerCommand {
  readonly id = CommandIds.projectUnlock;

  async execute(arg?: unknown): Promise<void> {
    const target = await resolveProject(this.deps, arg, 'Unlock Project');
    await changeProject(this.deps, target, ['project'], {
      progress: `Unlocking project "${target.projectName}"`,
      call: async (signal) => {
        await target.client.projects.unlock(target.projectId, { signal });
        target.node?.setLock(undefined, target.session.identity); // shown at once, before the reload confirms it
      },
    });
  }
}
