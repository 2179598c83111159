// Projects: listing, creation, details, rename, data packs, package export/replace, metadata and locks.
import type { Blob } from 'node:buffer';
import type { Download } from './download';
import { BadRequestError, InvalidResponseError } from './errors';
import { readJob } from './jobs';
import { paginate, type ListOptions } from './paging';
import { path } from './paths';
import type { CallOptions, DownloadOptions, Requester } from './requester';
import type { Job, Lock, LockSort, Page, Project, ProjectRequest, StatusObject } from './types';
import { isObject, readDisplayName, readPage, unwrapOne, unwrapOptional, type JsonObject } from './wire';

export interface LockListOptions extends ListOptions {
  readonly sort?: LockSort;
}

export interface MetadataExport {
  readonly fileName?: string;
  readonly metadata: JsonObject;
  /** The export as served: the project package's metadata.json. */
  readonly text: string;
}

const METADATA_CAP = 16 * 1024 * 1024;

export class ProjectsClient {
  constructor(private readonly api: Requester) {}

  /** Every project the caller can see, across organizations (extended list). */
  list(options: ListOptions = {}): AsyncGenerator<Project> {
    return paginate((limit, offset, signal) => this.listPage(limit, offset, signal), options);
  }

  async listPage(limit: number, offset: number, signal?: AbortSignal): Promise<Page<Project>> {
    const req = { method: 'GET', path: '/v4/projects', resource: 'projects' } as const;
    const body = await this.api.request({ ...req, query: { limit, offset }, signal });
    return readPage<Project>(body, 'projects', 'id', limit, offset, req);
  }

  /** The projects of one organization. */
  listByOrg(orgId: string, options: ListOptions = {}): AsyncGenerator<Project> {
    return paginate((limit, offset, signal) => this.listByOrgPage(orgId, limit, offset, signal), options);
  }

  async listByOrgPage(orgId: string, limit: number, offset: number, signal?: AbortSignal): Promise<Page<Project>> {
    const req = {
      method: 'GET',
      path: path`/v4/organizations/${orgId}/projects`,
      resource: `organization ${orgId}`,
    } as const;
    const body = await this.api.request({ ...req, query: { limit, offset }, signal });
    return readPage<Project>(body, 'projects', 'id', limit, offset, req);
  }

  /** Creates a project; the child-data rule is checked before anything is sent. */
  async create(orgId: string, project: ProjectRequest, options: CallOptions = {}): Promise<Project> {
    validateProjectRequest(project);
    const req = {
      method: 'POST',
      path: path`/v4/organizations/${orgId}/projects`,
      resource: `organization ${orgId}`,
    } as const;
    const body = await this.api.request({ ...req, json: project, signal: options.signal });
    return unwrapOne<Project>(body, 'project', 'id', req);
  }

  async get(projectId: string, options: CallOptions = {}): Promise<Project> {
    const req = { method: 'GET', path: path`/v4/projects/${projectId}`, resource: `project ${projectId}` } as const;
    return unwrapOne<Project>(await this.api.request({ ...req, signal: options.signal }), 'project', 'id', req);
  }

  delete(projectId: string, options: CallOptions = {}): Promise<StatusObject> {
    return this.status('DELETE', path`/v4/projects/${projectId}`, projectId, options);
  }

  /** Renames a project and returns the name the server now holds. */
  async rename(projectId: string, displayName: string, options: CallOptions = {}): Promise<string> {
    if (displayName.trim() === '')
      throw new BadRequestError(`The new name of project ${projectId} is empty; give a display name.`);
    const body = await this.api.request({
      method: 'PUT',
      path: path`/v4/projects/${projectId}/.rename`,
      json: { displayName },
      resource: `project ${projectId}`,
      signal: options.signal,
    });
    return readDisplayName(body, 'project', displayName);
  }

  /** Starts a data pack update; poll the returned job. */
  updateDatapack(
    projectId: string,
    datapack: { locale: string; version: string },
    options: CallOptions = {},
  ): Promise<Job> {
    return this.job(
      { method: 'PUT', path: path`/v4/projects/${projectId}/.datapack`, json: datapack },
      projectId,
      options,
    );
  }

  /** Streams the project package zip; `fileName` is the server's export name. */
  exportPackage(projectId: string, options: CallOptions & DownloadOptions = {}): Promise<Download> {
    return this.api.download(
      {
        method: 'GET',
        path: path`/v4/projects/${projectId}/.export`,
        resource: `project ${projectId}`,
        signal: options.signal,
      },
      options,
    );
  }

  /** Replaces the project content with a package zip (destructive on the server); poll the returned job. */
  replacePackage(
    projectId: string,
    zip: Uint8Array | Blob,
    options: CallOptions & { fileName?: string } = {},
  ): Promise<Job> {
    const file = { data: zip, fileName: options.fileName ?? `${projectId}.zip`, contentType: 'application/zip' };
    return this.job({ method: 'POST', path: path`/v4/projects/${projectId}/.replace`, file }, projectId, options);
  }

