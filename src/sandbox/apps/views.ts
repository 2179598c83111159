// Wire shapes of applications, configurations, deployments and credentials (platform-api.md,
// "Application and configuration records", "Application credentials record"; docs/platform-notes.md).
// Client secrets never leave the sandbox through these views.
import type { SandboxState } from '../state';
import { findBuild } from '../builds/records';
import { findEnvGeography } from './lookup';
import type {
  AppConfigRecord,
  AppCredentialRecord,
  ApplicationRecord,
  DeploymentRecord,
  DeploymentStatus,
  EnvGeographyRecord,
} from './model';

export function envGeographyView(state: SandboxState, g: EnvGeographyRecord): Record<string, unknown> {
  const env = state.environments.find((e) => e.id === g.environmentId);
  return { id: g.id, geography: { ...g.geography }, envType: g.envType, envHost: g.envHost, envName: env?.name ?? '' };
}

/** A deployment's own status: DEPLOYED while any of its geographies is, UNDEPLOYED once none is. */
function deploymentStatus(d: DeploymentRecord): DeploymentStatus {
  if (d.envGeographyDeployments.length === 0) return 'STATUS_UNSPECIFIED';
  return d.envGeographyDeployments.some((x) => x.status === 'DEPLOYED') ? 'DEPLOYED' : 'UNDEPLOYED';
}

function deploymentView(state: SandboxState, config: AppConfigRecord, d: DeploymentRecord): Record<string, unknown> {
  return {
    id: d.id,
    status: deploymentStatus(d),
    createTime: d.createTime,
    envGeographyDeployments: d.envGeographyDeployments.map((x) => {
      const g = findEnvGeography(state, x.envGeographyId);
      return {
        id: x.id,
        envGeography: g ? envGeographyView(state, g) : { id: x.envGeographyId },
        status: x.status,
        deploymentResult: x.deploymentResult,
        isOverridden: x.isOverridden,
        updateTime: x.updateTime,
        // mix-cli's bots fixture: the data hosts of that geography, and no approval needed in the sandbox.
        dataHosts: config.dataHosts.filter((h) => h.environmentGeographyId === x.envGeographyId).map((h) => ({ ...h })),
        approvalRequired: false,
      };
    }),
  };
}

function buildsView(state: SandboxState, c: AppConfigRecord): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const entry = (label: string, locale?: string): Record<string, unknown> => {
    const b = findBuild(state, label);
    const version = b ? String(b.buildVersion) : (label.split('_').pop() ?? '');
    return { ...(locale ? { locale } : {}), buildVersion: version, buildLabel: label, createTime: b?.createTime ?? '' };
  };
  const projectOf = (label: string): string => findBuild(state, label)?.projectId ?? c.projectId ?? '';
  for (const key of ['asr', 'nlu'] as const) {
    const refs = c.builds[key];
    if (refs.length > 0)
      out[key] = {
        builds: refs.map((r) => entry(r.buildLabel, r.locale)),
        projectId: projectOf(refs[0]?.buildLabel ?? ''),
      };
  }
  if (c.builds.dialog)
    out.dialog = { projectId: projectOf(c.builds.dialog.buildLabel), ...entry(c.builds.dialog.buildLabel) };
  return out;
}

export function configView(state: SandboxState, c: AppConfigRecord): Record<string, unknown> {
  const project = c.projectId ? state.projects.find((p) => p.id === c.projectId) : undefined;
  return {
    id: c.id,
    tag: c.tag,
    parentId: c.parentId,
    // A number in responses (platform-api.md).
    deploymentFlowId: Number(c.deploymentFlowId),
    createTime: c.createTime,
    updateTime: c.updateTime,
    deployments: c.deployments.map((d) => deploymentView(state, c, d)),
    builds: buildsView(state, c),
    hasInterface: c.builds.dialog !== undefined,
    dataHosts: c.dataHosts.map((h) => ({ ...h })),
    environmentConfigurations: c.environmentConfigurations.map((e) => ({ ...e })),
    ...(project
      ? {
          projectDetails: {
            projectId: project.id,
            projectName: project.displayName,
            isChildDataCompliant: project.isChildDataCompliant === 'YES',
            projectDescription: project.projectDescription,
          },
        }
      : {}),
  };
}

export function credentialView(state: SandboxState, c: AppCredentialRecord): Record<string, unknown> {
  return {
    id: c.id,
    credential: {
      id: c.credentialId,
      appId: c.appId,
      clients: c.clients.map((x) => ({
        id: x.id,
        clientId: x.clientId,
        clientName: x.clientName,
        oauthScopes: x.oauthScopes,
        createTime: x.createTime,
        updateTime: x.updateTime,
      })),
      createTime: c.createTime,
      updateTime: c.updateTime,
    },
    geographies: c.envGeographyIds.flatMap((id) => {
      const g = findEnvGeography(state, id);
      return g ? [envGeographyView(state, g)] : [];
    }),
    createTime: c.createTime,
    updateTime: c.updateTime,
  };
}

/** An application with the configurations the caller's view asks for (none by default). */
export function applicationView(
  state: SandboxState,
  app: ApplicationRecord,
  configs: readonly AppConfigRecord[],
  withOrganization: boolean,
): Record<string, unknown> {
  const org = state.organizations.find((o) => o.id === app.orgId);
  return {
    id: app.id,
    applicationName: app.applicationName,
    ...(withOrganization ? { organizationId: app.orgId, organizationName: org?.displayName ?? '' } : {}),
    configs: configs.map((c) => configView(state, c)),
    createTime: app.createTime,
  };
}
