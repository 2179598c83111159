// Project package endpoints: export (zip), metadata export (json), replace (zip → job) and the data pack
// update (→ job), with the executors that apply those jobs when they run.
import { metadataFileName, packageFileName } from '../../core/package/fileNames';
import { caller, managementRoute } from '../auth';
import { isProfessionalServices, requireVisibleProject } from '../access';
import { requireEditableProject } from '../editableProject';
import { isoNow, type SandboxContext } from '../context';
import { badRequest } from '../errors';
import { fileDownload } from '../http';
import type { TaskOutcome } from '../jobs';
import { startJobReply } from '../jobStart';
import { uploadedFile } from '../multipart';
import { applyPackage, buildMetadata, buildPackage, validatePackage } from '../projectPackage';
import { type Router } from '../router';
import type { JobRecord, JobTask } from '../state';
import { requireLocale, requireObject, requireString } from '../validate';

export function registerPackageRoutes(router: Router, ctx: SandboxContext): void {
  const { state, store } = ctx;
  ctx.jobs.registerExecutor('replace', (job, task) => runReplace(ctx, job, task));
  ctx.jobs.registerExecutor('datapack', (job, task) => runDatapack(ctx, job, task));

  router.add(
    managementRoute('GET', '/v4/projects/:projectId/.export', async (req) => {
      const principal = caller(req);
      const { project } = requireVisibleProject(state, principal, req.params.projectId);
      const at = new Date(ctx.now());
      const zip = await buildPackage(
        state,
        project,
        store.content(project.id),
        isProfessionalServices(principal.user),
        at,
      );
      return fileDownload(zip, packageFileName(project.id, project.displayName, at));
    }),
  );

  router.add(
    managementRoute('GET', '/v4/projects/:projectId/metadata/.export', (req) => {
      const { project } = requireVisibleProject(state, caller(req), req.params.projectId);
      const at = new Date(ctx.now());
      const text = `${JSON.stringify(buildMetadata(state, project, store.content(project.id)), null, 2)}\n`;
      return fileDownload(Buffer.from(text), metadataFileName(project.id, project.displayName, at), 'application/json');
    }),
  );

  router.add(
    managementRoute('POST', '/v4/projects/:projectId/.replace', async (req) => {
      const principal = caller(req);
      const project = requireEditableProject(state, req, 'replace the project content');
      const file = uploadedFile(await req.form());
      const ps = isProfessionalServices(principal.user);
      await validatePackage(file.data, project, ps);
      const stagedFile = await store.stage(file.data, '.zip');
      return startJobReply(ctx, {
        projectId: project.id,
        type: 'REPLACE_PROJECT',
        task: { kind: 'replace', stagedFile, professionalServices: ps },
        createdBy: principal.user.id,
      });
    }),
  );

  router.add(
    managementRoute('PUT', '/v4/projects/:projectId/.datapack', async (req) => {
      const principal = caller(req);
      const project = requireEditableProject(state, req, 'update the data pack');
      const body = requireObject(await req.json(), 'data pack request');
      const locale = requireLocale(requireString(body, 'locale'), 'locale');
      const version = requireString(body, 'version');
      if (!project.languages.includes(locale))
        throw badRequest(
          `Project ${project.id} has no language ${locale}; its languages are ${project.languages.join(', ')}.`,
        );
      if (!/^\d+(\.\d+){1,3}$/.test(version))
        throw badRequest(`Field "version" must be a data pack version like "4.7.0" (got "${version}").`);
      return startJobReply(ctx, {
        projectId: project.id,
        type: 'UPDATE_DATAPACK',
        task: { kind: 'datapack', locale, version },
        createdBy: principal.user.id,
      });
    }),
  );
}

async function runReplace(ctx: SandboxContext, job: JobRecord, task: JobTask): Promise<TaskOutcome> {
  if (task.kind !== 'replace') throw new Error(`replace executor got a ${task.kind} task`);
  try {
    const project = ctx.state.projects.find((p) => p.id === job.projectId);
    if (!project) throw new Error(`Project ${job.projectId} no longer exists; nothing was replaced.`);
    // Validate again: the project's languages may have changed since the upload was accepted.
    const pkg = await validatePackage(await ctx.store.readStaged(task.stagedFile), project, task.professionalServices);
    ctx.store.setContent(project.id, applyPackage(ctx.store.content(project.id), pkg, task.professionalServices));
    project.updateTime = isoNow(ctx);
    const reports: Array<Record<string, unknown>> = [...pkg.locales.keys()].map((locale) => {
      const skipped = pkg.skippedRestricted.get(locale) ?? [];
      if (skipped.length === 0) return { locale, status: 'COMPLETED', createTime: isoNow(ctx) };
      // The locale's TRSX was replaced; the restricted files were not (the project keeps its own).
      return {
        locale,
        status: 'COMPLETED',
        createTime: isoNow(ctx),
        skippedFiles: skipped,
        errors: {
          errors: [
            {
              code: '-1',
              message: `Skipped ${skipped.length} restricted file(s) (${skipped.join(', ')}): only professional-services users may replace grammars, pronunciations and transformations; the project keeps its own.`,
            },
          ],
        },
      };
    });
    for (const locale of pkg.skippedLocales) {
      reports.push({
        locale,
        status: 'FAILED',
        createTime: isoNow(ctx),
        errors: {
          errors: [
            {
              code: '-1',
              message: `Locale ${locale} is not a language of project ${project.id}; its files were skipped.`,
            },
          ],
        },
      });
    }
    const partial = pkg.skippedLocales.length > 0 || pkg.skippedRestricted.size > 0;
    return { status: partial ? 'PARTIALLY_COMPLETED' : 'COMPLETED', report: { replaceReports: { reports } } };
  } finally {
    await ctx.store.removeStaged(task.stagedFile);
  }
}

function runDatapack(ctx: SandboxContext, job: JobRecord, task: JobTask): TaskOutcome {
  if (task.kind !== 'datapack') throw new Error(`datapack executor got a ${task.kind} task`);
  const project = ctx.state.projects.find((p) => p.id === job.projectId);
  if (!project) throw new Error(`Project ${job.projectId} no longer exists.`);
  const pack = project.datapacks.find((d) => d.displayName === task.locale);
  if (!pack) throw new Error(`Project ${project.id} no longer has the language ${task.locale}.`);
  pack.version = task.version;
  project.updateTime = isoNow(ctx);
  return {
    status: 'COMPLETED',
    report: {
      datapackReports: {
        reports: [{ locale: task.locale, version: task.version, status: 'COMPLETED', createTime: isoNow(ctx) }],
      },
    },
  };
}
