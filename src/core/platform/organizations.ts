// Organizations the caller belongs to (`GET /v4/organizations`; not in the spec's tables, but the real
// service has it and the tree starts from it).
import { paginate, type ListOptions } from './paging';
import type { Requester } from './requester';
import type { Organization, Page } from './types';
import { readPage } from './wire';

export class OrganizationsClient {
  constructor(private readonly api: Requester) {}

  /** Every organization, fetched page by page. */
  list(options: ListOptions = {}): AsyncGenerator<Organization> {
    return paginate((limit, offset, signal) => this.listPage(limit, offset, signal), options);
  }

  /** One page, for "Load more" UIs. */
  async listPage(limit: number, offset: number, signal?: AbortSignal): Promise<Page<Organization>> {
    const req = { method: 'GET', path: '/v4/organizations', resource: 'organizations' } as const;
    const body = await this.api.request({ ...req, query: { limit, offset }, signal });
    return readPage<Organization>(body, 'organizations', 'id', limit, offset, req);
  }
}
