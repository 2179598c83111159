// Wire types of applications, configurations, deployments, credentials, bots and environment
// configurations (platform-api.md; real-client-shapes.md "App configs", "Bots"). Identifiers are strings;
// `deploymentFlowId` is a number in replies.

export interface EnvGeography {
  readonly id: string;
  readonly geography: { readonly id: string; readonly displayName: string };
  /** `SANDBOX`, `PRODUCTION`, … */
  readonly envType?: string;
  readonly envHost?: string;
  readonly envName?: string;
}

/** `DEPLOYED`, `UNDEPLOYED`, `STATUS_UNSPECIFIED`; real platforms also send e.g. `PENDING_REQUEST`. */
export type DeploymentStatus = 'DEPLOYED' | 'UNDEPLOYED' | 'STATUS_UNSPECIFIED' | (string & {});

export interface EnvGeographyDeployment {
  readonly id: string;
  readonly envGeography: EnvGeography;
  readonly status: DeploymentStatus;
  readonly deploymentResult?: string;
  readonly isOverridden?: boolean;
}

export interface Deployment {
  readonly id: string;
  readonly status: DeploymentStatus;
  readonly envGeographyDeployments: readonly EnvGeographyDeployment[];
}

export interface ConfigBuild {
  readonly locale?: string;
  readonly buildLabel: string;
  readonly buildVersion?: string;
  readonly createTime?: string;
}

export interface ConfigBuilds {
  readonly asr?: { readonly builds: readonly ConfigBuild[]; readonly projectId?: string };
  readonly nlu?: { readonly builds: readonly ConfigBuild[]; readonly projectId?: string };
  readonly dialog?: ConfigBuild & { readonly projectId?: string };
}

export interface DataHost {
  readonly id?: string;
  readonly alias: string;
  readonly environmentId?: string;
  readonly environmentGeographyId: string;
  readonly value: string;
}

export interface ConfigEnvironmentValue {
  /** `GRAMMAR_BASE_PATH` is the only label available. */
  readonly label: string;
  readonly value: string;
  readonly environmentId?: string;
  readonly environmentGeographyId: string;
}

/** The data hosts and environment values a configuration carries, in its record and in the bodies that set them. */
export interface ConfigValues {
  readonly dataHosts?: readonly DataHost[];
  readonly environmentConfigurations?: readonly ConfigEnvironmentValue[];
}

export interface AppConfig extends ConfigValues {
  readonly id: string;
  readonly tag: string;
  readonly parentId?: string;
  readonly deploymentFlowId?: number | string;
  readonly createTime?: string;
  readonly deployments: readonly Deployment[];
  readonly builds: ConfigBuilds;
  readonly hasInterface?: boolean;
}

export interface Application {
  readonly id: string;
  readonly applicationName: string;
  /** Present in the all-applications list. */
  readonly organizationId?: string;
  readonly organizationName?: string;
  readonly configs: readonly AppConfig[];
  readonly createTime?: string;
}

export interface AppClient {
  readonly id: string;
  readonly clientId: string;
  readonly clientName: string;
  /** Space-separated, e.g. `asr dlg nlu tts log`. */
  readonly oauthScopes: string;
  readonly createTime?: string;
  readonly updateTime?: string;
}

export interface AppCredential {
  readonly id: string;
  readonly credential: { readonly id: string; readonly appId: string; readonly clients: readonly AppClient[] };
  readonly geographies: readonly EnvGeography[];
  readonly createTime?: string;
  readonly updateTime?: string;
}

export interface BuildRequestRef {
  readonly buildLabel: string;
  readonly locale: string;
}

export interface RequestBuilds {
  readonly asr?: readonly BuildRequestRef[];
  readonly nlu?: readonly BuildRequestRef[];
  readonly dialog?: { readonly buildLabel: string };
}

/** ApplicationConfigContent (create). */
export interface AppConfigCreate extends ConfigValues {
  readonly tag: string;
  readonly deploymentFlowId: string;
  readonly requestBuilds?: RequestBuilds;
}

/** Update and override bodies: builds under `requestModels`. */
export interface AppConfigChange extends ConfigValues {
  readonly requestModels?: RequestBuilds;
}

export interface DeployResult {
  readonly id: string;
  readonly configId: string;
  readonly environmentGeographyId?: string;
  readonly status?: DeploymentStatus;
  readonly createTime?: string;
}

export interface UndeployResult {
  readonly configId: string;
  readonly applicationConfigDeploymentId?: string;
  readonly environmentGeographyId?: string;
  readonly code?: number;
  readonly message?: string;
}

export interface Bot {
  readonly id: string;
  readonly applicationName: string;
  readonly configs: readonly AppConfig[];
  readonly createTime?: string;
}

export interface BotVariable {
  readonly id?: string;
  readonly displayName: string;
  readonly description?: string;
  readonly isReserved?: boolean;
  readonly simpleVariableType?: string;
  /** Set instead of a simple type for a variable of a complex type. */
  readonly complexVariableTypeId?: string;
}

export interface BotComplexVariableType {
  readonly id: string;
  readonly name: string;
  readonly fields: readonly BotVariable[];
}

export interface BotTransferNode {
  readonly id?: string;
  readonly nodeName: string;
  readonly nodeType?: string;
  readonly description?: string;
  readonly requestVariables: readonly BotVariable[];
  readonly responseVariables?: readonly BotVariable[];
}

export interface BotInterface {
  readonly id?: string;
  readonly version?: number;
  readonly languageTopic?: string;
  readonly locales: readonly string[];
  readonly channels: ReadonlyArray<{
    readonly id: string;
    readonly displayName: string;
    readonly codeName?: string;
    readonly modes?: readonly string[];
    readonly color?: string;
  }>;
  readonly variables: readonly BotVariable[];
  readonly complexVariableTypes?: readonly BotComplexVariableType[];
  readonly transferNodes: readonly BotTransferNode[];
  readonly createTime?: string;
}

export interface LabelValue {
  readonly label: string;
  readonly value: string;
}

export interface EnvironmentConfigurations {
  readonly projectDefaults: readonly LabelValue[];
  readonly environments: ReadonlyArray<{
    readonly id: string;
    readonly name: string;
    readonly environmentGeographies: ReadonlyArray<{
      readonly id: string;
      readonly name: string;
      readonly environmentGeographyDefaults: readonly LabelValue[];
    }>;
  }>;
}

/** Which configurations an application or bot list includes (`AV_…` / `BV_…` views). */
export type ConfigsView = 'none' | 'full' | 'available' | 'live';

/** Filters of the configuration lists. */
export interface ConfigFilters {
  /** Runtime app ID: configurations deployed where its credentials apply. */
  readonly appId?: string;
  readonly tag?: string;
  readonly excludeOverrides?: boolean;
  readonly liveOnly?: boolean;
}
