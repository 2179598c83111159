// Applications: the list of one organization (`{applications, totalSize}`), the all-applications v2 list
// at GET /v4/apps (the path the public CLI uses; paged, `orgId` required except for provider staff) and
// application credentials. `view` (AV_FULL, AV_FULL_AVAILABLE_CONFIGS, AV_FULL_LIVE_CONFIGS) adds configurations.
import { caller, managementRoute } from '../auth';
import { isStaff } from '../access';
import { configsForView, parseView } from '../apps/configFilters';
import { canSeeOrganization, configsOf, requireOrganizationToList, requireVisibleApplication } from '../apps/lookup';
import type { ApplicationRecord } from '../apps/model';
import { applicationView, credentialView } from '../apps/views';
import type { SandboxContext } from '../context';
import { badRequest, forbidden, notFound } from '../errors';
import { json, type Router } from '../router';
import type { SandboxState } from '../state';
import { pageOf, paging } from '../validate';

const byId = (a: ApplicationRecord, b: ApplicationRecord): number => Number(a.id) - Number(b.id);

function matchesFilters(app: ApplicationRecord, query: URLSearchParams): boolean {
  const filter = query.get('filter');
  const runtimeAppId = query.get('appId');
  // mix-cli's applications:get sends the application id as `filter` and keeps the entry whose id matches.
  return (
    (!filter || app.applicationName.includes(filter) || app.id === filter) &&
    (!runtimeAppId || app.credentials.some((c) => c.appId === runtimeAppId))
  );
}

export function credentialsReply(
  state: SandboxState,
  app: ApplicationRecord,
  query: URLSearchParams,
): Record<string, unknown> {
  const geoName = query.get('envGeographyName');
  const credentials = app.credentials.filter(
    (c) =>
      !geoName ||
      c.envGeographyIds.some((id) =>
        state.environments.some((e) => e.geographies.some((g) => g.id === id && g.name === geoName)),
      ),
  );
  return { credentials: credentials.map((c) => credentialView(state, c)) };
}

export function registerAppRoutes(router: Router, ctx: SandboxContext): void {
  const { state } = ctx;

  router.add(
    managementRoute('GET', '/v4/organizations/:orgId/apps', (req) => {
      const org = requireOrganizationToList(state, caller(req), req.params.orgId, 'applications');
      const view = parseView(req.query.get('view'), 'AV');
      const applications = state.applications
        .filter((a) => a.orgId === org.id && matchesFilters(a, req.query))
        .sort(byId)
        .map((a) => applicationView(state, a, configsForView(state, configsOf(state, a.id), view), false));
      return json({ applications, totalSize: applications.length });
    }),
  );

  router.add(
    managementRoute('GET', '/v4/apps', (req) => {
      const principal = caller(req);
      const orgId = req.query.get('orgId') || undefined;
      // mix-cli's applications:get sends only `filter=<applicationId>&view=AV_FULL`: such a lookup searches
      // the caller's own organizations. A plain list of every organization stays staff-only.
      const lookup = !orgId && !isStaff(principal.user) && Boolean(req.query.get('filter'));
      if (!orgId && !isStaff(principal.user) && !lookup) {
        throw badRequest(
          'Query parameter "orgId" is required: only professional-services and global admin users may list the applications of every organization.',
        );
      }
      if (orgId) {
        if (!state.organizations.some((o) => o.id === orgId)) throw notFound(`Organization ${orgId} not found.`);
        if (!canSeeOrganization(state, principal, orgId))
          throw forbidden(
            `${principal.user.name} has no access to organization ${orgId}; name an organization you belong to.`,
          );
      }
      const view = parseView(req.query.get('view'), 'AV');
      const applications = state.applications
        .filter(
          (a) =>
            (!orgId || a.orgId === orgId) &&
            (!lookup || canSeeOrganization(state, principal, a.orgId)) &&
            matchesFilters(a, req.query),
        )
        .sort(byId)
        .map((a) => applicationView(state, a, configsForView(state, configsOf(state, a.id), view), true));
      return json(pageOf('applications', applications, paging(req.query)));
    }),
  );

  router.add(
    managementRoute('GET', '/v4/apps/:applicationId/credentials', (req) =>
      json(credentialsReply(state, requireVisibleApplication(state, caller(req), req.params.applicationId), req.query)),
    ),
  );
}
