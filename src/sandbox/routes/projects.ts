// Projects: the extended list across organizations, the list of one organization, create, get, delete
// and rename. Roles and visibility come from access.ts; every change is committed before the reply.
import { randomUUID } from 'node:crypto';
import { caller, managementRoute } from '../auth';
import {
  isStaff,
  orgRole,
  projectRole,
  requireProjectAction,
  requireVisibleOrganization,
  requireVisibleProject,
} from '../access';
import { parseNewChannel } from '../channelSpec';
import { isoNow, type SandboxContext } from '../context';
import { badRequest, forbidden } from '../errors';
import { emptyDocument } from '../projectPackage';
import { json, type Router } from '../router';
import { nextId, type ChannelRecord, type ProjectRecord, type UserRecord } from '../state';
import { SANDBOX_ENGINE_PACK_ID } from '../catalog/platformCatalog';
import { sortItems, type SortKey } from '../sorting';
import { extendedProjectView, projectView, statusObject, type ProjectViewOptions } from '../views';
import {
  optionalString,
  optionalStringArray,
  pageOf,
  paging,
  requireDisplayName,
  requireEnum,
  requireLocale,
  requireObject,
} from '../validate';

/** Fields `sortBy` accepts on the project lists (mix-cli's `--sort`, e.g. `-id`, `+displayName`). */
const PROJECT_SORT_FIELDS: Readonly<Record<string, SortKey<ProjectRecord>>> = {
  id: (p) => Number(p.id),
  displayName: (p) => p.displayName,
  orgId: (p) => Number(p.orgId),
  languageTopic: (p) => p.languageTopic,
  createTime: (p) => p.createTime,
  updateTime: (p) => p.updateTime,
};

/** `includeFeatures=true` adds `enginePackFeatures`; `excludeChannels=true` leaves the channels out (mix-cli's list flags). */
function listOptions(query: URLSearchParams): ProjectViewOptions {
  return {
    includeFeatures: query.get('includeFeatures') === 'true',
    excludeChannels: query.get('excludeChannels') === 'true',
  };
}

export function registerProjectRoutes(router: Router, ctx: SandboxContext): void {
  const { state, store } = ctx;
  const visibleTo = (user: UserRecord, p: ProjectRecord): boolean => projectRole(state, p, user) !== undefined;
  const byId = (a: ProjectRecord, b: ProjectRecord): number => Number(a.id) - Number(b.id);

  router.add(
    managementRoute('GET', '/v4/projects', (req) => {
      const { user } = caller(req);
      const orgId = req.query.get('orgId');
      if (orgId) requireVisibleOrganization(state, caller(req), orgId);
      const filter = req.query.get('filter') ?? '';
      const visible = state.projects
        .filter((p) => visibleTo(user, p) && (!orgId || p.orgId === orgId) && p.displayName.includes(filter))
        .sort(byId);
      const projects = sortItems(visible, req.query.get('sortBy'), PROJECT_SORT_FIELDS).map((p) =>
        extendedProjectView(state, p, listOptions(req.query)),
      );
      return json(pageOf('projects', projects, paging(req.query)));
    }),
  );

  router.add(
    managementRoute('GET', '/v4/organizations/:orgId/projects', (req) => {
      const org = requireVisibleOrganization(state, caller(req), req.params.orgId);
      const visible = state.projects.filter((p) => p.orgId === org.id && visibleTo(caller(req).user, p)).sort(byId);
      const projects = sortItems(visible, req.query.get('sortBy'), PROJECT_SORT_FIELDS).map((p) =>
        projectView(p, listOptions(req.query)),
      );
      return json(pageOf('projects', projects, paging(req.query)));
    }),
  );

  router.add(
    managementRoute('POST', '/v4/organizations/:orgId/projects', async (req) => {
      const principal = caller(req);
      const org = requireVisibleOrganization(state, principal, req.params.orgId);
      const role = isStaff(principal.user) ? 'Owner' : orgRole(org, principal.user);
      if (role !== 'Owner' && role !== 'Admin') {
        throw forbidden(
          `${principal.user.name} has the ${role ?? 'no'} role in organization ${org.id} and may not create projects; only an Owner or Admin can.`,
        );
      }
      const body = requireObject(await req.json(), 'project request');
      const displayName = requireDisplayName(body);
      const languages = optionalStringArray(body, 'languages') ?? [];
      if (languages.length === 0) throw badRequest('Field "languages" must list at least one locale, e.g. ["en-US"].');
      languages.forEach((l, i) => requireLocale(l, `languages[${i}]`));
      if (new Set(languages).size !== languages.length) throw badRequest('Field "languages" lists a locale twice.');
      const compliance = requireEnum(body.isChildDataCompliant, ['YES', 'NO'] as const, 'isChildDataCompliant');
      const description = optionalString(body, 'projectDescription') ?? '';
      if (compliance === 'YES' && description.trim() === '') {
        throw badRequest(
          'isChildDataCompliant is "YES", which requires a description of the project in "projectDescription" (child data policy).',
        );
      }
      const rawChannels = body.channels ?? [];
      if (!Array.isArray(rawChannels))
        throw badRequest('Field "channels" must be an array of {displayName, modes, color}.');
      const channels: ChannelRecord[] = [];
      rawChannels.forEach((c, i) => channels.push(parseNewChannel(c, `channels[${i}]`, channels)));
      const now = isoNow(ctx);
      const project: ProjectRecord = {
        id: nextId(state, 'project'),
        orgId: org.id,
        displayName,
        languageTopic: optionalString(body, 'languageTopic') || 'gen',
        languages,
        channels,
        datapacks: languages.map((l) => ({ displayName: l, version: '4.7.0', isActive: true })),
        baseDatapack: '',
        enginePackId: optionalString(body, 'enginePackId') || SANDBOX_ENGINE_PACK_ID,
        isChildDataCompliant: compliance,
        projectDescription: description,
        members: [],
        ontologyId: randomUUID(),
        createdBy: principal.user.id,
        createTime: now,
        updateTime: now,
      };
      state.projects.push(project);
      store.setContent(project.id, {
        formatVersion: 1,
        dialog: '{}\n',
        locales: Object.fromEntries(languages.map((l) => [l, { trsx: emptyDocument(l), files: {} }])),
      });
      await store.commit();
      return json({ project: projectView(project) });
    }),
  );

  router.add(
    managementRoute('GET', '/v4/projects/:projectId', (req) =>
      json({ project: projectView(requireVisibleProject(state, caller(req), req.params.projectId).project) }),
    ),
  );

  router.add(
    managementRoute('DELETE', '/v4/projects/:projectId', async (req) => {
      const project = requireProjectAction(state, caller(req), req.params.projectId, 'owner', 'delete the project');
      state.projects = state.projects.filter((p) => p !== project);
      state.locks = state.locks.filter((l) => l.projectId !== project.id);
      // Running tasks finish (and fail: the project is gone); their records disappear with the project.
      for (const job of state.jobs.filter((j) => j.projectId === project.id)) ctx.jobs.delete(job);
      store.deleteContent(project.id);
      await store.commit();
      return json(statusObject(`Project ${project.id} deleted.`));
    }),
  );

  router.add(
    managementRoute('PUT', '/v4/projects/:projectId/.rename', async (req) => {
      const project = requireProjectAction(state, caller(req), req.params.projectId, 'owner', 'rename the project');
      const displayName = requireDisplayName(requireObject(await req.json(), 'rename request'));
      project.displayName = displayName;
      project.updateTime = isoNow(ctx);
      await store.commit();
      return json({ displayName });
    }),
  );
}
