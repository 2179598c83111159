// Where a CLI command's platform connection comes from: flags, then the environment (CSTUDIO_*), or
// `--sandbox`, which starts an embedded local sandbox for the duration of the command. The secret is
// read only from the environment (a flag would show it in `ps` and shell history). The NLU runtime is another
// service with other credentials: `--nlu-url` and a runtime client (`--runtime-client-id`, its secret in
// CSTUDIO_RUNTIME_CLIENT_SECRET), or the embedded sandbox's runtime clients (openRuntimeSession).
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UsageError, type CliIO } from './command';
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
    io.stderr(`[${level}] [${component}] ${text}${details.length ? ' ' + details.map((d) => (typeof d === 'string' ? d : JSON.stringify(d))).join(' ') : ''}\n`);
  };
  return {
    trace: (m, ...d) => { if (verbose) write('trace', m, d); },
    debug: (m, ...d) => { if (verbose) write('debug', m, d); },
    info: (m, ...d) => { if (verbose) write('info', m, d); },
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
  const baseUrl = values['base-url'] ?? env.CSTUDIO_BASE_URL;
  const authUrl = values['auth-url'] ?? env.CSTUDIO_AUTH_URL;
  const logUrl = values['log-url'] ?? env.CSTUDIO_LOG_URL ?? baseUrl;
  const clientId = values['client-id'] ?? env.CSTUDIO_CLIENT_ID;
  const missing = [
    baseUrl ? undefined : '--base-url or CSTUDIO_BASE_URL',
    authUrl ? undefined : '--auth-url or CSTUDIO_AUTH_URL',
    clientId ? undefined : '--client-id or CSTUDIO_CLIENT_ID',
    env.CSTUDIO_CLIENT_SECRET ? undefined : 'CSTUDIO_CLIENT_SECRET (environment only)',
  ].filter((m): m is string => m !== undefined);
  if (missing.length > 0 || !baseUrl || !authUrl || !clientId || !logUrl) {
    throw new UsageError(`No platform connection: set ${missing.join(', ')} — or use --sandbox for a local sandbox.`);
  }
  const secret = env.CSTUDIO_CLIENT_SECRET ?? '';
  const caPath = values['ca-file'] ?? env.CSTUDIO_CA_FILE;
  const ca = caPath ? await readFile(caPath, 'utf8') : undefined;
  const connection: Connection = { name: 'cli', baseUrl, authUrl, logUrl, clientId };
  const client = new PlatformClient({ connection, getSecret: () => Promise.resolve(secret), logger, ca });
  return { client, connection, close: () => client.close() };
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
  const connection: Connection = {
    name: 'embedded sandbox', baseUrl: sandbox.baseUrl, authUrl: sandbox.authUrl, logUrl: sandbox.logUrl, clientId: owner.clientId,
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
export async function withSession<T>(values: ConnectionFlagValues, io: CliIO, fn: (session: CliSession) => Promise<T>): Promise<T> {
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
export async function openRuntimeSession(values: ConnectionFlagValues, io: CliIO, tag?: string): Promise<RuntimeSession> {
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
      throw new Error(`The embedded sandbox in ${dataDir} has no runtime client with scope nlu; reset its data folder.`);
    }
    if (values.verbose) io.stderr(`Embedded sandbox at ${sandbox.nluUrl} (data ${dataDir}), as runtime client ${chosen.clientId}\n`);
    const connection: RuntimeConnection = { name: 'embedded sandbox', nluUrl: sandbox.nluUrl, authUrl: sandbox.authUrl, clientId: chosen.clientId };
    const client = new NluRuntimeClient({ connection, getSecret: () => Promise.resolve(chosen.clientSecret), logger });
    return { client, connection, contextTags: chosen.contextTags, close: async () => { await client.close(); await stop(); } };
  }
  const nluUrl = values['nlu-url'] ?? env.CSTUDIO_NLU_URL;
  const authUrl = values['auth-url'] ?? env.CSTUDIO_AUTH_URL;
  const clientId = values['runtime-client-id'] ?? env.CSTUDIO_RUNTIME_CLIENT_ID;
  const secret = env.CSTUDIO_RUNTIME_CLIENT_SECRET;
  const missing = [
    nluUrl ? undefined : '--nlu-url or CSTUDIO_NLU_URL',
    authUrl ? undefined : '--auth-url or CSTUDIO_AUTH_URL',
    clientId ? undefined : '--runtime-client-id or CSTUDIO_RUNTIME_CLIENT_ID (an application\'s appID:… client)',
    secret ? undefined : 'CSTUDIO_RUNTIME_CLIENT_SECRET (environment only)',
  ].filter((m): m is string => m !== undefined);
  if (missing.length > 0 || !nluUrl || !authUrl || !clientId || !secret) {
    throw new UsageError(`No NLU runtime connection: set ${missing.join(', ')} — or use --sandbox for a local sandbox.`);
  }
  const caPath = values['ca-file'] ?? env.CSTUDIO_CA_FILE;
  const ca = caPath ? await readFile(caPath, 'utf8') : undefined;
  const connection: RuntimeConnection = { name: 'cli', nluUrl, authUrl, clientId };
  const client = new NluRuntimeClient({ connection, getSecret: () => Promise.resolve(secret), logger, ca });
  return { client, connection, contextTags: [], close: () => client.close() };
}
