// Builds of a project: start (a job), list, latest, get, delete and download. `buildReport` flattens a
// build job's report into one line per service and locale.
import type { Download } from './download';
import { BadRequestError, InvalidResponseError } from './errors';
import { readJob } from './jobs';
import { paginate, type ListOptions } from './paging';
import { path } from './paths';
import type { CallOptions, DownloadOptions, Requester } from './requester';
import type { Job, Page, StatusObject } from './types';
import {
  BUILD_SERVICES,
  type Build,
  type BuildError,
  type BuildProjectModelBody,
  type BuildReportLine,
  type BuildService,
  type LatestBuilds,
} from './buildTypes';
import { isObject, readPage, type JsonObject } from './wire';

export interface BuildListOptions extends ListOptions {
  readonly type?: BuildService;
}

export class BuildsClient {
  constructor(private readonly api: Requester) {}

  /** Starts a build of the services the body names; wait for the returned job with the job poller. */
  async start(projectId: string, body: BuildProjectModelBody, options: CallOptions = {}): Promise<Job> {
    if (body.locales !== undefined && body.locales.some((l) => typeof l !== 'string' || l === '')) {
      throw new BadRequestError(
        `The build of project ${projectId} lists an empty locale; give locales such as "en-US".`,
      );
    }
    const req = {
      method: 'POST',
      path: path`/v4/projects/${projectId}/.build`,
      resource: `project ${projectId}`,
    } as const;
    return readJob(await this.api.request({ ...req, json: body, signal: options.signal }), req);
  }

  list(projectId: string, options: BuildListOptions = {}): AsyncGenerator<Build> {
    return paginate(
      (limit, offset, signal) => this.listPage(projectId, limit, offset, { type: options.type, signal }),
      options,
    );
  }

  async listPage(
    projectId: string,
    limit: number,
    offset: number,
    options: CallOptions & { type?: BuildService } = {},
  ): Promise<Page<Build>> {
    const req = {
      method: 'GET',
      path: path`/v4/projects/${projectId}/builds`,
      resource: `project ${projectId}`,
    } as const;
    const body = await this.api.request({
      ...req,
      query: { limit, offset, type: options.type },
      signal: options.signal,
    });
    const page = readPage<Build>(body, 'builds', 'buildId', limit, offset, req);
    return { ...page, items: page.items.map(withDataSources) };
  }

  /** The newest completed build per service (and per locale for ASR and NLU). */
  async latest(projectId: string, options: CallOptions = {}): Promise<LatestBuilds> {
    const req = {
      method: 'GET',
      path: path`/v4/projects/${projectId}/builds/.latest`,
      resource: `project ${projectId}`,
    } as const;
    const body = await this.api.request({ ...req, signal: options.signal });
    const models = isObject(body) && isObject(body.models) ? body.models : undefined;
    if (!models)
      throw new InvalidResponseError(
        `Unexpected reply for project ${projectId} (GET ${req.path}): expected {models: {...}}.`,
        req,
      );
    return models as LatestBuilds;
  }

  async get(buildLabel: string, options: CallOptions = {}): Promise<Build> {
    const req = { method: 'GET', path: path`/v4/builds/${buildLabel}`, resource: `build ${buildLabel}` } as const;
    const body = await this.api.request({ ...req, signal: options.signal });
    const build = isObject(body) && isObject(body.build) ? body.build : body;
    if (!isObject(build) || typeof build.buildLabel !== 'string')
      throw new InvalidResponseError(
        `Unexpected reply for build ${buildLabel} (GET ${req.path}): expected a build object.`,
        req,
      );
    return withDataSources(build as unknown as Build);
  }

  async delete(buildLabel: string, options: CallOptions = {}): Promise<StatusObject> {
    const body = await this.api.request({
      method: 'DELETE',
      path: path`/v4/builds/${buildLabel}`,
      resource: `build ${buildLabel}`,
      signal: options.signal,
    });
    return isObject(body) ? (body as StatusObject) : {};
  }

  /** Streams the build's resources (a zip). */
  download(buildLabel: string, options: CallOptions & DownloadOptions = {}): Promise<Download> {
    return this.api.download(
      {
        method: 'GET',
        path: path`/v4/builds/${buildLabel}/.download`,
        resource: `build ${buildLabel}`,
        signal: options.signal,
      },
      options,
    );
  }
}

function withDataSources(build: Build): Build {
  return Array.isArray(build.dataSources) ? build : { ...build, dataSources: [] };
}

const REPORT_KEYS: Record<BuildService, string> = {
  ASR: 'asrBuildReports',
  NLU: 'nluBuildReports',
  DIALOG: 'dialogBuildReports',
};

function errorsOf(entry: JsonObject): BuildError[] {
  const errors = isObject(entry.errors) ? entry.errors.errors : undefined;
  return Array.isArray(errors)
    ? errors.filter(isObject).map((e) => ({
        message: String(e.message ?? ''),
        ...(e.code !== undefined ? { code: e.code as string | number } : {}),
      }))
    : [];
}

/** The per-locale lines of a BUILD_MODELS job report (`nluBuildReports.reports[]`, …). */
export function buildReport(job: Job): BuildReportLine[] {
  const lines: BuildReportLine[] = [];
  for (const service of BUILD_SERVICES) {
    const section = job.report[REPORT_KEYS[service]];
    const reports = isObject(section) && Array.isArray(section.reports) ? section.reports.filter(isObject) : [];
    for (const r of reports) {
      lines.push({
        service,
        ...(typeof r.locale === 'string' ? { locale: r.locale } : {}),
        status: String(r.status ?? ''),
        ...(typeof r.buildLabel === 'string' ? { buildLabel: r.buildLabel } : {}),
        ...(r.version !== undefined ? { version: String(r.version) } : {}),
        errors: errorsOf(r),
      });
    }
  }
  return lines;
}
