// OAuth 2.0 client credentials: one cached token per client, refreshed shortly before it expires, with
// at most one token request in flight however many API calls need a token at once.
import type { Logger } from '../logger';
import { ConfigError, InvalidResponseError, PlatformError, UnauthorizedError } from './errors';
import { raceSignal } from './signals';
import { readText, type Transport } from './transport';

export interface TokenProviderOptions {
  readonly transport: Transport;
  /** e.g. `https://auth.example.com`; the token endpoint is `{authUrl}/oauth2/token`. */
  readonly authUrl: string;
  readonly clientId: string;
  readonly getSecret: () => Promise<string>;
  /** Default `svc-api`; the event-log and audio APIs use `log`. */
  readonly scope?: string;
  /** Connection name for messages, e.g. `Local sandbox`. */
  readonly connectionName?: string;
  readonly logger: Logger;
  readonly now?: () => number;
}

interface CachedToken {
  readonly value: string;
  readonly refreshAt: number;
}

// Refresh this long before expiry (at most a tenth of the lifetime, so short-lived tokens stay usable).
const EARLY_REFRESH_MS = 30_000;
const DEFAULT_LIFETIME_S = 300;

export class TokenProvider {
  private cached?: CachedToken;
  private inFlight?: Promise<CachedToken>;
  private readonly now: () => number;
  private readonly tokenUrl: URL;

  constructor(private readonly options: TokenProviderOptions) {
    this.now = options.now ?? Date.now;
    try {
      this.tokenUrl = new URL(`${options.authUrl.replace(/\/+$/, '')}/oauth2/token`);
    } catch (cause) {
      throw new ConfigError(
        `The auth URL "${options.authUrl}" of ${this.connectionLabel()} is not a valid URL; fix it in the connection settings.`,
        { cause },
      );
    }
  }

  /** The cached token while it is fresh, without waiting (the hot path of every request). */
  fresh(): string | undefined {
    const cached = this.cached;
    return cached && this.now() < cached.refreshAt ? cached.value : undefined;
  }

  /** A valid access token, from the cache when fresh. The signal abandons the wait, not the shared refresh. */
  async token(signal?: AbortSignal): Promise<string> {
    return (
      this.fresh() ?? (await raceSignal(this.refresh(), signal, 'Cancelled while waiting for an access token')).value
    );
  }

  /** Forgets `staleToken` (the one a 401 was answered to) so the next `token()` fetches a new one. */
  invalidate(staleToken: string): void {
    if (this.cached?.value === staleToken) this.cached = undefined;
  }

  private refresh(): Promise<CachedToken> {
    this.inFlight ??= this.fetchToken().finally(() => {
      this.inFlight = undefined;
    });
    return this.inFlight;
  }

  private async fetchToken(): Promise<CachedToken> {
    const { transport, clientId, getSecret, logger } = this.options;
    const secret = await getSecret();
    if (!secret)
      throw new ConfigError(
        `No client secret is stored for ${this.connectionLabel()}; set it with the sign-in command.`,
      );
    transport.redactor.register(secret);
    const basic = Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(secret)}`).toString('base64');
    const form = new URLSearchParams({ grant_type: 'client_credentials', scope: this.options.scope ?? 'svc-api' });
    const started = this.now();
    let text: string;
    try {
      text = await transport.send(
        {
          method: 'POST',
          origin: this.tokenUrl.origin,
          path: this.tokenUrl.pathname,
          idempotent: true,
          resource: `the token endpoint of ${this.connectionLabel()}`,
          headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
          body: form.toString(),
        },
        (res) => readText(res.body),
      );
    } catch (err) {
      throw this.explain(err);
    }
    const token = this.parse(text);
    transport.redactor.register(token.value);
    logger.debug(
      `Access token for ${this.connectionLabel()} obtained (expires in ${Math.round(token.lifetimeMs / 1000)} s)`,
    );
    this.cached = {
      value: token.value,
      refreshAt: started + token.lifetimeMs - Math.min(EARLY_REFRESH_MS, token.lifetimeMs / 10),
    };
    return this.cached;
  }

  private parse(text: string): { value: string; lifetimeMs: number } {
    let body: Record<string, unknown> = {};
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object') body = parsed as Record<string, unknown>;
    } catch {
      // Reported below as a missing token.
    }
    const value = body.access_token;
    if (typeof value !== 'string' || value === '') {
      throw new InvalidResponseError(
        `The token endpoint of ${this.connectionLabel()} (POST ${this.tokenUrl.pathname}) answered without an access_token; check the auth URL.`,
      );
    }
    const type = typeof body.token_type === 'string' ? body.token_type : 'bearer';
    if (type.toLowerCase() !== 'bearer') {
      throw new InvalidResponseError(
        `The token endpoint of ${this.connectionLabel()} returned a "${type}" token; only bearer tokens are supported.`,
      );
    }
    const seconds = Number(body.expires_in);
    const lifetimeMs = (Number.isFinite(seconds) && seconds > 0 ? seconds : DEFAULT_LIFETIME_S) * 1000;
    return { value, lifetimeMs };
  }

  /** A wrong id or secret comes back as 400 or 401 (`invalid_client`); say what to fix, never the secret. */
  private explain(err: unknown): unknown {
    if (!(err instanceof PlatformError)) return err;
    const rejected =
      err.kind === 'Unauthorized' ||
      (err.kind === 'BadRequest' &&
        /invalid_client|unauthorized_client|invalid_grant/i.test(`${err.serverCode ?? ''} ${err.serverMessage ?? ''}`));
    if (!rejected) return err;
    const detail = err.serverMessage ? ` (${err.serverMessage})` : '';
    return new UnauthorizedError(
      `The platform rejected the credentials of ${this.connectionLabel()}${detail}; check the client id "${this.options.clientId}" and its secret for the connection (POST ${this.tokenUrl.pathname}).`,
      {
        method: 'POST',
        path: this.tokenUrl.pathname,
        status: err.status,
        serverMessage: err.serverMessage,
        serverCode: err.serverCode,
      },
    );
  }

  private connectionLabel(): string {
    return this.options.connectionName ? `connection "${this.options.connectionName}"` : 'the connection';
  }
}
