// The local platform: one HTTP(S) server for the management API (/v4), the OAuth token endpoint and, from
// other route modules, the event-log consumer and audio APIs, all at one origin.
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { silentLogger, type Logger } from '../core/logger';
import { sleep } from '../core/progress';
import { TokenService, tokenRoute, type Principal } from './auth';
import type { SandboxContext } from './context';
import { ApiError } from './errors';
import { Faults, parseFaults } from './faults';
import type { SandboxFeature } from './features';
import { BodyBudget, parseJsonBody, readBody, writeReply } from './http';
import { JobRunner } from './jobs';
import { LogService } from './logs/logService';
import { parseMultipart, type MultipartPart } from './multipart';
import { json, Router, type Reply, type RouteSpec, type SandboxRequest } from './router';
import { routeModules } from './routes/registry';
import { NLU_BASE_PATH } from './routes/runtime';
import { deployedForCredential } from './runtime/deployedModel';
import { describeRuntimeClients, type RuntimeClientInfo } from './logs/runtimeClients';
import { NluModels } from './runtime/nluModels';
import { createSeed, describeClients, type SandboxClientInfo } from './seed';
import { Store } from './store';
import { ensureCertificate } from './tls';

export type { SandboxClientInfo } from './seed';
export type { RuntimeClientInfo } from './logs/runtimeClients';

export interface SandboxOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1 (loopback only). */
  host?: string;
  /** Folder holding the persistent state; created and seeded when empty. */
  dataDir: string;
  /** Serve HTTPS with a self-signed certificate kept in the data folder. */
  tls?: boolean;
  /** Fault spec, e.g. `latency=50,error5xx=0.1,reset=0.05,seed=42` (see faults.ts). */
  faults?: string;
  /** Access-token lifetime; default 900 s. */
  tokenLifetimeSec?: number;
  /** How long a job stays RUNNING; default 1500 ms. */
  jobDurationMs?: number;
  /** Platform features that answer 501, as on a platform where they are off (features.ts). */
  featuresOff?: SandboxFeature[];
  /** Largest accepted request body; default 64 MiB. */
  maxBodyBytes?: number;
  /** Request-body bytes held at once across all requests (more get 503); default 128 MiB. */
  maxConcurrentBodyBytes?: number;
  /** Partitions of each event-log topic; default 4. */
  logPartitions?: number;
  /** Event-log records kept per partition; default 100 000. */
  logRetention?: number;
  /** A consumer instance idle this long is deleted (404 40403 afterwards); default 120 000 ms. */
  logIdleMs?: number;
  /** Consumer- and audio-API requests per second per client before 429; 0 disables; default 100. */
  logRateLimit?: number;
  logger?: Logger;
  /** Told about every answered request with its route pattern (conformance recording, diagnostics). */
  onExchange?: (exchange: SandboxExchange) => void;
  /** Clock (epoch ms); default Date.now. */
  now?: () => number;
}

export interface SandboxExchange {
  method: string;
  /** The matched route pattern (`/v4/projects/:projectId`), or undefined when no route matched. */
  route: string | undefined;
  status: number;
  /** The raw (still percent-encoded) path and the query, for the wire log (wireLog.ts redacts secrets). */
  path: string;
  query: URLSearchParams;
  /** Milliseconds from the request's arrival to the reply. */
  ms: number;
  /** The authenticated caller (`<user id>:<email>`), when the route needed a token and it was valid. */
  user?: string;
}

export interface RunningSandbox {
  /** Management API base (paths start with /v4). */
  baseUrl: string;
  /** OAuth server: tokens at `${authUrl}/oauth2/token`. */
  authUrl: string;
  /** Event-log consumer and audio APIs. */
  logUrl: string;
  /** The NLU runtime: `POST ${nluUrl}/runtime/interpret` (the platform's `nlu_base`, ending in /nlu/v1). */
  nluUrl: string;
  /** The self-signed certificate (PEM) to trust, with `tls`. */
  caFile?: string;
  port: number;
  /** The demo clients: first the organization owner, second the other member (Admin). */
  clients: SandboxClientInfo[];
  /** The applications' runtime clients (`appID:…`) with their secrets, as they were at start. */
  runtimeClients: RuntimeClientInfo[];
  /** Stops listening, waits for requests and jobs in flight, and flushes state. */
  close(): Promise<void>;
}

