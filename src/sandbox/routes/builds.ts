// Builds: start (a BUILD_MODELS job), list, latest, get, delete and download. Starting is a project edit
// (Owner or Admin, not while another user holds the lock); reading follows project visibility; deleting a
// build is a project edit too. Builds of a project the caller cannot see answer 404 like missing ones.
import { caller, managementRoute, type Principal } from '../auth';
import { requireProjectAction, requireVisibleProject } from '../access';
import { requireEditableProject } from '../editableProject';
import { parseBuildRequest } from '../builds/buildRequest';
import { runBuildTask } from '../builds/buildTask';
import { BUILD_SERVICES, type BuildRecord } from '../builds/model';
import { findBuild } from '../builds/records';
import { buildArchive, buildView, latestBuildsView } from '../builds/views';
import type { SandboxContext } from '../context';
import { notFound } from '../errors';
import { fileDownload } from '../http';
import { startJobReply } from '../jobStart';
import { json, type Router } from '../router';
import { statusObject } from '../views';
import { pageOf, paging, requireEnum } from '../validate';

export function registerBuildRoutes(router: Router, ctx: SandboxContext): void {
  const { state, store } = ctx;
  ctx.jobs.registerExecutor('build', (job, task) => {
    if (task.kind !== 'build') throw new Error(`Job ${job.id} is not a build.`);
    return runBuildTask(ctx, job, task);
  });

  const visibleBuild = (principal: Principal, label: string): BuildRecord => {
    const build = findBuild(state, label);
    const project = build && state.projects.find((p) => p.id === build.projectId);
    if (!build || !project) throw notFound(`Build ${label} not found.`);
    try {
      requireVisibleProject(state, principal, project.id);
    } catch {
      throw notFound(`Build ${label} not found.`);
    }
    return build;
  };

  router.add(
    managementRoute('POST', '/v4/projects/:projectId/.build', async (req) => {
      const principal = caller(req);
      const project = requireEditableProject(state, req, 'build models');
      const raw = (await req.body()).length === 0 ? {} : await req.json();
      const task = parseBuildRequest(raw, project, store.content(project.id));
      return startJobReply(ctx, { projectId: project.id, type: 'BUILD_MODELS', task, createdBy: principal.user.id });
    }),
  );

  router.add(
    managementRoute('GET', '/v4/projects/:projectId/builds', (req) => {
      const { project } = requireVisibleProject(state, caller(req), req.params.projectId);
      const rawType = req.query.get('type');
      const type = rawType ? requireEnum(rawType.toUpperCase(), BUILD_SERVICES, 'type') : undefined;
      // Newest first, like the job list.
      const builds = state.builds
        .filter((b) => b.projectId === project.id && (!type || b.buildType === type))
        .reverse()
        .map(buildView);
      return json({ projectId: project.id, ...pageOf('builds', builds, paging(req.query)) });
    }),
  );

  router.add(
    managementRoute('GET', '/v4/projects/:projectId/builds/.latest', (req) =>
      json(latestBuildsView(state, requireVisibleProject(state, caller(req), req.params.projectId).project.id)),
    ),
  );

  router.add(
    managementRoute('GET', '/v4/builds/:buildLabel', (req) =>
      json(buildView(visibleBuild(caller(req), req.params.buildLabel))),
    ),
  );

  router.add(
    managementRoute('DELETE', '/v4/builds/:buildLabel', async (req) => {
      const principal = caller(req);
      const build = visibleBuild(principal, req.params.buildLabel);
      requireProjectAction(state, principal, build.projectId, 'edit', 'delete builds');
      state.builds = state.builds.filter((b) => b !== build);
      const content = store.content(build.projectId);
      if (content.buildSnapshots?.[build.buildLabel]) {
        delete content.buildSnapshots[build.buildLabel];
        store.touchContent(build.projectId);
      }
      await store.commit();
      await ctx.models.forget(build.buildLabel);
      return json(statusObject(`Build ${build.buildLabel} deleted.`));
    }),
  );

  router.add(
    managementRoute('GET', '/v4/builds/:buildLabel/.download', async (req) => {
      const build = visibleBuild(caller(req), req.params.buildLabel);
      const zip = await buildArchive(build, store.content(build.projectId));
      return fileDownload(zip, `${build.buildLabel}.zip`);
    }),
  );
}
