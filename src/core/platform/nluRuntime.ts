// The client of the platform's NLU runtime over HTTP: `POST {nluUrl}/runtime/interpret` with a runtime client's
// token (client credentials of an application's `appID:…` client, scope `nlu`), over the same transport,
// retries, redaction and token handling as the management client. The runtime is another service with other
// credentials than the management API, hence a client of its own.
import type { Dispatcher } from 'undici';
import { silentLogger, type Logger } from '../logger';
import { mixLanguageOf } from '../package/mixLanguage';
import { TokenProvider } from './auth';
import { DispatcherPool } from './dispatcher';
import { ConfigError } from './errors';
import type { InterpretRequestWire, InterpretResponseWire } from './nluRuntimeTypes';
import { redactingLogger, Redactor } from './redact';
import { ApiRequester, parseBaseUrl } from './requester';
import { retryPolicy } from './retry';
import { Transport } from './transport';

export interface RuntimeConnection {
  readonly name?: string;
  /** The runtime's base, ending in `/nlu/v1` (e.g. `https://nlu.api.nuance.com/nlu/v1`). */
  readonly nluUrl: string;
  /** OAuth server; tokens at `{authUrl}/oauth2/token`. */
  readonly authUrl: string;
  /** A runtime client of an application: `appID:<app>` or `appID:<app>:geo:<geo>:clientName:<name>`. */
  readonly clientId: string;
}

export interface NluRuntimeClientOptions {
  readonly connection: RuntimeConnection;
  readonly getSecret: () => Promise<string>;
  readonly logger?: Logger;
  readonly ca?: string | Buffer;
  readonly dispatcher?: Dispatcher;
  readonly timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 30_000;

/** The model URN of a context tag's NLU model in one locale; a ConfigError for a locale the runtime cannot name. */
export function nluModelUrn(contextTag: string, locale: string): string {
  const language = mixLanguageOf(locale);
  if (!language)
    throw new ConfigError(
      `The locale "${locale}" has no runtime language code (eng-USA for en-US); give the model URN with --model.`,
    );
  return `urn:nuance-mix:tag:model/${encodeURIComponent(contextTag)}/mix.nlu?=language=${language}`;
}

export class NluRuntimeClient {
  readonly connection: RuntimeConnection;
  readonly redactor = new Redactor();
  private readonly pool: DispatcherPool;
  private readonly requester: ApiRequester;

  constructor(options: NluRuntimeClientOptions) {
    const { connection } = options;
    this.connection = connection;
    const base = parseBaseUrl(
      connection.nluUrl,
      `NLU runtime URL of ${connection.name ? `connection "${connection.name}"` : 'the connection'}`,
    );
    const logger = redactingLogger((options.logger ?? silentLogger).child('nlu-runtime'), this.redactor);
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.pool = new DispatcherPool({ ca: options.ca, dispatcher: options.dispatcher });
    const transport = new Transport({
      pool: this.pool,
      logger,
      redactor: this.redactor,
      retry: retryPolicy(undefined),
      timeoutMs,
    });
    const tokens = new TokenProvider({
      transport,
      authUrl: connection.authUrl,
      clientId: connection.clientId,
      getSecret: options.getSecret,
      scope: 'nlu',
      connectionName: connection.name,
      logger,
    });
    this.requester = new ApiRequester(
      transport,
      { management: base, log: base },
      { management: tokens, log: tokens },
      timeoutMs,
    );
  }

  /** One Interpret call; the model's answer, best first. */
  interpret(request: InterpretRequestWire, signal?: AbortSignal): Promise<InterpretResponseWire> {
    return this.requester.request<InterpretResponseWire>({
      method: 'POST',
      path: '/runtime/interpret',
      json: request,
      resource: `model ${request.model.uri}`,
      signal,
    });
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
