// Job records of a project. Deleting a record does not stop the task behind it (see jobPoller.ts for waiting).
import { paginate, type ListOptions } from './paging';
import { path } from './paths';
import type { CallOptions, Requester } from './requester';
import type { Job, Page, StatusObject } from './types';
import { isObject, readPage, unwrapOne, type ReplyContext } from './wire';

export class JobsClient {
  constructor(private readonly api: Requester) {}

  async get(projectId: string, jobId: string, options: CallOptions = {}): Promise<Job> {
    const req = {
      method: 'GET',
      path: path`/v4/projects/${projectId}/jobs/${jobId}`,
      resource: `job ${jobId} of project ${projectId}`,
    } as const;
    return readJob(await this.api.request({ ...req, signal: options.signal }), req);
  }

  /** Deletes the job record only; the task keeps running until it completes or fails. */
  async delete(projectId: string, jobId: string, options: CallOptions = {}): Promise<StatusObject> {
    const body = await this.api.request({
      method: 'DELETE',
      path: path`/v4/projects/${projectId}/jobs/${jobId}`,
      resource: `job ${jobId} of project ${projectId}`,
      signal: options.signal,
    });
    return isObject(body) ? (body as StatusObject) : {};
  }

  list(projectId: string, options: ListOptions = {}): AsyncGenerator<Job> {
    return paginate((limit, offset, signal) => this.listPage(projectId, limit, offset, signal), options);
  }

  async listPage(projectId: string, limit: number, offset: number, signal?: AbortSignal): Promise<Page<Job>> {
    const req = {
      method: 'GET',
      path: path`/v4/projects/${projectId}/jobs`,
      resource: `project ${projectId}`,
    } as const;
    const page = readPage<Job>(
      await this.api.request({ ...req, query: { limit, offset }, signal }),
      'jobs',
      'id',
      limit,
      offset,
      req,
    );
    return { ...page, items: page.items.map((job) => (isObject(job.report) ? job : { ...job, report: {} })) };
  }
}

/** A JobResponse, wrapped (`{job: {...}}`) or bare; `report` is always present afterwards. */
export function readJob(body: unknown, ctx: ReplyContext): Job {
  const job = unwrapOne<Job>(body, 'job', 'id', ctx);
  return isObject(job.report) ? job : { ...job, report: {} };
}
