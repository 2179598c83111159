// Where a CLI command's platform connection comes from: flags, then the environment (CSTUDIO_*), or
// `--sandbox`, which starts an embedded local sandbox for the duration of the command. The secret is
// read only from the environment (a flag would show it in `ps` and shell history). The NLU runtime is another
// service with other credentials: `--nlu-url` and a runtime client (`--runtime-client-id`, its secret in
// CSTUDIO_RUNTIME_CLIENT_SECRET), or the embedded sandbox's runtime clients (openRuntimeSession).
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UsageError, type CliIO } from './command';
import { CLI_ENV } from '../core/connections/cliEnvironment';
import { PlatformClient, type Connection } from '../core/platform/client';
import { NluRuntimeClient, type RuntimeConnection } from '../core/platform/nluRuntime';
import type { Logger } from '../core/logger';
import { startSandbox } from '../sandbox/server';

/** parseArgs options every platform command accepts. */
export const connectionFlags = {
  'base-url': { type: 'string' },
  'auth-url': { type: 'string' },
  'log-url': { type: 'string' },
  'nlu-url': { type: 'string' },
  'client-id': { type: 'string' },
  'runtime-client-id': { type: 'string' },
  'ca-file': { type: 'string' },
  sandbox: { type: 'boolean' },
  'sandbox-data': { type: 'string' },
  json: { type: 'boolean' },
  verbose: { type: 'boolean' },
} as const;

export interface ConnectionFlagValues {
  'base-url'?: string;
  'auth-url'?: string;
  'log-url'?: string;
  'nlu-url'?: string;
  'client-id'?: string;
  'runtime-client-id'?: string;
  'ca-file'?: string;
  sandbox?: boolean;
  'sandbox-data'?: string;
  verbose?: boolean;
}

export interface CliSession {
  readonly client: PlatformClient;
  readonly connection: Connection;
  close(): Promise<void>;
}

/** Writes debug lines to stderr with `--verbose`; the client redacts tokens and secrets before they get here. */
export function stderrLogger(io: CliIO, verbose: boolean, component = 'cstudio'): Logger {
  const write = (level: string, message: string | Error, details: unknown[]): void => {
    const text = message instanceof Error ? message.message : message;
    io.stderr(
      `[${level}] [${component}] ${text}${details.length ? ' ' + details.map((d) => (typeof d === 'string' ? d : JSON.stringify(d))).join(' ') : ''}\n`,
    );
  };
  return {
    trace: (m, ...d) => {
      if (verbose) write('trace', m, d);
    },
    debug: (m, ...d) => {
      if (verbose) write('debug', m, d);
    },
    info: (m, ...d) => {
      if (verbose) write('info', m, d);
    },
    warn: (m, ...d) => write('warn', m, d),
    error: (m, ...d) => write('error', m, d),
    child: (c) => stderrLogger(io, verbose, c),
  };
}

