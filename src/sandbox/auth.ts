// OAuth 2.0 client-credentials tokens (`POST /oauth2/token`) and bearer verification for every other
// route. Tokens are HMAC-signed and self-describing (client, scopes, expiry) with a key kept in the state
// file, so they survive a restart without a token table; nothing about a token is ever logged.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { ApiError, forbidden, unauthorized } from './errors';
import { findRuntimeClient, isRuntimeClientId, runtimeScopeProblem, runtimeUser } from './logs/runtimeClients';
import { json, type Handler, type HttpMethod, type Reply, type RouteSpec, type SandboxRequest } from './router';
import type { ClientRecord, SandboxState, UserRecord } from './state';

/** Scopes of service clients, and the runtime scopes an application's clients (`appID:…`) may be granted. */
export type Scope = 'svc-api' | 'mix-api' | 'log' | RuntimeScope;
export type RuntimeScope = 'asr' | 'dlg' | 'nlu' | 'tts' | 'log' | 'asr.wordset' | 'nlu.wordset';
export const KNOWN_SCOPES: readonly Scope[] = ['svc-api', 'mix-api', 'log'];
/** What a runtime client may ask for (each only when its credentials grant it: runtimeClients.ts). */
export const RUNTIME_SCOPES: readonly RuntimeScope[] = [
  'asr',
  'dlg',
  'nlu',
  'tts',
  'log',
  'asr.wordset',
  'nlu.wordset',
];
/** Scopes that open the NLU runtime (runtime/interpret). */
export const NLU_SCOPES: readonly Scope[] = ['nlu'];
/** Scopes that open the management API (`mix-api` is the official CLI's default). */
export const MANAGEMENT_SCOPES: readonly Scope[] = ['svc-api', 'mix-api'];

/** A route of the management API: its token needs one of MANAGEMENT_SCOPES (errors in the gateway's shape). */
export function managementRoute<P extends string>(method: HttpMethod, path: P, handler: Handler<P>): RouteSpec<P> {
  return { method, path, auth: MANAGEMENT_SCOPES, handler };
}
/** Scopes that open the event-log consumer and audio APIs. */
export const LOG_SCOPES: readonly Scope[] = ['log'];

export interface Principal {
  clientId: string;
  user: UserRecord;
  scopes: Scope[];
}

/** OAuth error bodies use RFC 6749's shape, not the gateway's. */
export class OAuthError extends ApiError {
  constructor(
    status: number,
    readonly error: string,
    description: string,
    headers: Record<string, string> = {},
  ) {
    super(status, description, headers);
  }

  override body(): unknown {
    return { error: this.error, error_description: this.message };
  }
}

const TOKEN_PREFIX = 'sbx1';

export class TokenService {
  constructor(
    private readonly state: SandboxState,
    private readonly lifetimeSec: number,
    private readonly now: () => number,
  ) {}

  issue(client: ClientRecord, scopes: Scope[]): { token: string; expiresIn: number } {
    const payload = {
      c: client.clientId,
      s: scopes.join(' '),
      e: this.now() + this.lifetimeSec * 1000,
      j: randomBytes(9).toString('base64url'),
    };
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return { token: `${TOKEN_PREFIX}.${body}.${this.sign(body)}`, expiresIn: this.lifetimeSec };
  }

  /** The caller behind an `Authorization` header; 401 for a missing, unknown or expired token. */
  verify(header: string | undefined): Principal {
    const m = /^bearer\s+(\S+)\s*$/i.exec(header ?? '');
    if (!m?.[1])
      throw unauthorized('Missing bearer token: send "Authorization: Bearer <token>" with a token from /oauth2/token.');
    const [prefix, body, sig] = m[1].split('.');
    if (prefix !== TOKEN_PREFIX || !body || !sig || !safeEqual(sig, this.sign(body))) {
      throw unauthorized('The access token is not valid for this sandbox; request a new one from /oauth2/token.');
    }
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { c: string; s: string; e: number };
    if (payload.e <= this.now()) {
      throw unauthorized(
        `The access token expired at ${new Date(payload.e).toISOString()}; request a new one from /oauth2/token.`,
      );
    }
    const client = this.state.clients.find((c) => c.clientId === payload.c);
    const user = client ? this.state.users.find((u) => u.id === client.userId) : runtimeUser(this.state, payload.c);
    if (!user) throw unauthorized('The access token belongs to a client that no longer exists; request a new one.');
    return { clientId: payload.c, user, scopes: payload.s.split(' ') as Scope[] };
  }

