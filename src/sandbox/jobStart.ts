// The reply of every route that starts a job (a build, an NLU import, a package replace, a data pack update).
import type { SandboxContext } from './context';
import type { NewJob } from './jobs';
import { json, type Reply } from './router';
import { jobView } from './views';

/**
 * Creates the job, commits it, and answers with the job as it started: its view is taken before the commit,
 * because on a busy machine a short job may end while the commit is still writing.
 */
export async function startJobReply(ctx: Pick<SandboxContext, 'jobs' | 'store' | 'now'>, spec: NewJob): Promise<Reply> {
  const job = ctx.jobs.create(spec);
  const started = jobView(job, ctx.now());
  await ctx.store.commit();
  return json(started);
}
