// Discovery endpoints the public CLI reads before its write commands (docs/platform-notes.md "Discovery
// endpoints"): deployment flows, environments and geographies (ids for app-configs and --env-geo), data hosts
// of a dialog build, the server version, engine packs, language topics, voices and data types.
import { requireOrganizationMember, requireVisibleProject } from '../access';
import { buildDataHosts, latestDialogBuild } from '../apps/dataHosts';
import { environmentEntry, flowView } from '../apps/flows';
import { requireVisibleApplication } from '../apps/lookup';
import { caller, managementRoute, type Principal } from '../auth';
import { findBuild } from '../builds/records';
import type { BuildRecord } from '../builds/model';
import { dataTypes, enginePacks, languageTopics, versionInfo, voices } from '../catalog/platformCatalog';
import type { SandboxContext } from '../context';
import { badRequest, notFound } from '../errors';
import { json, type Router, type SandboxRequest } from '../router';
import type { OrganizationRecord, SandboxState } from '../state';
import { pageOf, paging } from '../validate';

export function registerDiscoveryRoutes(router: Router, ctx: SandboxContext): void {
  registerDeploymentSettingRoutes(router, ctx.state);
  registerDataHostRoutes(router, ctx.state);
  registerCatalogRoutes(router, ctx.state);
}

/** Flows, environments, engine packs… belong to the organization: members and staff (403 for project-only members). */
function memberOrg(state: SandboxState, req: SandboxRequest<{ readonly orgId: string }>): OrganizationRecord {
  return requireOrganizationMember(state, caller(req), req.params.orgId, 'its deployment settings');
}

/** Deployment flows, environments and geographies: the ids app-configs and --env-geo take. */
function registerDeploymentSettingRoutes(router: Router, state: SandboxState): void {
  const orgFlows = (orgId: string) =>
    state.deploymentFlows.filter((f) => f.orgId === orgId).sort((a, b) => Number(a.id) - Number(b.id));

  router.add(
    managementRoute('GET', '/v4/organizations/:orgId/deployment-flows', (req) =>
      json(
        pageOf(
          'flows',
          orgFlows(memberOrg(state, req).id).map((f) => flowView(state, f)),
          paging(req.query),
        ),
      ),
    ),
  );

  router.add(
    managementRoute('GET', '/v4/organizations/:orgId/environments', (req) => {
      const envIds = new Set(orgFlows(memberOrg(state, req).id).flatMap((f) => f.environmentIds));
      const environments = state.environments.filter((e) => envIds.has(e.id)).map(environmentEntry);
      return json(pageOf('environments', environments, paging(req.query)));
    }),
  );

  router.add(
    managementRoute('GET', '/v4/geographies', (req) => {
      const seen = new Map<string, { id: string; displayName: string }>();
      for (const g of state.environments.flatMap((e) => e.geographies)) seen.set(g.geography.id, { ...g.geography });
      const geographies = [...seen.values()].sort((a, b) => Number(a.id) - Number(b.id));
      return json(pageOf('geographies', geographies, paging(req.query)));
    }),
  );
}

/** The data hosts of a dialog build, named or the project's latest. */
function registerDataHostRoutes(router: Router, state: SandboxState): void {
  const visibleBuild = (principal: Principal, label: string): BuildRecord => {
    const build = findBuild(state, label);
    if (!build) throw notFound(`Build ${label} not found.`);
    try {
      requireVisibleProject(state, principal, build.projectId);
    } catch {
      throw notFound(`Build ${label} not found.`);
    }
    return build;
  };

  router.add(
    managementRoute('GET', '/v4/builds/:buildLabel/data-hosts', (req) => {
      const principal = caller(req);
      const build = visibleBuild(principal, req.params.buildLabel);
      const appId = req.query.get('applicationId');
      if (!appId) throw badRequest('Query parameter "applicationId" is required: data hosts are set per application.');
      const app = requireVisibleApplication(state, principal, appId);
      return json({ dataHosts: buildDataHosts(state, app, build, req.query.get('deploymentFlowId')) });
    }),
  );

  router.add(
    managementRoute('GET', '/v4/apps/:applicationId/projects/:projectId/data-hosts/.latest', (req) => {
      const principal = caller(req);
      const app = requireVisibleApplication(state, principal, req.params.applicationId);
      const { project } = requireVisibleProject(state, principal, req.params.projectId);
      const build = latestDialogBuild(state, project.id);
      return json({ dataHosts: build ? buildDataHosts(state, app, build, req.query.get('deploymentFlowId')) : [] });
    }),
  );
}

/** The server version and the platform's catalogs: engine packs, language topics, voices, data types. */
function registerCatalogRoutes(router: Router, state: SandboxState): void {
  router.add(
    managementRoute('GET', '/v4/version', (req) =>
      json(versionInfo(req.headers.host ?? 'localhost', 'cstudio-sandbox')),
    ),
  );

  router.add(
    managementRoute('GET', '/v4/organizations/:orgId/engine-packs', (req) => {
      memberOrg(state, req);
      return json({ enginePacks: enginePacks() });
    }),
  );

  router.add(
    managementRoute('GET', '/v4/organizations/:orgId/language-topics', (req) => {
      memberOrg(state, req);
      return json({ languageTopics: languageTopics() });
    }),
  );

  router.add(
    managementRoute('GET', '/v4/organizations/:orgId/voices', (req) => {
      memberOrg(state, req);
      return json({ voices: voices() });
    }),
  );

  router.add(
    managementRoute('GET', '/v4/data-types', (req) =>
      json({ dataTypes: dataTypes(req.query.get('includeCompatibleEntityTypes') !== 'false') }),
    ),
  );
}
