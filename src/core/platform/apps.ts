// Applications: the list of one organization, the all-applications v2 list (GET /v4/apps, paged; only
// provider staff may leave out the organization) and an application's credentials.
import { paginate, type ListOptions } from './paging';
import { path } from './paths';
import type { CallOptions, Requester } from './requester';
import type { Page } from './types';
import type { AppCredential, Application, ConfigsView } from './appTypes';
import { isObject, readPage, type ReplyContext } from './wire';
import { InvalidResponseError } from './errors';

export interface ApplicationQuery {
  /** Which configurations each application carries (default none). */
  readonly view?: ConfigsView;
  /** Application name contains this text (case-sensitive). */
  readonly filter?: string;
  /** Only the application with this runtime app ID. */
  readonly appId?: string;
}

export interface AllApplicationsOptions extends ListOptions, ApplicationQuery {
  /** Required unless the caller is professional services or a global admin. */
  readonly orgId?: string;
}

const VIEW: Record<ConfigsView, string> = {
  none: 'AV_VIEW_UNSPECIFIED',
  full: 'AV_FULL',
  available: 'AV_FULL_AVAILABLE_CONFIGS',
  live: 'AV_FULL_LIVE_CONFIGS',
};

export function viewQuery(view: ConfigsView | undefined, prefix: 'AV' | 'BV'): string | undefined {
  return view === undefined ? undefined : VIEW[view].replace(/^AV/, prefix);
}

export function readList<T>(body: unknown, plural: string, ctx: ReplyContext): T[] {
  const raw = Array.isArray(body) ? body : isObject(body) ? (body[plural] ?? []) : undefined;
  if (!Array.isArray(raw))
    throw new InvalidResponseError(
      `Unexpected reply for ${ctx.resource ?? 'the resource'} (${ctx.method} ${ctx.path}): expected a list of ${plural}.`,
      ctx,
    );
  return raw.filter(isObject).map((item) => item as T);
}

/** Applications listed without configurations (the default view) may omit `configs`. */
function withConfigs(app: Application): Application {
  return Array.isArray(app.configs) ? app : { ...app, configs: [] };
}

export class AppsClient {
  constructor(private readonly api: Requester) {}

  /** The applications of one organization (`{applications, totalSize}`, not paged). */
  async listByOrg(orgId: string, options: CallOptions & ApplicationQuery = {}): Promise<Application[]> {
    const req = {
      method: 'GET',
      path: path`/v4/organizations/${orgId}/apps`,
      resource: `organization ${orgId}`,
    } as const;
    const body = await this.api.request({
      ...req,
      query: { view: viewQuery(options.view, 'AV'), filter: options.filter, appId: options.appId },
      signal: options.signal,
    });
    return readList<Application>(body, 'applications', req).map(withConfigs);
  }

  /** Every application the caller may list (v2 list, paged). */
  list(options: AllApplicationsOptions = {}): AsyncGenerator<Application> {
    return paginate((limit, offset, signal) => this.listPage(limit, offset, { ...options, signal }), options);
  }

  async listPage(
    limit: number,
    offset: number,
    options: CallOptions & Omit<AllApplicationsOptions, 'signal' | 'pageSize'> = {},
  ): Promise<Page<Application>> {
    const req = {
      method: 'GET',
      path: '/v4/apps',
      resource: options.orgId ? `applications of organization ${options.orgId}` : 'applications',
    } as const;
    const query = {
      orgId: options.orgId,
      view: viewQuery(options.view, 'AV'),
      filter: options.filter,
      appId: options.appId,
      limit,
      offset,
    };
    const page = readPage<Application>(
      await this.api.request({ ...req, query, signal: options.signal }),
      'applications',
      'id',
      limit,
      offset,
      req,
    );
    return { ...page, items: page.items.map(withConfigs) };
  }

  /** The application's credentials: runtime app IDs, OAuth clients and their scopes, per environment geography. */
  async credentials(
    applicationId: string,
    options: CallOptions & { envGeographyName?: string } = {},
  ): Promise<AppCredential[]> {
    const req = {
      method: 'GET',
      path: path`/v4/apps/${applicationId}/credentials`,
      resource: `application ${applicationId}`,
    } as const;
    const body = await this.api.request({
      ...req,
      query: { envGeographyName: options.envGeographyName },
      signal: options.signal,
    });
    return readList<AppCredential>(body, 'credentials', req);
  }
}