export const DEFAULT_TOKEN_LIFETIME_SEC = 900;
export const DEFAULT_JOB_DURATION_MS = 1500;
export const DEFAULT_MAX_BODY_BYTES = 64 * 1024 * 1024;
export const DEFAULT_MAX_CONCURRENT_BODY_BYTES = 128 * 1024 * 1024;

export async function startSandbox(options: SandboxOptions): Promise<RunningSandbox> {
  const logger = (options.logger ?? silentLogger).child('sandbox');
  const now = options.now ?? Date.now;
  const faults = new Faults(options.faults ? parseFaults(options.faults) : undefined);
  const maxBody = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const bodies = new BodyBudget(options.maxConcurrentBodyBytes ?? DEFAULT_MAX_CONCURRENT_BODY_BYTES);
  const { store, created } = await Store.open(options.dataDir, () =>
    createSeed(now(), randomBytes(32).toString('base64')),
  );
  if (created) logger.info(`created and seeded a new data folder at ${options.dataDir}`);

  const tokens = new TokenService(store.state, options.tokenLifetimeSec ?? DEFAULT_TOKEN_LIFETIME_SEC, now);
  const jobs = new JobRunner(store, options.jobDurationMs ?? DEFAULT_JOB_DURATION_MS, now, logger.child('jobs'));
  const logs = await LogService.open(
    options.dataDir,
    {
      partitions: options.logPartitions,
      retention: options.logRetention,
      idleMs: options.logIdleMs,
      rateLimit: options.logRateLimit,
    },
    now,
    logger.child('logs'),
  );
  const models = NluModels.forDataDir(options.dataDir, logger.child('models'));
  const ctx: SandboxContext = {
    store,
    state: store.state,
    tokens,
    jobs,
    logs,
    models,
    faults,
    logger,
    now,
    featuresOff: new Set(options.featuresOff ?? []),
  };
  const router = new Router();
  router.add(tokenRoute(store.state, tokens));
  for (const register of routeModules) register(router, ctx);
  jobs.resumeAll();

  const certificate = options.tls ? await ensureCertificate(options.dataDir, now) : undefined;
  let active = 0;
  const onRequest = (req: IncomingMessage, res: ServerResponse): void => {
    active++;
    res.on('close', () => {
      active--;
    });
    handle(req, res, { router, ctx, maxBody, bodies, logger, onExchange: options.onExchange }).catch((err: unknown) =>
      logger.error(`unhandled: ${String(err)}`),
    );
  };
  const server: Server = certificate
    ? createHttpsServer({ key: certificate.keyPem, cert: certificate.certPem }, onRequest)
    : createHttpServer(onRequest);

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const origin = `${certificate ? 'https' : 'http'}://${host}:${address.port}`;
  logger.info(`listening on ${origin}${faults.enabled ? ` with faults ${options.faults}` : ''}`);

  let closing: Promise<void> | undefined;
  return {
    baseUrl: origin,
    authUrl: origin,
    logUrl: origin,
    nluUrl: `${origin}${NLU_BASE_PATH}`,
    caFile: certificate?.certFile,
    port: address.port,
    clients: describeClients(store.state),
    runtimeClients: describeRuntimeClients(store.state, (appId) => {
      const app = store.state.applications.find((a) => a.credentials.some((c) => c.appId === appId));
      const credential = app?.credentials.find((c) => c.appId === appId);
      return app && credential
        ? [...new Set(deployedForCredential(store.state, app, credential).map((c) => c.tag))]
        : [];
    }),
    close: () => {
      closing ??= (async () => {
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        // Ends long polls at once and stops simulations, so close does not wait out their timeouts.
        await logs.close();
        for (let waited = 0; active > 0 && waited < 3000; waited += 20) await sleep(20);
        server.closeAllConnections();
        await closed;
        await jobs.close();
        await store.flush();
        logger.info('stopped');
      })();
      return closing;
    },
  };
}

interface HandleDeps {
  router: Router;
  ctx: SandboxContext;
  maxBody: number;
  bodies: BodyBudget;
  logger: Logger;
  onExchange?: (exchange: SandboxExchange) => void;
}

