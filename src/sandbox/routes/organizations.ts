// GET /v4/organizations: the organizations the caller can see (members, plus those holding a project
// the caller is a member of; provider staff see all).
import { caller, MANAGEMENT_SCOPES } from '../auth';
import { visibleOrganizations } from '../access';
import type { SandboxContext } from '../context';
import { json, type Router } from '../router';
import { organizationView } from '../views';
import { pageOf, paging } from '../validate';

export function registerOrganizationRoutes(router: Router, ctx: SandboxContext): void {
  router.add({
    method: 'GET', path: '/v4/organizations', auth: MANAGEMENT_SCOPES,
    handler: (req) => {
      const orgs = visibleOrganizations(ctx.state, caller(req).user)
        .slice()
        .sort((a, b) => Number(a.id) - Number(b.id))
        .map(organizationView);
      return json(pageOf('organizations', orgs, paging(req.query)));
    },
  });
}
