// The builds of an application configuration: checking the builds a request names, and picking the
// latest completed builds of a project (rules 1 and 2 of "Application configurations"). A configuration's
// builds all come from one project of the application's organization, which the caller can see.
import { requireVisibleProject } from '../access';
import type { Principal } from '../auth';
import { BUILD_SERVICES, type BuildService } from '../builds/model';
import { findBuild } from '../builds/records';
import { badRequest, notFound } from '../errors';
import type { ProjectRecord, SandboxState } from '../state';
import { requireLocale } from '../validate';
import type { ApplicationRecord, BuildRef, ConfigBuilds } from './model';

function requireSameOrg(app: ApplicationRecord, project: ProjectRecord): void {
  if (project.orgId !== app.orgId) {
    throw badRequest(
      `Project ${project.id} belongs to organization ${project.orgId}, but application ${app.id} belongs to organization ${app.orgId}; use builds of a project of the same organization.`,
    );
  }
}

/** Checks every build a request names; returns the project they come from (undefined when there are none). */
export function checkBuildRefs(
  state: SandboxState,
  principal: Principal,
  app: ApplicationRecord,
  builds: ConfigBuilds,
): string | undefined {
  const refs: Array<{ service: BuildService; label: string; locale?: string }> = [
    ...builds.asr.map((r) => ({ service: 'ASR' as const, label: r.buildLabel, locale: r.locale })),
    ...builds.nlu.map((r) => ({ service: 'NLU' as const, label: r.buildLabel, locale: r.locale })),
    ...(builds.dialog ? [{ service: 'DIALOG' as const, label: builds.dialog.buildLabel }] : []),
  ];
  let projectId: string | undefined;
  for (const ref of refs) {
    const build = findBuild(state, ref.label);
    if (!build)
      throw notFound(
        `Build ${ref.label} not found; list the project's builds with GET /v4/projects/{projectId}/builds.`,
      );
    try {
      requireVisibleProject(state, principal, build.projectId);
    } catch {
      throw notFound(`Build ${ref.label} not found.`);
    }
    if (build.buildType !== ref.service)
      throw badRequest(
        `Build ${ref.label} is a ${build.buildType} build; it cannot be used as the ${ref.service.toLowerCase()} build.`,
      );
    if (build.status !== 'BST_COMPLETED')
      throw badRequest(`Build ${ref.label} failed; only completed builds can go into a configuration.`);
    if (ref.locale !== undefined && !build.locales.includes(ref.locale)) {
      throw badRequest(
        `Build ${ref.label} has no ${ref.locale} model; its locales are ${build.locales.join(', ') || 'none'}.`,
      );
    }
    if (projectId !== undefined && build.projectId !== projectId) {
      throw badRequest(
        `The builds come from projects ${projectId} and ${build.projectId}; a configuration uses the builds of one project.`,
      );
    }
    projectId = build.projectId;
    const project = state.projects.find((p) => p.id === build.projectId);
    if (project) requireSameOrg(app, project);
  }
  return projectId;
}

/** Repeated or comma-separated query values. */
export function listQuery(query: URLSearchParams, name: string): string[] {
  return query
    .getAll(name)
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter((v) => v !== '');
}

/** The latest completed builds of a project, limited to `buildTypes` and `locales` when given. */
export function latestBuilds(
  state: SandboxState,
  principal: Principal,
  app: ApplicationRecord,
  projectId: string,
  query: URLSearchParams,
): ConfigBuilds {
  const { project } = requireVisibleProject(state, principal, projectId);
  requireSameOrg(app, project);
  const types = listQuery(query, 'buildTypes').map((t) => t.toUpperCase());
  for (const t of types) {
    if (!(BUILD_SERVICES as readonly string[]).includes(t))
      throw badRequest(
        `Query parameter "buildTypes" has the unknown value "${t}"; allowed: ${BUILD_SERVICES.join(', ')}.`,
      );
  }
  const locales = listQuery(query, 'locales');
  locales.forEach((l, i) => {
    requireLocale(l, `locales[${i}]`);
    if (!project.languages.includes(l))
      throw badRequest(`Project ${project.id} has no locale ${l}; its locales are ${project.languages.join(', ')}.`);
  });
  const wanted = (s: BuildService): boolean => types.length === 0 || types.includes(s);
  const localeSet = locales.length > 0 ? locales : project.languages;
  const completed = state.builds
    .filter((b) => b.projectId === project.id && b.status === 'BST_COMPLETED')
    .sort((a, b) => b.buildVersion - a.buildVersion);
  const perLocale = (service: BuildService): BuildRef[] =>
    wanted(service)
      ? localeSet.flatMap((locale) => {
          const b = completed.find((x) => x.buildType === service && x.locales.includes(locale));
          return b ? [{ buildLabel: b.buildLabel, locale }] : [];
        })
      : [];
  const dialog = wanted('DIALOG') ? completed.find((b) => b.buildType === 'DIALOG') : undefined;
  const builds: ConfigBuilds = {
    asr: perLocale('ASR'),
    nlu: perLocale('NLU'),
    ...(dialog ? { dialog: { buildLabel: dialog.buildLabel } } : {}),
  };
  if (builds.asr.length === 0 && builds.nlu.length === 0 && !builds.dialog) {
    const what = [
      types.length > 0 ? types.join('/') : '',
      'builds',
      locales.length > 0 ? `for ${locales.join(', ')}` : '',
    ]
      .filter(Boolean)
      .join(' ');
    throw badRequest(
      `Project ${project.id} has no completed ${what}; build the project first (POST /v4/projects/${project.id}/.build).`,
    );
  }
  return builds;
}
