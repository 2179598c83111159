// Which builds a new configuration takes: the latest completed builds of a project (the platform picks them),
// or builds the user chooses among the project's completed ones (one per service).
import type { Build } from '../../../../core/platform/buildTypes';
import type { RequestBuilds } from '../../../../core/platform/appTypes';
import type { LatestBuildsOptions } from '../../../../core/platform/appConfigs';
import { collect } from '../../../../core/platform/paging';
import type { Project } from '../../../../core/platform/types';
import { answered } from '../../../../host/prompter';
import type { ExplorerCommandDeps } from '../../commandDeps';
import type { OrganizationTarget } from '../../targets';

export type BuildChoice =
  | { readonly kind: 'latest'; readonly project: Project; readonly options: LatestBuildsOptions }
  | { readonly kind: 'chosen'; readonly project: Project; readonly requestBuilds: RequestBuilds };

/** The request's builds from chosen builds; more than one build of a service is refused with the reason. */
export function requestBuildsOf(builds: readonly Build[]): RequestBuilds {
  const of = (service: string): Build[] => builds.filter((b) => b.buildType === service);
  for (const service of ['ASR', 'NLU', 'DIALOG']) {
    if (of(service).length > 1)
      throw new Error(
        `Choose one ${service} build per configuration (chosen: ${of(service)
          .map((b) => b.buildLabel)
          .join(', ')}).`,
      );
  }
  const refs = (b: Build | undefined): Array<{ buildLabel: string; locale: string }> =>
    b ? (b.locales ?? []).map((locale) => ({ buildLabel: b.buildLabel, locale })) : [];
  const [asr] = of('ASR');
  const [nlu] = of('NLU');
  const [dialog] = of('DIALOG');
  return {
    ...(asr ? { asr: refs(asr) } : {}),
    ...(nlu ? { nlu: refs(nlu) } : {}),
    ...(dialog ? { dialog: { buildLabel: dialog.buildLabel } } : {}),
  };
}

export async function chooseBuilds(
  deps: ExplorerCommandDeps,
  org: OrganizationTarget,
  title: string,
): Promise<BuildChoice> {
  const projects = await collect(org.client.projects.listByOrg(org.orgId));
  const project = await answered(
    deps.prompter.pick(
      projects.map((p) => ({ label: p.displayName, description: p.id, value: p })),
      { title, placeholder: 'Project whose builds to use' },
    ),
    title,
  );
  const how = await answered(
    deps.prompter.pick(
      [
        {
          label: 'Latest builds',
          description: 'the newest completed build of each service and locale',
          value: 'latest' as const,
        },
        {
          label: 'Choose builds…',
          description: 'one build per service among the completed ones',
          value: 'chosen' as const,
        },
      ],
      { title, placeholder: 'Builds' },
    ),
    title,
  );
  if (how === 'latest') return { kind: 'latest', project, options: { useLatestFromProject: project.id } };
  const page = await org.client.builds.listPage(project.id, 100, 0);
  const completed = page.items.filter((b) => b.status === 'BST_COMPLETED');
  if (completed.length === 0)
    throw new Error(`Project "${project.displayName}" has no completed build; build it first (Build Project…).`);
  const chosen = await answered(
    deps.prompter.pickMany(
      completed.map((b) => ({
        label: b.buildLabel,
        description: [(b.locales ?? []).join(', '), b.createTime?.slice(0, 16).replace('T', ' ')]
          .filter(Boolean)
          .join(' · '),
        detail: b.notes,
        value: b,
      })),
      { title, placeholder: 'One build per service' },
    ),
    title,
  );
  if (chosen.length === 0) throw new Error(`${title}: choose at least one build.`);
  return { kind: 'chosen', project, requestBuilds: requestBuildsOf(chosen) };
}
