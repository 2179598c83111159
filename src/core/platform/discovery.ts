// What the platform offers to choose from before a write (docs/platform-notes.md "Public client compatibility"):
// deployment flows, environments and geographies (ids for configurations and deploys), the data hosts of a
// dialog build, the server version, engine packs, language topics, voices and data types. Replies are
// read leniently: the known fields are typed, anything else the platform adds is kept.
import { readItems } from './nluWire';
import { path } from './paths';
import type { CallOptions, Requester } from './requester';

export interface EnvGeographyEntry {
  readonly id: string;
  readonly geography: { readonly id: string; readonly displayName: string };
  readonly envType?: string;
  readonly envHost?: string;
}

export interface EnvironmentEntry {
  readonly id: string;
  readonly displayName: string;
  readonly geographies: readonly EnvGeographyEntry[];
}

export interface DeploymentFlow {
  readonly id: string;
  readonly displayName: string;
  readonly steps: ReadonlyArray<{
    readonly id: string;
    readonly step: number;
    readonly requiresApproval?: boolean;
    readonly environments: readonly EnvironmentEntry[];
  }>;
}

export interface DataHost {
  readonly id: string;
  readonly alias: string;
  readonly environmentId: string;
  readonly environmentGeographyId: string;
  readonly value: string;
}

export interface PlatformVersion {
  readonly mixEnvironment?: string;
  readonly mixVersion?: string;
  readonly apiVersion?: string;
  readonly mixAPIServer?: string;
}

type Loose = Record<string, unknown>;

export class DiscoveryClient {
  constructor(private readonly api: Requester) {}

  async deploymentFlows(orgId: string, options: CallOptions = {}): Promise<DeploymentFlow[]> {
    return this.list(
      path`/v4/organizations/${orgId}/deployment-flows`,
      'flows',
      `organization ${orgId}`,
      options,
    ) as unknown as Promise<DeploymentFlow[]>;
  }

  async environments(orgId: string, options: CallOptions = {}): Promise<EnvironmentEntry[]> {
    return this.list(
      path`/v4/organizations/${orgId}/environments`,
      'environments',
      `organization ${orgId}`,
      options,
    ) as unknown as Promise<EnvironmentEntry[]>;
  }

  async geographies(options: CallOptions = {}): Promise<Array<{ id: string; displayName: string }>> {
    return this.list('/v4/geographies', 'geographies', 'geographies', options) as unknown as Promise<
      Array<{ id: string; displayName: string }>
    >;
  }

  /** The data hosts a dialog build needs in an application (values set there, else the dialog's defaults). */
  async dataHosts(
    buildLabel: string,
    applicationId: string,
    options: CallOptions & { deploymentFlowId?: string } = {},
  ): Promise<DataHost[]> {
    const req = {
      method: 'GET',
      path: path`/v4/builds/${buildLabel}/data-hosts`,
      resource: `build ${buildLabel}`,
    } as const;
    const body = await this.api.request({
      ...req,
      query: { applicationId, deploymentFlowId: options.deploymentFlowId },
      signal: options.signal,
    });
    return readItems(body, 'dataHosts', req) as unknown as DataHost[];
  }

  /** The data hosts of the project's latest dialog build in an application. */
  async latestDataHosts(
    applicationId: string,
    projectId: string,
    options: CallOptions & { deploymentFlowId?: string } = {},
  ): Promise<DataHost[]> {
    const req = {
      method: 'GET',
      path: path`/v4/apps/${applicationId}/projects/${projectId}/data-hosts/.latest`,
      resource: `application ${applicationId}`,
    } as const;
    const body = await this.api.request({
      ...req,
      query: { deploymentFlowId: options.deploymentFlowId },
      signal: options.signal,
    });
    return readItems(body, 'dataHosts', req) as unknown as DataHost[];
  }

  async version(options: CallOptions = {}): Promise<PlatformVersion> {
    const body = await this.api.request({
      method: 'GET',
      path: '/v4/version',
      resource: 'the platform version',
      signal: options.signal,
    });
    return (typeof body === 'object' && body !== null ? body : {}) as PlatformVersion;
  }

  enginePacks(orgId: string, options: CallOptions = {}): Promise<Loose[]> {
    return this.list(path`/v4/organizations/${orgId}/engine-packs`, 'enginePacks', `organization ${orgId}`, options);
  }

  languageTopics(orgId: string, options: CallOptions = {}): Promise<Loose[]> {
    return this.list(
      path`/v4/organizations/${orgId}/language-topics`,
      'languageTopics',
      `organization ${orgId}`,
      options,
    );
  }

  voices(orgId: string, options: CallOptions = {}): Promise<Loose[]> {
    return this.list(path`/v4/organizations/${orgId}/voices`, 'voices', `organization ${orgId}`, options);
  }

  dataTypes(options: CallOptions = {}): Promise<Loose[]> {
    return this.list('/v4/data-types', 'dataTypes', 'data types', options);
  }

  private async list(requestPath: string, plural: string, resource: string, options: CallOptions): Promise<Loose[]> {
    const req = { method: 'GET', path: requestPath, resource } as const;
    return readItems(await this.api.request({ ...req, signal: options.signal }), plural, req);
  }
}