  /** 403 unless the token carries one of `accepted`. */
  requireScope(principal: Principal, accepted: readonly Scope[]): void {
    if (!principal.scopes.some((s) => accepted.includes(s))) {
      throw forbidden(
        `The access token's scope "${principal.scopes.join(' ')}" does not grant this API; request a token with scope ${accepted.map((s) => `"${s}"`).join(' or ')}.`,
      );
    }
  }

  private sign(body: string): string {
    return createHmac('sha256', Buffer.from(this.state.tokenKey, 'base64')).update(body).digest('base64url');
  }
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The token endpoint. */
export function tokenRoute(state: SandboxState, tokens: TokenService): RouteSpec {
  return {
    method: 'POST',
    path: '/oauth2/token',
    auth: 'public',
    handler: async (req: SandboxRequest): Promise<Reply> => {
      const form = new URLSearchParams((await req.body()).toString('utf8'));
      const credentials = basicCredentials(req.headers.authorization) ?? postedCredentials(form);
      const client = credentials && findClient(state, credentials);
      if (!client) {
        throw new OAuthError(
          401,
          'invalid_client',
          'Client authentication failed: unknown client id or wrong secret.',
          { 'www-authenticate': 'Basic realm="sandbox"' },
        );
      }
      const grant = form.get('grant_type');
      if (grant !== 'client_credentials') {
        throw new OAuthError(
          400,
          'unsupported_grant_type',
          `grant_type must be "client_credentials" (got ${grant === null ? 'none' : `"${grant}"`}).`,
        );
      }
      const runtime = isRuntimeClientId(client.clientId);
      const scopes = parseScopes(
        form.get('scope') ?? (runtime ? 'log' : null),
        runtime ? RUNTIME_SCOPES : KNOWN_SCOPES,
      );
      const refused = runtime ? runtimeScopeProblem(state, client.clientId, scopes) : undefined;
      if (refused) throw new OAuthError(400, 'invalid_scope', refused);
      const { token, expiresIn } = tokens.issue(client, scopes);
      return json({ access_token: token, token_type: 'Bearer', expires_in: expiresIn, scope: scopes.join(' ') }, 200, {
        'cache-control': 'no-store',
        pragma: 'no-cache',
      });
    },
  };
}

interface Credentials {
  /** Candidate (id, secret) splits, most likely first. */
  candidates: Array<[string, string]>;
}

/** Basic auth over form-encoded id and secret (RFC 6749 §2.3.1): `%3A` in the id, `+` for space. */
function basicCredentials(header: string | undefined): Credentials | undefined {
  const m = /^basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header ?? '');
  if (!m?.[1]) return undefined;
  const decoded = Buffer.from(m[1], 'base64').toString('utf8');
  const candidates: Array<[string, string]> = [];
  // Standard split at the first colon; a client that forgot to encode the id's colon splits at the last.
  for (const at of new Set([decoded.indexOf(':'), decoded.lastIndexOf(':')])) {
    if (at < 0) continue;
    const id = formDecode(decoded.slice(0, at));
    const secret = formDecode(decoded.slice(at + 1));
    if (id !== undefined && secret !== undefined) candidates.push([id, secret]);
  }
  return { candidates };
}

function postedCredentials(form: URLSearchParams): Credentials | undefined {
  const id = form.get('client_id');
  const secret = form.get('client_secret');
  return id !== null && secret !== null ? { candidates: [[id, secret]] } : undefined;
}

function formDecode(s: string): string | undefined {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
}

function findClient(state: SandboxState, credentials: Credentials): ClientRecord | undefined {
  for (const [id, secret] of credentials.candidates) {
    const client = state.clients.find((c) => c.clientId === id);
    if (client && safeEqual(client.clientSecret, secret)) return client;
    const runtime = findRuntimeClient(state, id, secret, safeEqual);
    if (runtime) return runtime;
  }
  return undefined;
}

function parseScopes(raw: string | null, known: readonly Scope[]): Scope[] {
  const words = (raw ?? '').split(/\s+/).filter(Boolean);
  if (words.length === 0) return ['svc-api'];
  const unknown = words.filter((w) => !(known as readonly string[]).includes(w));
  if (unknown.length > 0) {
    throw new OAuthError(
      400,
      'invalid_scope',
      `Unknown scope ${unknown.map((s) => `"${s}"`).join(', ')}; use ${known.map((s) => `"${s}"`).join(', ')}.`,
    );
  }
  return [...new Set(words)] as Scope[];
}

/** The authenticated caller of a route registered with scopes (the server verified it before the handler). */
export function caller(req: SandboxRequest): Principal {
  if (!req.principal) throw new Error(`Route ${req.method} ${req.path} is public but its handler needs a caller.`);
  return req.principal;
}
