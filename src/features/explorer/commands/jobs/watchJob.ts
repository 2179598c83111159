import type { Job } from '../../../../core/platform/types';
import { CommandIds } from '../../../../host/commandIds';
import { humanize } from '../../icons';
import { runJob } from '../../jobRunner';
import { resolveJob } from '../../targets';
import { ExplorerCommand } from '../explorerCommand';

/** Watch Job: follows a job to its end in a progress notification; Cancel stops watching, not the job. */
export class WatchJobCommand extends ExplorerCommand {
  readonly id = CommandIds.jobWatch;

  async execute(arg?: unknown): Promise<Job> {
    const target = await resolveJob(this.deps, arg, 'Watch Job');
    const label = `${humanize(target.job.type) || 'Job'} ${target.job.id.slice(0, 8)} of "${target.projectName}"`;
    const outcome = await runJob(this.deps, target, label, () => Promise.resolve(target.job));
    return outcome.job;
  }
}
