import { isTerminalJobStatus } from '../../../../core/platform/jobPoller';
import { CommandIds } from '../../../../host/commandIds';
import { humanize } from '../../icons';
import { resolveJob } from '../../targets';
import { changeProject, ExplorerCommand } from '../explorerCommand';

/** Delete Job Record: removes the record only; a running task keeps running (the warning says so). */
export class DeleteJobCommand extends ExplorerCommand {
  readonly id = CommandIds.jobDelete;

  async execute(arg?: unknown): Promise<boolean> {
    const target = await resolveJob(this.deps, arg, 'Delete Job Record');
    const { job } = target;
    const running = !isTerminalJobStatus(job.status);
    const ok = await this.deps.prompter.confirm(
      `Delete the record of job ${job.id} (${humanize(job.type) || 'job'}, ${humanize(job.status)})?`,
      {
        detail: running
          ? 'The task is still running and KEEPS RUNNING until it completes or fails; only its record (and the way to follow it) is deleted.'
          : 'Only the record and its report are deleted; what the job did stays done.',
        action: 'Delete Record',
      },
    );
    if (!ok) return false;
    await changeProject(this.deps, target, ['jobs'], {
      progress: `Deleting job record ${job.id}`,
      call: (signal) => target.client.jobs.delete(target.projectId, job.id, { signal }),
    });
    return true;
  }
}
