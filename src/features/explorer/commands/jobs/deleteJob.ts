import { isTerminalJobStatus } from '../../../../core/platform/jobPoller';
import { CommandIds } from '../../../../host/commandIds';
import type { Command } from '../../../../host/commands';
import type { ExplorerCommandDeps } from '../../commandDeps';
import { humanize } from '../../icons';
import { refreshProject } from '../../refreshAfter';
import { resolveJob } from '../../targets';

/** Delete Job Record: removes the record only; a running task keeps running (the warning says so). */
export class DeleteJobCommand implements Command {
  readonly id = CommandIds.jobDelete;
  constructor(private readonly deps: ExplorerCommandDeps) {}

  async execute(arg?: unknown): Promise<boolean> {
    const target = await resolveJob(this.deps, arg, 'Delete Job Record');
    const { job } = target;
    const running = !isTerminalJobStatus(job.status);
    const ok = await this.deps.prompter.confirm(`Delete the record of job ${job.id} (${humanize(job.type) || 'job'}, ${humanize(job.status)})?`, {
      detail: running
        ? 'The task is still running and KEEPS RUNNING until it completes or fails; only its record (and the way to follow it) is deleted.'
        : 'Only the record and its report are deleted; what the job did stays done.',
      action: 'Delete Record',
    });
    if (!ok) return false;
    await this.deps.prompter.withProgress({ title: `Deleting job record ${job.id}` }, (_p, signal) =>
      target.client.jobs.delete(target.projectId, job.id, { signal }));
    refreshProject(this.deps.model, target.connectionId, target.projectId, 'jobs');
    return true;
  }
}
