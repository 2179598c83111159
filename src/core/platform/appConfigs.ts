// Application configurations: list, get, create (rules 1 and 3), update (only while not deployed),
// override (rule 2), delete, download of the deployed configuration, deploy and undeploy per environment
// geography.
import type { Download } from './download';
import { BadRequestError, explainNotEnabled } from './errors';
import { path } from './paths';
import type { CallOptions, DownloadOptions, Requester } from './requester';
import type { StatusObject } from './types';
import type {
  AppConfig,
  AppConfigChange,
  AppConfigCreate,
  ConfigFilters,
  DeployResult,
  UndeployResult,
} from './appTypes';
import type { BuildService } from './buildTypes';
import { readList } from './apps';
import { isObject, unwrapOne } from './wire';

export interface LatestBuildsOptions {
  /** Take the latest builds of this project; the body's builds are then ignored. */
  readonly useLatestFromProject?: string;
  /** With `useLatestFromProject` only: which services (default all). */
  readonly buildTypes?: readonly BuildService[];
  /** With `useLatestFromProject` only: which locales (default all of the project's). */
  readonly locales?: readonly string[];
  /** Fill the default data hosts the dialog build declares. */
  readonly useProjectDefault?: boolean;
}

export interface OverrideOptions extends LatestBuildsOptions {
  /** Use the latest builds (of the configuration's project, or of `useLatestFromProject`) instead of the body's. */
  readonly latest?: boolean;
}

export class AppConfigsClient {
  constructor(private readonly api: Requester) {}

  async list(applicationId: string, options: CallOptions & ConfigFilters = {}): Promise<AppConfig[]> {
    const req = {
      method: 'GET',
      path: path`/v4/apps/${applicationId}/app-configs`,
      resource: `application ${applicationId}`,
    } as const;
    const body = await this.api.request({ ...req, query: filterQuery(options), signal: options.signal });
    return readList<AppConfig>(body, 'configs', req);
  }

  async get(configId: string, options: CallOptions = {}): Promise<AppConfig> {
    const req = {
      method: 'GET',
      path: path`/v4/app-configs/${configId}`,
      resource: `application configuration ${configId}`,
    } as const;
    return unwrapOne<AppConfig>(await this.api.request({ ...req, signal: options.signal }), 'config', 'id', req);
  }

  async create(
    applicationId: string,
    content: AppConfigCreate,
    options: CallOptions & LatestBuildsOptions = {},
  ): Promise<AppConfig> {
    if (content.tag.trim() === '')
      throw new BadRequestError(`A configuration of application ${applicationId} needs a context tag.`);
    const req = {
      method: 'POST',
      path: path`/v4/apps/${applicationId}/app-configs`,
      resource: `application ${applicationId}`,
    } as const;
    const body = await this.api.request({ ...req, json: content, query: latestQuery(options), signal: options.signal });
    return unwrapOne<AppConfig>(body, 'config', 'id', req);
  }

  /** Adds or resets builds and data hosts; only while the configuration is not deployed. */
  async update(configId: string, change: AppConfigChange, options: CallOptions = {}): Promise<AppConfig> {
    const req = {
      method: 'PUT',
      path: path`/v4/app-configs/${configId}`,
      resource: `application configuration ${configId}`,
    } as const;
    const body = await explainNotEnabled(
      this.api.request({ ...req, json: change, signal: options.signal }),
      `Updating application configurations is not enabled on this platform (PUT ${req.path}); override configuration ${configId} instead.`,
    );
    return unwrapOne<AppConfig>(body, 'config', 'id', req);
  }

  /** Creates a configuration that overrides this one (same tag, `parentId` = this one). */
  async override(
    configId: string,
    change: AppConfigChange = {},
    options: CallOptions & OverrideOptions = {},
  ): Promise<AppConfig> {
    const req = {
      method: 'POST',
      path: path`/v4/app-configs/${configId}/.override`,
      resource: `application configuration ${configId}`,
    } as const;
    const query = { ...latestQuery(options), latest: options.latest };
    return unwrapOne<AppConfig>(
      await this.api.request({ ...req, json: change, query, signal: options.signal }),
      'config',
      'id',
      req,
    );
  }

  async delete(configId: string, options: CallOptions = {}): Promise<StatusObject> {
    const body = await this.api.request({
      method: 'DELETE',
      path: path`/v4/app-configs/${configId}`,
      resource: `application configuration ${configId}`,
      signal: options.signal,
    });
    return isObject(body) ? (body as StatusObject) : {};
  }

  /** The deployed configuration as a zip; `appId` (runtime app ID) picks where it is deployed. */
  download(configId: string, options: CallOptions & DownloadOptions & { appId?: string } = {}): Promise<Download> {
    return this.api.download(
      {
        method: 'GET',
        path: path`/v4/app-configs/${configId}/.download`,
        query: { appId: options.appId },
        resource: `application configuration ${configId}`,
        signal: options.signal,
      },
      options,
    );
  }

  /** Deploys to the listed environment geographies, or to the next step of the deployment flow. */
  deploy(
    configId: string,
    envGeographyIds: readonly string[] = [],
    options: CallOptions = {},
  ): Promise<DeployResult[]> {
    return this.deployment(configId, '.deploy', 'deployments', envGeographyIds, options);
  }

  /** Undeploys from the listed environment geographies, or from everywhere it is deployed. */
  undeploy(
    configId: string,
    envGeographyIds: readonly string[] = [],
    options: CallOptions = {},
  ): Promise<UndeployResult[]> {
    return this.deployment(configId, '.undeploy', 'undeployments', envGeographyIds, options);
  }

  /** Deploy and undeploy are one PUT each, answering the list of what moved. */
  private async deployment<T>(
    configId: string,
    action: '.deploy' | '.undeploy',
    listKey: 'deployments' | 'undeployments',
    envGeographyIds: readonly string[],
    options: CallOptions,
  ): Promise<T[]> {
    const req = {
      method: 'PUT',
      path: `${path`/v4/app-configs/${configId}`}/${action}`,
      resource: `application configuration ${configId}`,
    } as const;
    const body = await this.api.request({
      ...req,
      json: {},
      query: { environmentGeographyIds: [...envGeographyIds] },
      signal: options.signal,
    });
    return readList<T>(body, listKey, req);
  }
}

export function filterQuery(f: ConfigFilters): Record<string, string | boolean | undefined> {
  return { appId: f.appId, tag: f.tag, excludeOverrides: f.excludeOverrides, liveOnly: f.liveOnly };
}

function latestQuery(o: LatestBuildsOptions): Record<string, string | boolean | string[] | undefined> {
  return {
    useLatestFromProject: o.useLatestFromProject,
    buildTypes: o.buildTypes ? [...o.buildTypes] : undefined,
    locales: o.locales ? [...o.locales] : undefined,
    useProjectDefault: o.useProjectDefault,
  };
}
