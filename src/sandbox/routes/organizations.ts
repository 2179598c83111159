// GET /v4/organizations: the organizations the caller can see (members, plus those holding a project
// the caller is a member of; provider staff see all). mix-cli's parameters: `type` (PERSONAL, STANDARD;
// TYPE_UNSPECIFIED = all), `view=FULL` (adds members), `sortBy`; `showAll` changes nothing here.
import { caller, managementRoute } from '../auth';
import { visibleOrganizations } from '../access';
import type { SandboxContext } from '../context';
import { json, type Router } from '../router';
import { sortItems } from '../sorting';
import { organizationView } from '../views';
import { pageOf, paging, requireEnum } from '../validate';

const TYPES = ['TYPE_UNSPECIFIED', 'PERSONAL', 'STANDARD'] as const;
const VIEWS = ['VIEW_UNSPECIFIED', 'FULL'] as const;

export function registerOrganizationRoutes(router: Router, ctx: SandboxContext): void {
  router.add(
    managementRoute('GET', '/v4/organizations', (req) => {
      const q = req.query;
      const type = requireEnum(q.get('type') ?? 'TYPE_UNSPECIFIED', TYPES, 'type');
      const full = requireEnum(q.get('view') ?? 'VIEW_UNSPECIFIED', VIEWS, 'view') === 'FULL';
      const visible = visibleOrganizations(ctx.state, caller(req).user)
        .filter((o) => type === 'TYPE_UNSPECIFIED' || o.type === type)
        .sort((a, b) => Number(a.id) - Number(b.id));
      const sorted = sortItems(visible, q.get('sortBy'), {
        id: (o) => Number(o.id),
        displayName: (o) => o.displayName,
        type: (o) => o.type,
      });
      return json(
        pageOf(
          'organizations',
          sorted.map((o) => organizationView(ctx.state, o, full)),
          paging(q),
        ),
      );
    }),
  );
}
