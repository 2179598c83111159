// Environment configurations (GRAMMAR_BASE_PATH): project defaults and per-environment-geography values.
// The set requests send a JSON string as the whole body. Platforms without the feature answer 501, which
// becomes a FeatureNotEnabledError saying so.
import { explainNotEnabled } from './errors';
import { path } from './paths';
import type { ApiRequest, CallOptions, Requester } from './requester';
import type { EnvironmentConfigurations, LabelValue } from './appTypes';
import { isObject } from './wire';
import type { StatusObject } from './types';

export const GRAMMAR_BASE_PATH = 'GRAMMAR_BASE_PATH';

export class EnvConfigsClient {
  constructor(private readonly api: Requester) {}

  async get(projectId: string, options: CallOptions = {}): Promise<EnvironmentConfigurations> {
    const body = await this.send({
      method: 'GET',
      path: path`/v4/projects/${projectId}/env-configs`,
      resource: `project ${projectId}`,
      signal: options.signal,
    });
    const o = isObject(body) ? body : {};
    return {
      projectDefaults: Array.isArray(o.projectDefaults) ? (o.projectDefaults as LabelValue[]) : [],
      environments: Array.isArray(o.environments)
        ? (o.environments as EnvironmentConfigurations['environments'][number][])
        : [],
    };
  }

  async setProjectDefault(projectId: string, label: string, value: string, options: CallOptions = {}): Promise<void> {
    await this.send({
      method: 'PUT',
      path: path`/v4/projects/${projectId}/env-configs/${label}`,
      json: value,
      resource: `project ${projectId}`,
      signal: options.signal,
    });
  }

  async deleteProjectDefault(projectId: string, label: string, options: CallOptions = {}): Promise<StatusObject> {
    return this.status({
      method: 'DELETE',
      path: path`/v4/projects/${projectId}/env-configs/${label}`,
      resource: `project ${projectId}`,
      signal: options.signal,
    });
  }

  async setForGeography(
    projectId: string,
    environmentId: string,
    environmentGeographyId: string,
    label: string,
    value: string,
    options: CallOptions = {},
  ): Promise<void> {
    await this.send({
      method: 'PUT',
      path: path`/v4/environments/${environmentId}/geographies/${environmentGeographyId}/configs/${label}`,
      query: { projectId },
      json: value,
      resource: `environment geography ${environmentGeographyId}`,
      signal: options.signal,
    });
  }

  async deleteForGeography(
    projectId: string,
    environmentId: string,
    environmentGeographyId: string,
    label: string,
    options: CallOptions = {},
  ): Promise<StatusObject> {
    return this.status({
      method: 'DELETE',
      path: path`/v4/environments/${environmentId}/geographies/${environmentGeographyId}/configs/${label}`,
      query: { projectId },
      resource: `environment geography ${environmentGeographyId}`,
      signal: options.signal,
    });
  }

  private async status(req: ApiRequest): Promise<StatusObject> {
    const body = await this.send(req);
    return isObject(body) ? (body as StatusObject) : {};
  }

  private send(req: ApiRequest): Promise<unknown> {
    return explainNotEnabled(
      this.api.request(req),
      `Environment configurations are not enabled on this platform (${req.method} ${req.path}).`,
    );
  }
}