  /** The metadata export: the server's file name and the parsed metadata.json. */
  async exportMetadata(projectId: string, options: CallOptions & DownloadOptions = {}): Promise<MetadataExport> {
    const req = {
      method: 'GET',
      path: path`/v4/projects/${projectId}/metadata/.export`,
      resource: `project ${projectId}`,
    } as const;
    const download = await this.api.download(
      { ...req, signal: options.signal },
      { maxBytes: options.maxBytes ?? METADATA_CAP },
    );
    const text = Buffer.from(await download.toBuffer()).toString('utf8');
    let metadata: unknown;
    try {
      metadata = JSON.parse(text);
    } catch {
      metadata = undefined;
    }
    if (!isObject(metadata))
      throw new InvalidResponseError(
        `The metadata export of project ${projectId} (GET ${req.path}) is not a JSON object.`,
        req,
      );
    return { fileName: download.fileName, metadata, text };
  }

  /** The project's lock, or undefined when it is not locked. */
  async getLock(projectId: string, options: CallOptions = {}): Promise<Lock | undefined> {
    const req = {
      method: 'GET',
      path: path`/v4/projects/${projectId}/.lock`,
      resource: `project ${projectId}`,
    } as const;
    return unwrapOptional<Lock>(await this.api.request({ ...req, signal: options.signal }), 'lock', 'lockId', req);
  }

  /** Locks the project for the caller; others then get ProjectLockedError on edits. */
  async lock(projectId: string, notes = '', options: CallOptions = {}): Promise<Lock> {
    const req = {
      method: 'PUT',
      path: path`/v4/projects/${projectId}/.lock`,
      resource: `project ${projectId}`,
    } as const;
    return unwrapOne<Lock>(
      await this.api.request({ ...req, json: { notes }, signal: options.signal }),
      'lock',
      'lockId',
      req,
    );
  }

  unlock(projectId: string, options: CallOptions = {}): Promise<StatusObject> {
    return this.status('PUT', path`/v4/projects/${projectId}/.unlock`, projectId, options);
  }

  /** All project locks (professional-services and global-admin users only; others get ForbiddenError). */
  locks(options: LockListOptions = {}): AsyncGenerator<Lock> {
    return paginate((limit, offset, signal) => this.locksPage(limit, offset, { sort: options.sort, signal }), options);
  }

  async locksPage(limit: number, offset: number, options: CallOptions & { sort?: LockSort } = {}): Promise<Page<Lock>> {
    const req = { method: 'GET', path: '/v4/projects/.locks', resource: 'project locks' } as const;
    const body = await this.api.request({
      ...req,
      query: { limit, offset, sort: options.sort },
      signal: options.signal,
    });
    return readPage<Lock>(body, 'locks', 'lockId', limit, offset, req);
  }

  private async status(
    method: 'PUT' | 'DELETE',
    requestPath: string,
    projectId: string,
    options: CallOptions,
  ): Promise<StatusObject> {
    const body = await this.api.request({
      method,
      path: requestPath,
      resource: `project ${projectId}`,
      signal: options.signal,
    });
    return isObject(body) ? (body as StatusObject) : {};
  }

  private async job(
    req: {
      method: 'PUT' | 'POST';
      path: string;
      json?: unknown;
      file?: { data: Uint8Array | Blob; fileName: string; contentType: string };
    },
    projectId: string,
    options: CallOptions,
  ): Promise<Job> {
    const full = { ...req, resource: `project ${projectId}` };
    return readJob(await this.api.request({ ...full, signal: options.signal }), full);
  }
}

/** The child-data rule and the basics of a ProjectRequest, checked before sending. */
export function validateProjectRequest(project: ProjectRequest): void {
  const name = typeof project.displayName === 'string' ? project.displayName.trim() : '';
  if (name === '') throw new BadRequestError('A new project needs a displayName; give the project a name.');
  const compliance: unknown = project.isChildDataCompliant;
  if (compliance !== undefined && compliance !== 'YES' && compliance !== 'NO') {
    throw new BadRequestError(
      `Project "${name}": isChildDataCompliant must be "YES" or "NO", not ${JSON.stringify(compliance)}.`,
    );
  }
  if (
    compliance === 'YES' &&
    !(typeof project.projectDescription === 'string' && project.projectDescription.trim() !== '')
  ) {
    throw new BadRequestError(
      `Project "${name}" is marked child-data compliant (isChildDataCompliant YES), which requires a projectDescription; ` +
        'describe the project, or set isChildDataCompliant to NO.',
    );
  }
  if (
    project.languages !== undefined &&
    !(Array.isArray(project.languages) && project.languages.every((l) => typeof l === 'string' && l !== ''))
  ) {
    throw new BadRequestError(`Project "${name}": languages must be a list of locale codes such as "en-US".`);
  }
}
