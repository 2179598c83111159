// Command-line flags of the sandbox, shared by `cstudio sandbox` and the standalone dist/sandbox.js.
import { homedir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { parseFaults } from './faults';
import { isSandboxFeature, SANDBOX_FEATURES, type SandboxFeature } from './features';
import type { SandboxOptions } from './server';

export const SANDBOX_USAGE = `Usage: cstudio sandbox [options]

Runs the local platform sandbox (management API, OAuth, event logs) until Ctrl+C.

Options:
  --port N              port to listen on (default 0: a free port)
  --host ADDR           address to listen on (default 127.0.0.1, loopback only)
  --data DIR            data folder (default $XDG_DATA_HOME/conversational-studio/sandbox
                        or ~/.local/share/conversational-studio/sandbox)
  --ready-file FILE     write {baseUrl, authUrl, logUrl, nluUrl, caFile?, clients, runtimeClients} as JSON
                        once listening
  --tls                 serve HTTPS with a self-signed certificate (its path is printed as caFile)
  --faults SPEC         inject faults, e.g. latency=50,error5xx=0.1,reset=0.05,rate429=0.05,emptyFetch=0.3,seed=42
  --token-lifetime SEC  access-token lifetime in seconds (default 900)
  --job-duration MS     how long jobs stay RUNNING (default 1500)
  --log-partitions N    partitions of each event-log topic (default 4)
  --log-retention N     event-log records kept per partition (default 100000)
  --log-idle-ms MS      delete event-log consumers idle this long (default 120000)
  --log-rate-limit N    event-log and audio requests per second per client before 429; 0 = off (default 100)
  --log-requests [FILE] log one line per request (method, path, status, ms, user; secrets redacted)
                        to FILE (appended), or to stderr without FILE
  --max-body-mb N       largest request body accepted, in MB (default 64); larger ones get 413
  --max-concurrent-body-mb N
                        request-body MB held at once across all requests (default 128); more get 503
  --feature-off NAME    answer 501 like a platform without the feature (repeatable): ${SANDBOX_FEATURES.join(', ')}
`;

/** A flag problem; the CLI turns it into a usage error (exit 2). */
export class SandboxFlagError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'SandboxFlagError';
  }
}

export interface SandboxInvocation {
  options: Omit<SandboxOptions, 'logger' | 'now'>;
  readyFile?: string;
  /** `--log-requests`: the wire log's file, or '' for stderr; absent when not asked. */
  logRequests?: string;
}

/** The default data folder: `$XDG_DATA_HOME/…`, `%LOCALAPPDATA%\…` on Windows, else `~/.local/share/…`. */
export function defaultDataDir(
  env: NodeJS.ProcessEnv,
  platform: NodeJS.Platform = process.platform,
  home = homedir(),
): string {
  if (env.XDG_DATA_HOME) return join(env.XDG_DATA_HOME, 'conversational-studio', 'sandbox');
  if (platform === 'win32' && env.LOCALAPPDATA) return join(env.LOCALAPPDATA, 'conversational-studio', 'sandbox');
  return join(home, '.local', 'share', 'conversational-studio', 'sandbox');
}

export function parseSandboxFlags(args: string[], env: NodeJS.ProcessEnv, cwd: string): SandboxInvocation {
  let values: Record<string, string | boolean | string[] | undefined>;
  // `--log-requests` takes an optional FILE: alone (last, or before another flag) it means stderr.
  args = args.map((a, i) =>
    a === '--log-requests' && (i === args.length - 1 || (args[i + 1] ?? '').startsWith('-')) ? '--log-requests=' : a,
  );
  try {
    values = parseArgs({
      args,
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        data: { type: 'string' },
        'ready-file': { type: 'string' },
        tls: { type: 'boolean' },
        faults: { type: 'string' },
        'token-lifetime': { type: 'string' },
        'job-duration': { type: 'string' },
        'feature-off': { type: 'string', multiple: true },
        'log-requests': { type: 'string' },
        'max-body-mb': { type: 'string' },
        'max-concurrent-body-mb': { type: 'string' },
        'log-partitions': { type: 'string' },
        'log-retention': { type: 'string' },
        'log-idle-ms': { type: 'string' },
        'log-rate-limit': { type: 'string' },
      },
    }).values;
  } catch (err) {
    // The parser's error stays the cause, so the CLI can say it in its own words (src/cli/args.ts).
    throw new SandboxFlagError((err as Error).message.replace(/^TypeError \[[A-Z_]+\]: /, ''), { cause: err });
  }
  const str = (k: string): string | undefined => (typeof values[k] === 'string' ? (values[k] as string) : undefined);
  const int = (k: string, min: number, max: number): number | undefined => {
    const v = str(k);
    if (v === undefined) return undefined;
    const n = Number(v);
    if (!Number.isInteger(n) || n < min || n > max)
      throw new SandboxFlagError(`--${k} must be an integer from ${min} to ${max}, got "${v}".`);
    return n;
  };
  const faults = str('faults');
  if (faults !== undefined) {
    try {
      parseFaults(faults);
    } catch (err) {
      throw new SandboxFlagError(`--faults: ${(err as Error).message}`);
    }
  }
  const resolve = (p: string): string => (p.startsWith('/') || /^[A-Za-z]:[\\/]/.test(p) ? p : join(cwd, p));
  const featuresOff: SandboxFeature[] = [];
  for (const name of (values['feature-off'] as string[] | undefined) ?? []) {
    if (!isSandboxFeature(name))
      throw new SandboxFlagError(`--feature-off: unknown feature "${name}"; known: ${SANDBOX_FEATURES.join(', ')}.`);
    if (!featuresOff.includes(name)) featuresOff.push(name);
  }
  const data = str('data');
  const readyFile = str('ready-file');
  const logRequests = str('log-requests');
  return {
    options: {
      port: int('port', 0, 65535),
      host: str('host'),
      dataDir: data ? resolve(data) : defaultDataDir(env),
      tls: values.tls === true,
      faults,
      tokenLifetimeSec: int('token-lifetime', 1, 7 * 24 * 3600),
      jobDurationMs: int('job-duration', 0, 3_600_000),
      ...definedOnly({
        logPartitions: int('log-partitions', 1, 64),
        logRetention: int('log-retention', 1, 10_000_000),
        logIdleMs: int('log-idle-ms', 100, 86_400_000),
        logRateLimit: int('log-rate-limit', 0, 1_000_000),
        maxBodyBytes: megabytes(int('max-body-mb', 1, 4096)),
        maxConcurrentBodyBytes: megabytes(int('max-concurrent-body-mb', 1, 65_536)),
      }),
      ...(featuresOff.length > 0 ? { featuresOff } : {}),
    },
    readyFile: readyFile ? resolve(readyFile) : undefined,
    ...(logRequests === undefined ? {} : { logRequests: logRequests === '' ? '' : resolve(logRequests) }),
  };
}

function megabytes(n: number | undefined): number | undefined {
  return n === undefined ? undefined : n * 1024 * 1024;
}

/** The entries whose value is set (flags left out stay out of the options). */
function definedOnly<T extends Record<string, number | undefined>>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>;
}
