// Shared test wiring: a PlatformClient for one of the sandbox's demo users, and a logger that records lines.
import type { Logger } from '../../../src/core/logger';
import { PlatformClient, type PlatformClientOptions } from '../../../src/core/platform/client';
import type { TestSandbox } from '../helpers/sandbox';

export type ClientOverrides = Partial<Omit<PlatformClientOptions, 'connection' | 'getSecret'>> & { secret?: string };

/** A client signed in as the demo user `key` (owner, admin, viewer, expert, ps, globalAdmin, outsider). */
export function clientFor(sbx: TestSandbox, key: string, overrides: ClientOverrides = {}): PlatformClient {
  const info = sbx.client(key);
  const { secret, ...rest } = overrides;
  return new PlatformClient({
    connection: {
      name: `test ${key}`,
      baseUrl: sbx.baseUrl,
      authUrl: sbx.authUrl,
      logUrl: sbx.logUrl,
      clientId: info.clientId,
    },
    getSecret: async () => secret ?? info.clientSecret,
    // Fast retries keep fault tests quick; the policy itself is the same.
    retry: { baseDelayMs: 5, maxDelayMs: 50, ...rest.retry },
    ...rest,
  });
}

/** A logger that keeps every line (all levels, with details) for assertions. */
export class RecordingLogger implements Logger {
  constructor(
    readonly lines: string[] = [],
    private readonly tag = '',
  ) {}
  private add(level: string, message: string | Error, details: unknown[]): void {
    const text = typeof message === 'string' ? message : message.message;
    this.lines.push(
      [`${level}${this.tag}`, text, ...details.map((d) => (typeof d === 'string' ? d : JSON.stringify(d)))].join(' '),
    );
  }
  trace(m: string, ...d: unknown[]): void {
    this.add('trace', m, d);
  }
  debug(m: string, ...d: unknown[]): void {
    this.add('debug', m, d);
  }
  info(m: string, ...d: unknown[]): void {
    this.add('info', m, d);
  }
  warn(m: string, ...d: unknown[]): void {
    this.add('warn', m, d);
  }
  error(m: string | Error, ...d: unknown[]): void {
    this.add('error', m, d);
  }
  child(component: string): Logger {
    return new RecordingLogger(this.lines, `${this.tag}[${component}]`);
  }
}

/** Asserts `promise` rejects with an instance of `type` and returns the error. */
export async function rejectsWith<E extends Error>(
  promise: Promise<unknown>,
  type: new (...args: never[]) => E,
): Promise<E> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof type) return err;
    throw new Error(`expected ${type.name}, got ${err instanceof Error ? `${err.name}: ${err.message}` : String(err)}`);
  }
  throw new Error(`expected ${type.name}, but the call succeeded`);
}
