// Persisted records of applications, their credentials, configurations and deployments, and of the
// runtime environments they deploy to (platform-api.md, "Application and configuration records",
// "Application credentials record"). Lookups used by several route families live in `lookup.ts`.

export type EnvType = 'SANDBOX' | 'PRODUCTION';

/** A place an application configuration deploys to: one geography of one environment. */
export interface EnvGeographyRecord {
  id: string;
  environmentId: string;
  /** Name shown in environment-configuration listings, e.g. "Sandbox US". */
  name: string;
  geography: { id: string; displayName: string };
  envType: EnvType;
  envHost: string;
}

export interface EnvironmentRecord {
  id: string;
  name: string;
  geographies: EnvGeographyRecord[];
}

/** Deployment flows name the environments a configuration may go to, in order. */
export interface DeploymentFlowRecord {
  id: string;
  orgId: string;
  displayName: string;
  environmentIds: string[];
}

/** An OAuth client of the runtime (not of the management API). */
export interface AppClientRecord {
  id: string;
  /** `appID:<appId>` (default client) or `appID:<appId>:geo:<geo>:clientName:<name>`. */
  clientId: string;
  clientName: string;
  /** Never returned by the management API; lets runtime-facing sandbox APIs (logs) authenticate clients. */
  clientSecret: string;
  /** Space-separated, e.g. "asr dlg nlu tts log". */
  oauthScopes: string;
  createTime: string;
  updateTime: string;
}

/** The credentials of an application in some environment geographies, under one runtime app ID. */
export interface AppCredentialRecord {
  id: string;
  credentialId: string;
  /** The runtime app ID (e.g. "COFFEE-DEV"); also the event-log topic name. */
  appId: string;
  envGeographyIds: string[];
  clients: AppClientRecord[];
  createTime: string;
  updateTime: string;
}

export interface ApplicationRecord {
  /** Numeric string. */
  id: string;
  orgId: string;
  applicationName: string;
  credentials: AppCredentialRecord[];
  createTime: string;
  updateTime: string;
}

export interface BuildRef {
  buildLabel: string;
  locale: string;
}

export interface ConfigBuilds {
  asr: BuildRef[];
  nlu: BuildRef[];
  dialog?: { buildLabel: string };
}

export interface DataHostRecord {
  id: string;
  alias: string;
  environmentId: string;
  environmentGeographyId: string;
  value: string;
}

export interface ConfigEnvironmentValue {
  label: string;
  value: string;
  environmentId: string;
  environmentGeographyId: string;
}

/**
 * DEPLOYED: running there. UNDEPLOYED: taken down by an undeploy, or replaced by a newer configuration
 * with the same tag (then `isOverridden`). STATUS_UNSPECIFIED: the deployment record's overall status
 * when its geographies disagree.
 */
export type DeploymentStatus = 'DEPLOYED' | 'UNDEPLOYED' | 'STATUS_UNSPECIFIED';

export interface EnvGeographyDeploymentRecord {
  id: string;
  envGeographyId: string;
  status: DeploymentStatus;
  deploymentResult: string;
  isOverridden: boolean;
  updateTime: string;
}

/** One `.deploy` call: the geographies it deployed to. */
export interface DeploymentRecord {
  id: string;
  createTime: string;
  envGeographyDeployments: EnvGeographyDeploymentRecord[];
}

export interface AppConfigRecord {
  /** Numeric string. */
  id: string;
  applicationId: string;
  /** The context tag. */
  tag: string;
  /** The configuration this one overrides ("" for none). */
  parentId: string;
  deploymentFlowId: string;
  /** The project the builds come from (the first build's project), when there are builds. */
  projectId?: string;
  builds: ConfigBuilds;
  dataHosts: DataHostRecord[];
  environmentConfigurations: ConfigEnvironmentValue[];
  deployments: DeploymentRecord[];
  createTime: string;
  updateTime: string;
}

/** A GRAMMAR_BASE_PATH-style value: a project default, or one environment geography's value. */
export interface EnvConfigValueRecord {
  projectId: string;
  label: string;
  value: string;
  /** Absent for the project default. */
  environmentGeographyId?: string;
}
