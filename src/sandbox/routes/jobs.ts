// Jobs of a project: list, get, delete. Deleting removes the record only; the task runs on (jobs.ts).
import { caller, managementRoute } from '../auth';
import { requireVisibleProject } from '../access';
import { requireEditableProject } from '../editableProject';
import type { SandboxContext } from '../context';
import { notFound } from '../errors';
import { json, type Router } from '../router';
import type { JobRecord } from '../state';
import { sortItems } from '../sorting';
import { jobView, statusObject } from '../views';
import { pageOf, paging } from '../validate';

export function registerJobRoutes(router: Router, ctx: SandboxContext): void {
  const { state, store } = ctx;
  const findJob = (projectId: string, jobId: string): JobRecord => {
    const job = state.jobs.find((j) => j.id === jobId && j.projectId === projectId && !j.deleted);
    if (!job) throw notFound(`Job ${jobId} not found in project ${projectId}.`);
    return job;
  };

  router.add(
    managementRoute('GET', '/v4/projects/:projectId/jobs', (req) => {
      const { project } = requireVisibleProject(state, caller(req), req.params.projectId);
      const type = req.query.get('type');
      const jobs = state.jobs
        .filter((j) => j.projectId === project.id && !j.deleted && (!type || j.type === type))
        // Newest first; jobs created in the same millisecond keep their reverse creation order (stable sort).
        .reverse()
        .sort((a, b) => (a.createTime < b.createTime ? 1 : a.createTime > b.createTime ? -1 : 0));
      // mix-cli's `jobs:list --sort` (e.g. `+createTime`, `-type`).
      const sorted = sortItems(jobs, req.query.get('sortBy'), {
        id: (j) => j.id,
        type: (j) => j.type,
        status: (j) => j.status,
        createTime: (j) => j.createTime,
        updateTime: (j) => j.updateTime,
      });
      return json(
        pageOf(
          'jobs',
          sorted.map((j) => jobView(j, ctx.now())),
          paging(req.query),
        ),
      );
    }),
  );

  router.add(
    managementRoute('GET', '/v4/projects/:projectId/jobs/:jobId', (req) => {
      const { project } = requireVisibleProject(state, caller(req), req.params.projectId);
      return json(jobView(findJob(project.id, req.params.jobId), ctx.now()));
    }),
  );

  router.add(
    managementRoute('DELETE', '/v4/projects/:projectId/jobs/:jobId', async (req) => {
      const project = requireEditableProject(state, req, 'delete job records');
      ctx.jobs.delete(findJob(project.id, req.params.jobId));
      await store.commit();
      return json(statusObject('Job deleted.'));
    }),
  );
}
