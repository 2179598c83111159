import type { Lock } from '../../../../core/platform/types';
import { CommandIds } from '../../../../host/commandIds';
import { refreshProject } from '../../refreshAfter';
import { resolveProject } from '../../targets';
import { askText, ExplorerCommand } from '../explorerCommand';

/** Lock Project…: with notes telling others why; they can still view it but not edit it. */
export class LockProjectCommand extends ExplorerCommand {
  readonly id = CommandIds.projectLock;

  async execute(arg?: unknown): Promise<Lock> {
    const target = await resolveProject(this.deps, arg, 'Lock Project');
    const notes = await askText(this.deps, 'Lock Project', {
      title: `Lock project "${target.projectName}"`,
      prompt: 'Notes for the others (why it is locked, until when); may be empty',
    });
    const lock = await this.deps.prompter.withProgress(
      { title: `Locking project "${target.projectName}"` },
      (_p, signal) => target.client.projects.lock(target.projectId, notes, { signal }),
    );
    target.node?.setLock(lock, target.session.identity);
    refreshProject(this.deps.model, target.connectionId, target.projectId, 'project');
    return lock;
  }
}
