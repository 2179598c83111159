import { CommandIds } from '../../../../host/commandIds';
import { refreshProject } from '../../refreshAfter';
import { resolveProject } from '../../targets';
import { ExplorerCommand } from '../explorerCommand';

/** Unlock Project: releases the caller's lock (professional services may release anyone's). */
export class UnlockProjectCommand extends ExplorerCommand {
  readonly id = CommandIds.projectUnlock;

  async execute(arg?: unknown): Promise<void> {
    const target = await resolveProject(this.deps, arg, 'Unlock Project');
    await this.deps.prompter.withProgress({ title: `Unlocking project "${target.projectName}"` }, (_p, signal) =>
      target.client.projects.unlock(target.projectId, { signal }),
    );
    target.node?.setLock(undefined, target.session.identity);
    refreshProject(this.deps.model, target.connectionId, target.projectId, 'project');
  }
}