/** Opens a client for the command; the caller must `close()` the session (it stops an embedded sandbox too). */
export async function openSession(values: ConnectionFlagValues, io: CliIO): Promise<CliSession> {
  const logger = stderrLogger(io, values.verbose === true);
  if (values.sandbox) return openSandboxSession(values, io, logger);

  const env = io.env;
  const baseUrl = values['base-url'] ?? env[CLI_ENV.baseUrl];
  const authUrl = values['auth-url'] ?? env[CLI_ENV.authUrl];
  const logUrl = values['log-url'] ?? env[CLI_ENV.logUrl] ?? baseUrl;
  const clientId = values['client-id'] ?? env[CLI_ENV.clientId];
  const missing = [
    baseUrl ? undefined : `--base-url or ${CLI_ENV.baseUrl}`,
    authUrl ? undefined : `--auth-url or ${CLI_ENV.authUrl}`,
    clientId ? undefined : `--client-id or ${CLI_ENV.clientId}`,
    env[CLI_ENV.clientSecret] ? undefined : `${CLI_ENV.clientSecret} (environment only)`,
  ].filter((m): m is string => m !== undefined);
  if (missing.length > 0 || !baseUrl || !authUrl || !clientId || !logUrl) {
    throw new UsageError(
      `No platform connection: set ${missing.join(', ')} — or use --sandbox for a local sandbox ` +
        '(a running one: eval "$(cstudio sandbox env)").',
    );
  }
  const secret = env[CLI_ENV.clientSecret] ?? '';
  const caPath = values['ca-file'] ?? env[CLI_ENV.caFile];
  const ca = caPath ? await readFile(caPath, 'utf8') : undefined;
  const connection: Connection = { name: 'cli', baseUrl, authUrl, logUrl, clientId };
  const client = new PlatformClient({
    connection,
    getSecret: () => Promise.resolve(secret),
    logger,
    ca,
    timeoutMs: timeoutFromEnv(env.CSTUDIO_TIMEOUT_MS),
  });
  return { client, connection, close: () => client.close() };
}

export const THROW_AWAY_NOTICE =
  'cstudio: --sandbox started a throw-away sandbox for this command (fresh demo data, deleted when ' +
  'it ends). To use the sandbox VS Code or `cstudio sandbox` runs: eval "$(cstudio sandbox env)" and leave out --sandbox.\n';
/** CSTUDIO_TIMEOUT_MS: how long a request waits for an answer (default 30 s); also how long a re-run waits for a late push request. */
function timeoutFromEnv(text: string | undefined): number | undefined {
  if (text === undefined || text === '') return undefined;
  const ms = Number(text);
  if (!Number.isInteger(ms) || ms < 1000)
    throw new UsageError(`CSTUDIO_TIMEOUT_MS must be a whole number of milliseconds, at least 1000 (it is "${text}").`);
  return ms;
}

