// The platform client of one connection: composes dispatcher pool, transport, tokens and the resource
// modules. Later modules (entities, builds, apps, logs…) are built the same way on `requester`.
import type { Dispatcher } from 'undici';
import { silentLogger, type Logger } from '../logger';
import { AppConfigsClient } from './appConfigs';
import { AppsClient } from './apps';
import { TokenProvider } from './auth';
import { BotsClient } from './bots';
import { BuildsClient } from './builds';
import { ChannelsClient } from './channels';
import { DiscoveryClient } from './discovery';
import { DispatcherPool } from './dispatcher';
import type { Download } from './download';
import { EnvConfigsClient } from './envConfigs';
import { EntitiesClient } from './entities';
import { IntentsClient } from './intents';
import { JobPoller } from './jobPoller';
import { JobsClient } from './jobs';
import { OntologyClient } from './ontology';
import { OrganizationsClient } from './organizations';
import { ProjectsClient } from './projects';
import { redactingLogger, Redactor } from './redact';
import { ApiRequester, parseBaseUrl, type ApiRequest, type DownloadOptions, type Requester } from './requester';
import { retryPolicy, type RetryPolicy } from './retry';
import { SamplesClient } from './samples';
import { Transport } from './transport';

export interface Connection {
  readonly name?: string;
  /** Management API, e.g. `https://mix.api.nuance.com`. */
  readonly baseUrl: string;
  /** OAuth server; the token endpoint is `{authUrl}/oauth2/token`. */
  readonly authUrl: string;
  /** Event-log consumer and audio APIs. */
  readonly logUrl: string;
  readonly clientId: string;
}

export interface PlatformClientOptions {
  readonly connection: Connection;
  /** Reads the client secret (from SecretStorage, a prompt, an env variable…) when a token is needed. */
  readonly getSecret: () => Promise<string>;
  readonly logger?: Logger;
  /** Wait for response headers and between body chunks (default 30 s). */
  readonly timeoutMs?: number;
  readonly retry?: Partial<RetryPolicy>;
  /** Extra trusted CA (PEM), e.g. the sandbox's `--tls` certificate. */
  readonly ca?: string | Buffer;
  /** Proxy for every request; defaults to HTTPS_PROXY / HTTP_PROXY. Loopback and NO_PROXY hosts bypass it. */
  readonly proxyUrl?: string;
  /** Replaces NO_PROXY and the loopback default. */
  readonly noProxy?: string;
  /** A ready undici dispatcher for every request (tests, hosts with their own proxy support). */
  readonly dispatcher?: Dispatcher;
  /** OAuth scope of management tokens (default `svc-api`). */
  readonly scope?: string;
}

const DEFAULT_TIMEOUT_MS = 30_000;

export class PlatformClient {
  readonly connection: Connection;
  /** How long a request waits for an answer: a request sent longer ago than this is not expected any more (lateRequests.ts). */
  readonly timeoutMs: number;
  /** The shared request function every resource module is built on. */
  readonly requester: Requester;
  readonly organizations: OrganizationsClient;
  readonly projects: ProjectsClient;
  readonly channels: ChannelsClient;
  /** Deployment flows, environments, geographies, data hosts, version, engine packs, topics, voices, data types. */
  readonly discovery: DiscoveryClient;
  readonly jobs: JobsClient;
  readonly jobPoller: JobPoller;
  readonly entities: EntitiesClient;
  readonly intents: IntentsClient;
  readonly ontology: OntologyClient;
  readonly samples: SamplesClient;
  readonly builds: BuildsClient;
  readonly apps: AppsClient;
  readonly appConfigs: AppConfigsClient;
  readonly bots: BotsClient;
  readonly envConfigs: EnvConfigsClient;
  /** Removes secrets and tokens from text; callers showing platform text elsewhere can use it too. */
  readonly redactor = new Redactor();
  private readonly pool: DispatcherPool;

  constructor(options: PlatformClientOptions) {
    const { connection } = options;
    this.connection = connection;
    const label = connection.name ? `connection "${connection.name}"` : 'connection';
    const bases = {
      management: parseBaseUrl(connection.baseUrl, `base URL of the ${label}`),
      log: parseBaseUrl(connection.logUrl, `log URL of the ${label}`),
    };
    const logger = redactingLogger((options.logger ?? silentLogger).child('platform'), this.redactor);
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.timeoutMs = timeoutMs;
    this.pool = new DispatcherPool({
      ca: options.ca,
      proxyUrl: options.proxyUrl,
      noProxy: options.noProxy,
      dispatcher: options.dispatcher,
    });
    const transport = new Transport({
      pool: this.pool,
      logger,
      redactor: this.redactor,
      retry: retryPolicy(options.retry),
      timeoutMs,
    });
    const tokens = (scope: string): TokenProvider =>
      new TokenProvider({
        transport,
        authUrl: connection.authUrl,
        clientId: connection.clientId,
        getSecret: options.getSecret,
        scope,
        connectionName: connection.name,
        logger,
      });
    this.requester = new ApiRequester(
      transport,
      bases,
      { management: tokens(options.scope ?? 'svc-api'), log: tokens('log') },
      timeoutMs,
    );
    this.organizations = new OrganizationsClient(this.requester);
    this.projects = new ProjectsClient(this.requester);
    this.channels = new ChannelsClient(this.requester);
    this.discovery = new DiscoveryClient(this.requester);
    this.jobs = new JobsClient(this.requester);
    this.jobPoller = new JobPoller(this.jobs);
    this.entities = new EntitiesClient(this.requester);
    this.ontology = new OntologyClient(this.requester);
    this.intents = new IntentsClient(this.requester);
    this.samples = new SamplesClient(this.requester);
    this.builds = new BuildsClient(this.requester);
    this.apps = new AppsClient(this.requester);
    this.appConfigs = new AppConfigsClient(this.requester);
    this.bots = new BotsClient(this.requester);
    this.envConfigs = new EnvConfigsClient(this.requester);
  }

  /** A JSON request on the management API (or `api: 'log'`), for endpoints without a module. */
  request<T = unknown>(req: ApiRequest): Promise<T> {
    return this.requester.request<T>(req);
  }

  /** A streamed download, for endpoints without a module. */
  download(req: ApiRequest, options?: DownloadOptions): Promise<Download> {
    return this.requester.download(req, options);
  }

  /** Closes the connections this client opened. */
  close(): Promise<void> {
    return this.pool.close();
  }
}