async function handle(req: IncomingMessage, res: ServerResponse, deps: HandleDeps): Promise<void> {
  const started = Date.now();
  const url = req.url ?? '/';
  const queryAt = url.indexOf('?');
  const rawPath = queryAt < 0 ? url : url.slice(0, queryAt);
  const query = new URLSearchParams(queryAt < 0 ? '' : url.slice(queryAt + 1));
  const method = req.method ?? 'GET';
  let bodyPromise: Promise<Buffer> | undefined;
  // The body's bytes count against the budget until the reply is written (the handler holds them till then).
  const lease = deps.bodies.lease();
  res.once('close', () => lease.release());
  const body = (): Promise<Buffer> => (bodyPromise ??= readBody(req, deps.maxBody, lease));

  const seen: { principal?: Principal } = {};
  let reply: Reply;
  try {
    const faults = deps.ctx.faults;
    if (faults.applies(rawPath)) {
      if (faults.latencyMs > 0) await sleep(faults.latencyMs);
      // Injected faults strike before the handler, so they never change state.
      const decision = faults.decide();
      if (decision.kind === 'reset') {
        deps.logger.debug(`${method} ${rawPath} → injected connection reset`);
        req.socket.destroy();
        return;
      }
      if (decision.kind === 'error')
        throw new ApiError(decision.status, `Injected fault: the sandbox answered ${decision.status} (--faults).`);
      if (decision.kind === 'rateLimit') {
        const after = faults.spec?.retryAfterSec ?? 1;
        throw new ApiError(429, `Injected fault: too many requests; retry after ${after} s (--faults).`, {
          'retry-after': String(after),
        });
      }
    }
    reply = await route(req, method, rawPath, query, body, deps, seen);
  } catch (err) {
    reply = errorReply(err, deps.logger, `${method} ${rawPath}`, matchedRoute(deps.router, method, rawPath));
  }
  // Drain whatever the handler did not read, so the connection can be reused.
  if (!bodyPromise && !req.complete) req.resume();
  else if (bodyPromise) await bodyPromise.catch(() => undefined);
  if (reply.status === 413) reply.headers = { ...reply.headers, connection: 'close' };
  if (!res.destroyed) writeReply(res, reply);
  deps.logger.debug(`${method} ${rawPath} → ${reply.status} (${Date.now() - started} ms)`);
  if (deps.onExchange) {
    const user = seen.principal ? `${seen.principal.user.id}:${seen.principal.user.email}` : undefined;
    deps.onExchange({
      method,
      route: matchedRoute(deps.router, method, rawPath)?.path,
      status: reply.status,
      path: rawPath,
      query,
      ms: Date.now() - started,
      ...(user ? { user } : {}),
    });
  }
}

async function route(
  req: IncomingMessage,
  method: string,
  rawPath: string,
  query: URLSearchParams,
  body: () => Promise<Buffer>,
  deps: HandleDeps,
  seen: { principal?: Principal },
): Promise<Reply> {
  const match = deps.router.match(method, rawPath);
  if (!match.found) {
    if (match.allowedMethods.length > 0) {
      throw new ApiError(405, `${method} is not supported on ${rawPath}; use ${match.allowedMethods.join(' or ')}.`, {
        allow: match.allowedMethods.join(', '),
      });
    }
    throw new ApiError(404, `No endpoint ${method} ${rawPath} in the sandbox.`);
  }
  const { route: spec, params } = match;
  const principal = spec.auth === 'public' ? undefined : deps.ctx.tokens.verify(req.headers.authorization);
  seen.principal = principal;
  if (principal && spec.auth !== 'public') deps.ctx.tokens.requireScope(principal, spec.auth);
  let parts: Promise<MultipartPart[]> | undefined;
  const request: SandboxRequest = {
    method,
    path: rawPath,
    params,
    query,
    headers: req.headers,
    principal,
    raw: req,
    body,
    json: async () => parseJsonBody(await body()),
    form: () => (parts ??= body().then((b) => parseMultipart(b, req.headers['content-type']))),
  };
  return spec.handler(request);
}

/** The route a request was meant for, if any (for its error shape and for exchange reports). */
function matchedRoute(router: Router, method: string, rawPath: string): RouteSpec | undefined {
  try {
    const match = router.match(method, rawPath);
    return match.found ? match.route : undefined;
  } catch {
    return undefined;
  }
}

function errorReply(
  err: unknown,
  logger: Logger,
  what: string,
  spec?: Pick<RouteSpec, 'errorBody' | 'errorHeaders'>,
): Reply {
  if (!(err instanceof ApiError))
    logger.error(`${what} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  const e =
    err instanceof ApiError
      ? err
      : new ApiError(
          500,
          `Internal sandbox error while handling ${what}: ${err instanceof Error ? err.message : String(err)}`,
        );
  return json(spec?.errorBody ? spec.errorBody(e) : e.body(), e.status, { ...e.headers, ...spec?.errorHeaders?.(e) });
}
