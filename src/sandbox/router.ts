// A tiny method + path router. Patterns are literal segments and `:name` parameters
// (`/v4/projects/:projectId/.lock`); a handler's `req.params` is typed from its pattern (PathParams), so a
// declared parameter is a string, never undefined. The raw path is split on `/` BEFORE percent-decoding, so a name that
// contains `/`, `%`, `?` or `#` travels as one segment (`%2F`, `%25`, `%3F`, `%23`) and arrives intact,
// Unicode included. Route modules (one per resource family, under routes/) register into one Router.
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { badRequest, type ApiError } from './errors';
import type { Principal, Scope } from './auth';
import type { MultipartPart } from './multipart';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/** What a handler answers; the server writes it (and applies faults and logging in one place). */
export type Reply =
  | { kind: 'json'; status: number; body: unknown; headers?: Record<string, string> }
  | { kind: 'bytes'; status: number; body: Uint8Array; contentType: string; headers?: Record<string, string> }
  | { kind: 'empty'; status: number; headers?: Record<string, string> };

export const json = (body: unknown, status = 200, headers?: Record<string, string>): Reply => ({
  kind: 'json',
  status,
  body,
  headers,
});
export const bytes = (body: Uint8Array, contentType: string, headers?: Record<string, string>): Reply => ({
  kind: 'bytes',
  status: 200,
  body,
  contentType,
  headers,
});
export const empty = (status = 204): Reply => ({ kind: 'empty', status });

/**
 * The parameters a route pattern declares: `/v4/projects/:projectId/channels/:channelId` gives
 * `{ projectId: string; channelId: string }`. A pattern only known as `string` gives a plain record.
 */
export type PathParams<P extends string> = string extends P
  ? Readonly<Record<string, string>>
  : { readonly [K in ParamNames<P>]: string };
type ParamNames<P extends string> = P extends `${string}/:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}/:${infer Name}`
    ? Name
    : never;

export interface SandboxRequest<Params = Readonly<Record<string, string>>> {
  readonly method: string;
  /** Raw path, still percent-encoded, without the query. */
  readonly path: string;
  /** Decoded path parameters: the router sets every one its pattern declares (an empty segment never matches). */
  readonly params: Params;
  readonly query: URLSearchParams;
  readonly headers: IncomingHttpHeaders;
  /** The authenticated caller; set for every route that is not `auth: 'public'`. */
  readonly principal: Principal | undefined;
  /** The whole body (chunked or not), bounded by the server's size limit. */
  body(): Promise<Buffer>;
  /** The body parsed as JSON; 400 when it is empty or malformed. */
  json(): Promise<unknown>;
  /** The parts of a multipart/form-data body; 400 when the body is not one. */
  form(): Promise<MultipartPart[]>;
  readonly raw: IncomingMessage;
}

export type Handler<P extends string = string> = (req: SandboxRequest<PathParams<P>>) => Promise<Reply> | Reply;

export interface RouteSpec<P extends string = string> {
  method: HttpMethod;
  /** Pattern such as `/v4/projects/:projectId`. */
  path: P;
  /** `public` (no token), or the token scopes any one of which grants access. */
  auth: 'public' | readonly Scope[];
  handler: Handler<P>;
  /** The wire shape of this route's errors, including auth and injected faults (default: the gateway error). */
  errorBody?: (err: ApiError) => unknown;
  /** Headers this route's errors carry besides the error's own (the runtime's `grpc-message`). */
  errorHeaders?: (err: ApiError) => Record<string, string>;
}

interface CompiledRoute extends RouteSpec {
  segments: ReadonlyArray<{ literal: string } | { param: string }>;
}

export type RouteMatch =
  | { found: true; route: RouteSpec; params: Record<string, string> }
  | { found: false; allowedMethods: HttpMethod[] };

export class Router {
  private readonly routes: CompiledRoute[] = [];

  add<P extends string>(spec: RouteSpec<P>): void {
    if (!spec.path.startsWith('/')) throw new Error(`Route pattern "${spec.path}" must start with "/".`);
    const segments = spec.path
      .slice(1)
      .split('/')
      .map((s) => (s.startsWith(':') ? { param: s.slice(1) } : { literal: s }));
    if (this.routes.some((r) => r.method === spec.method && r.path === spec.path)) {
      throw new Error(`Route ${spec.method} ${spec.path} is registered twice.`);
    }
    // The match fills exactly the parameters the pattern names, which is what Handler<P> promises.
    this.routes.push({ ...spec, handler: spec.handler as Handler, segments });
  }

  /** Finds the route for a raw (encoded) path. Literal segments win over parameters at the first difference. */
  match(method: string, rawPath: string): RouteMatch {
    const parts = splitPath(rawPath);
    let best: { route: CompiledRoute; params: Record<string, string>; rank: number[] } | undefined;
    const allowed = new Set<HttpMethod>();
    for (const route of this.routes) {
      const m = matchSegments(route, parts);
      if (!m) continue;
      if (route.method !== method) {
        allowed.add(route.method);
        continue;
      }
      if (!best || compareRank(m.rank, best.rank) > 0) best = { route, ...m };
    }
    return best
      ? { found: true, route: best.route, params: best.params }
      : { found: false, allowedMethods: [...allowed] };
  }
}

/** Splits and percent-decodes a raw path; a trailing slash is ignored. */
export function splitPath(rawPath: string): string[] {
  const raw = rawPath.replace(/^\/+/, '').split('/');
  if (raw.length > 1 && raw[raw.length - 1] === '') raw.pop();
  return raw.map((segment) => {
    try {
      return decodeURIComponent(segment);
    } catch {
      throw badRequest(
        `The path segment "${segment}" has malformed percent-encoding; encode names with encodeURIComponent.`,
      );
    }
  });
}

function matchSegments(
  route: CompiledRoute,
  parts: string[],
): { params: Record<string, string>; rank: number[] } | undefined {
  if (route.segments.length !== parts.length) return undefined;
  const params: Record<string, string> = {};
  const rank: number[] = [];
  for (let i = 0; i < parts.length; i++) {
    const seg = route.segments[i];
    const part = parts[i] ?? '';
    if (!seg) return undefined;
    if ('literal' in seg) {
      if (seg.literal !== part) return undefined;
      rank.push(1);
    } else {
      if (part === '') return undefined;
      params[seg.param] = part;
      rank.push(0);
    }
  }
  return { params, rank };
}

function compareRank(a: number[], b: number[]): number {
  for (let i = 0; i < a.length; i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}
