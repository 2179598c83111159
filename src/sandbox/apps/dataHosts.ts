// Data hosts a dialog build needs in an application (GET /v4/builds/{label}/data-hosts and
// /v4/apps/{a}/projects/{p}/data-hosts/.latest; mix-cli's data-hosts fixture `{dataHosts: [{id, alias,
// environmentId, environmentGeographyId, value}]}`). One entry per alias the dialog declares and per
// geography of the deployment flow (the one named, else every flow of the application's organization):
// the value a configuration of the application using that build set, else the dialog's default value
// (such a default has no record yet: its id is "").
import type { BuildRecord } from '../builds/model';
import { badRequest } from '../errors';
import type { SandboxState } from '../state';
import { configsOf } from './lookup';
import type { ApplicationRecord, DataHostRecord } from './model';

export function buildDataHosts(
  state: SandboxState,
  app: ApplicationRecord,
  build: BuildRecord,
  flowId: string | null,
): DataHostRecord[] {
  const flows = state.deploymentFlows.filter((f) => f.orgId === app.orgId && (!flowId || f.id === flowId));
  if (flowId && flows.length === 0)
    throw badRequest(
      `Deployment flow ${flowId} is not a flow of organization ${app.orgId}; list them with GET /v4/organizations/${app.orgId}/deployment-flows.`,
    );
  const envIds = new Set(flows.flatMap((f) => f.environmentIds));
  const geographies = state.environments.filter((e) => envIds.has(e.id)).flatMap((e) => e.geographies);
  const stored = configsOf(state, app.id)
    .filter((c) => c.builds.dialog?.buildLabel === build.buildLabel)
    .sort((a, b) => Number(b.id) - Number(a.id))
    .flatMap((c) => c.dataHosts);
  const out: DataHostRecord[] = [];
  for (const d of build.dataHostDefaults ?? []) {
    for (const g of geographies) {
      const set = stored.find((h) => h.alias === d.alias && h.environmentGeographyId === g.id);
      out.push(
        set
          ? { ...set }
          : {
              id: '',
              alias: d.alias,
              environmentId: g.environmentId,
              environmentGeographyId: g.id,
              value: d.defaultValue,
            },
      );
    }
  }
  return out;
}

/** The newest completed dialog build of a project, if any. */
export function latestDialogBuild(state: SandboxState, projectId: string): BuildRecord | undefined {
  return state.builds
    .filter((b) => b.projectId === projectId && b.buildType === 'DIALOG' && b.status === 'BST_COMPLETED')
    .sort((a, b) => b.buildVersion - a.buildVersion)[0];
}