async function openSandboxSession(values: ConnectionFlagValues, io: CliIO, logger: Logger): Promise<CliSession> {
  const temporary = values['sandbox-data'] === undefined;
  const dataDir = values['sandbox-data'] ?? (await mkdtemp(join(tmpdir(), 'cstudio-sandbox-')));
  const sandbox = await startSandbox({ dataDir, port: 0, logger: logger.child('sandbox') });
  const owner = sandbox.clients[0];
  if (!owner) {
    await sandbox.close();
    throw new Error(`The embedded sandbox in ${dataDir} has no clients; reset its data folder.`);
  }
  if (values.verbose) io.stderr(`Embedded sandbox at ${sandbox.baseUrl} (data ${dataDir}), as ${owner.user}\n`);
  // Its answers come from fresh demo data, not from the sandbox VS Code or `cstudio sandbox` runs: say so, or an
  // empty answer ("No utterances … match") reads as one about the sandbox the user has been working with.
  if (temporary) io.stderr(THROW_AWAY_NOTICE);
  const connection: Connection = {
    name: 'embedded sandbox',
    baseUrl: sandbox.baseUrl,
    authUrl: sandbox.authUrl,
    logUrl: sandbox.logUrl,
    clientId: owner.clientId,
  };
  const client = new PlatformClient({ connection, getSecret: () => Promise.resolve(owner.clientSecret), logger });
  return {
    client,
    connection,
    close: async () => {
      await client.close();
      await sandbox.close();
      if (temporary) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs `fn` with an open session and always closes it. */
export async function withSession<T>(
  values: ConnectionFlagValues,
  io: CliIO,
  fn: (session: CliSession) => Promise<T>,
): Promise<T> {
  const session = await openSession(values, io);
  try {
    return await fn(session);
  } finally {
    await session.close();
  }
}

export interface RuntimeSession {
  readonly client: NluRuntimeClient;
  readonly connection: RuntimeConnection;
  /** Context tags the runtime client reaches, when known (the embedded sandbox's); empty otherwise. */
  readonly contextTags: readonly string[];
  close(): Promise<void>;
}

/**
 * A client of the NLU runtime: `--nlu-url`/CSTUDIO_NLU_URL, `--auth-url`/CSTUDIO_AUTH_URL and a runtime client
 * (`--runtime-client-id`/CSTUDIO_RUNTIME_CLIENT_ID, secret in CSTUDIO_RUNTIME_CLIENT_SECRET only); with `--sandbox`,
 * an embedded sandbox and its first runtime client with scope `nlu` that reaches `tag` (any when no tag is given).
 */
export async function openRuntimeSession(
  values: ConnectionFlagValues,
  io: CliIO,
  tag?: string,
): Promise<RuntimeSession> {
  const logger = stderrLogger(io, values.verbose === true);
  const env = io.env;
  if (values.sandbox) {
    const temporary = values['sandbox-data'] === undefined;
    const dataDir = values['sandbox-data'] ?? (await mkdtemp(join(tmpdir(), 'cstudio-sandbox-')));
    const sandbox = await startSandbox({ dataDir, port: 0, logger: logger.child('sandbox') });
    const stop = async (): Promise<void> => {
      await sandbox.close();
      if (temporary) await rm(dataDir, { recursive: true, force: true });
    };
    const nlu = sandbox.runtimeClients.filter((c) => c.scopes.split(/\s+/).includes('nlu'));
    const chosen = nlu.find((c) => tag === undefined || c.contextTags.includes(tag)) ?? nlu[0];
    if (!chosen) {
      await stop();
      throw new Error(
        `The embedded sandbox in ${dataDir} has no runtime client with scope nlu; reset its data folder.`,
      );
    }
    if (values.verbose)
      io.stderr(`Embedded sandbox at ${sandbox.nluUrl} (data ${dataDir}), as runtime client ${chosen.clientId}\n`);
    const connection: RuntimeConnection = {
      name: 'embedded sandbox',
      nluUrl: sandbox.nluUrl,
      authUrl: sandbox.authUrl,
      clientId: chosen.clientId,
    };
    const client = new NluRuntimeClient({ connection, getSecret: () => Promise.resolve(chosen.clientSecret), logger });
    return {
      client,
      connection,
      contextTags: chosen.contextTags,
      close: async () => {
        await client.close();
        await stop();
      },
    };
  }
  const nluUrl = values['nlu-url'] ?? env[CLI_ENV.nluUrl];
  const authUrl = values['auth-url'] ?? env[CLI_ENV.authUrl];
  const clientId = values['runtime-client-id'] ?? env[CLI_ENV.runtimeClientId];
  const secret = env[CLI_ENV.runtimeClientSecret];
  const missing = [
    nluUrl ? undefined : `--nlu-url or ${CLI_ENV.nluUrl}`,
    authUrl ? undefined : `--auth-url or ${CLI_ENV.authUrl}`,
    clientId ? undefined : `--runtime-client-id or ${CLI_ENV.runtimeClientId} (an application's appID:… client)`,
    secret ? undefined : `${CLI_ENV.runtimeClientSecret} (environment only)`,
  ].filter((m): m is string => m !== undefined);
  if (missing.length > 0 || !nluUrl || !authUrl || !clientId || !secret) {
    throw new UsageError(
      `No NLU runtime connection: set ${missing.join(', ')} — or use --sandbox for a local sandbox ` +
        '(a running one: eval "$(cstudio sandbox env)").',
    );
  }
  const caPath = values['ca-file'] ?? env[CLI_ENV.caFile];
  const ca = caPath ? await readFile(caPath, 'utf8') : undefined;
  const connection: RuntimeConnection = { name: 'cli', nluUrl, authUrl, clientId };
  const client = new NluRuntimeClient({ connection, getSecret: () => Promise.resolve(secret), logger, ca });
  return { client, connection, contextTags: [], close: () => client.close() };
}
