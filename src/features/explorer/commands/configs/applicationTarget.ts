// The application a configuration command creates in: the tree's application node, `{ applicationId }`
// from automation, or a pick among the organization's applications.
import type { Application } from '../../../../core/platform/appTypes';
import { answered } from '../../../../host/prompter';
import type { ExplorerCommandDeps } from '../../commandDeps';
import { ApplicationNode } from '../../nodes/applicationNodes';
import { resolveOrganization, type OrganizationTarget } from '../../targets';

export interface ApplicationTarget extends OrganizationTarget {
  readonly app: Application;
}

export async function resolveApplication(
  deps: ExplorerCommandDeps,
  arg: unknown,
  title: string,
): Promise<ApplicationTarget> {
  const org = await resolveOrganization(deps, arg instanceof ApplicationNode ? arg.group.org : arg, title);
  const apps = await org.client.apps.listByOrg(org.orgId, { view: 'full' });
  const wanted =
    arg instanceof ApplicationNode ? arg.app.id : (arg as { applicationId?: unknown } | undefined)?.applicationId;
  const app =
    typeof wanted === 'string'
      ? apps.find((a) => a.id === wanted)
      : await answered(
          deps.prompter.pick(
            apps.map((a) => ({ label: a.applicationName, description: a.id, value: a })),
            { title, placeholder: 'Application' },
          ),
          title,
        );
  if (!app) throw new Error(`Organization "${org.orgName}" has no application ${String(wanted)}.`);
  return { ...org, app };
}
