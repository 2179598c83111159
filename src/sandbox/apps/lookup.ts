// Finding applications, configurations, credentials and environment geographies, with the visibility
// rule of applications: members of the application's organization see it (any role), provider staff see
// every application, and anyone else (members of one project only included) gets 404 as if it did not exist.
import { isStaff, requireVisibleOrganization } from '../access';
import { forbidden, notFound } from '../errors';
import type { Principal } from '../auth';
import type { OrganizationRecord, SandboxState } from '../state';
import type {
  AppClientRecord,
  AppConfigRecord,
  AppCredentialRecord,
  ApplicationRecord,
  EnvGeographyDeploymentRecord,
  EnvGeographyRecord,
} from './model';

export function findApplication(state: SandboxState, applicationId: string): ApplicationRecord | undefined {
  return state.applications.find((a) => a.id === applicationId);
}

/** Applications belong to the organization: its members (any role) and provider staff see them; project-only members do not. */
export function canSeeOrganization(state: SandboxState, principal: Principal, orgId: string): boolean {
  return (
    isStaff(principal.user) ||
    state.organizations.some((o) => o.id === orgId && o.members.some((m) => m.userId === principal.user.id))
  );
}

/** An organization whose `listed` (applications, bots) the caller asks for: 404 unseen, 403 when no member (nor staff). */
export function requireOrganizationToList(
  state: SandboxState,
  principal: Principal,
  orgId: string,
  listed: 'applications' | 'bots',
): OrganizationRecord {
  const org = requireVisibleOrganization(state, principal, orgId);
  if (!canSeeOrganization(state, principal, org.id))
    throw forbidden(
      `${principal.user.name} is not a member of organization ${org.id}; its ${listed} are visible to its members only.`,
    );
  return org;
}

export function requireVisibleApplication(
  state: SandboxState,
  principal: Principal,
  applicationId: string,
): ApplicationRecord {
  const app = findApplication(state, applicationId);
  if (!app || !canSeeOrganization(state, principal, app.orgId))
    throw notFound(`Application ${applicationId} not found.`);
  return app;
}

export function configsOf(state: SandboxState, applicationId: string): AppConfigRecord[] {
  return state.appConfigs.filter((c) => c.applicationId === applicationId);
}

/** The configuration and its application, when the caller may see them (404 otherwise). */
export function requireVisibleConfig(
  state: SandboxState,
  principal: Principal,
  configId: string,
): { config: AppConfigRecord; app: ApplicationRecord } {
  const config = state.appConfigs.find((c) => c.id === configId);
  const app = config && findApplication(state, config.applicationId);
  if (!config || !app || !canSeeOrganization(state, principal, app.orgId))
    throw notFound(`Application configuration ${configId} not found.`);
  return { config, app };
}

/** The configuration when the caller may `verb` it (delete, deploy, …): 404 when it cannot see it, 403 when no editor. */
export function requireEditableConfig(
  state: SandboxState,
  principal: Principal,
  configId: string,
  verb: string,
): { config: AppConfigRecord; app: ApplicationRecord } {
  const found = requireVisibleConfig(state, principal, configId);
  requireAppEditor(state, principal, found.app, `${verb} application configurations`);
  return found;
}

export function allEnvGeographies(state: SandboxState): EnvGeographyRecord[] {
  return state.environments.flatMap((e) => e.geographies);
}

export function findEnvGeography(state: SandboxState, envGeographyId: string): EnvGeographyRecord | undefined {
  return allEnvGeographies(state).find((g) => g.id === envGeographyId);
}

/** The most recent deployment of a configuration to one environment geography, if any. */
export function currentDeployment(
  config: AppConfigRecord,
  envGeographyId: string,
): EnvGeographyDeploymentRecord | undefined {
  for (const deployment of [...config.deployments].reverse()) {
    const d = deployment.envGeographyDeployments.find((x) => x.envGeographyId === envGeographyId);
    if (d) return d;
  }
  return undefined;
}

/** Environment geographies a configuration is deployed to right now. */
export function deployedGeographies(config: AppConfigRecord): string[] {
  const ids = new Set(config.deployments.flatMap((d) => d.envGeographyDeployments.map((x) => x.envGeographyId)));
  return [...ids].filter((id) => currentDeployment(config, id)?.status === 'DEPLOYED');
}

export function isDeployed(config: AppConfigRecord): boolean {
  return deployedGeographies(config).length > 0;
}

/** The application and credential of a runtime app ID (the event-log topic name). */
export function findByRuntimeAppId(
  state: SandboxState,
  runtimeAppId: string,
): { app: ApplicationRecord; credential: AppCredentialRecord } | undefined {
  for (const app of state.applications) {
    const credential = app.credentials.find((c) => c.appId === runtimeAppId);
    if (credential) return { app, credential };
  }
  return undefined;
}

/** The runtime client with this client id (`appID:…`), with its credential and application. */
export function findAppClient(
  state: SandboxState,
  clientId: string,
): { app: ApplicationRecord; credential: AppCredentialRecord; client: AppClientRecord } | undefined {
  for (const app of state.applications) {
    for (const credential of app.credentials) {
      const client = credential.clients.find((c) => c.clientId === clientId);
      if (client) return { app, credential, client };
    }
  }
  return undefined;
}

/** Editing an application's configurations: Owner or Admin of its organization, or provider staff (Viewer: 403). */
export function requireAppEditor(
  state: SandboxState,
  principal: Principal,
  app: ApplicationRecord,
  what: string,
): void {
  if (isStaff(principal.user)) return;
  const org = state.organizations.find((o) => o.id === app.orgId);
  const role = org?.members.find((m) => m.userId === principal.user.id)?.role;
  if (role !== 'Owner' && role !== 'Admin') {
    throw forbidden(
      `${principal.user.name} has the ${role ?? 'no'} role in organization ${app.orgId} and may not ${what}; only an Owner or Admin can.`,
    );
  }
}

/** True when a newer configuration overrides this one. */
export function isOverridden(state: SandboxState, config: AppConfigRecord): boolean {
  return state.appConfigs.some((c) => c.parentId === config.id);
}
