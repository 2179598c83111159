// Where a CLI command's platform connection comes from: flags, then the environment (CSTUDIO_*), or
// `--sandbox`, which starts an embedded local sandbox for the duration of the command. The secret is
// read only from the environment (a flag would show it in `ps` and shell history).
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UsageError, type CliIO } from './command';
import { PlatformClient, type Connection } from '../core/platform/client';
import type { Logger } from '../core/logger';
import { startSandbox } from '../sandbox/server';

/** parseArgs options every platform command accepts. */
export const connectionFlags = {
  'base-url': { type: 'string' },
  'auth-url': { type: 'string' },
  'log-url': { type: 'string' },
  'client-id': { type: 'string' },
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
  'client-id'?: string;
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
  const client = new PlatformClient({ connection, getSecret: () => Promise.resolve(secret), logger, ca, timeoutMs: timeoutFromEnv(env.CSTUDIO_TIMEOUT_MS) });
  return { client, connection, close: () => client.close() };
}

/** CSTUDIO_TIMEOUT_MS: how long a request waits for an answer (default 30 s); also how long a re-run waits for a late push request. */
function timeoutFromEnv(text: string | undefined): number | undefined {
  if (text === undefined || text === '') return undefined;
  const ms = Number(text);
  if (!Number.isInteger(ms) || ms < 1000) throw new UsageError(`CSTUDIO_TIMEOUT_MS must be a whole number of milliseconds, at least 1000 (it is "${text}").`);
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
