// The sandbox's wire log (`--log-requests [FILE]`): one line per answered request — time, method, path with
// its query, status, milliseconds and the calling user — so whoever debugs a client sees the exchange.
// Secrets never appear: query values whose name suggests a credential are replaced, headers and bodies
// are not logged at all (the bearer token and Basic credentials live only in headers).
import { createWriteStream } from 'node:fs';
import type { SandboxExchange } from './server';

const SECRET_PARAM = /token|secret|password|assertion|credential|^code$|^key$/i;

/** The path with its query, credential-like values replaced by `***`. */
export function redactedTarget(path: string, query: URLSearchParams): string {
  const parts = [...query.entries()].map(
    ([k, v]) => `${encodeURIComponent(k)}=${SECRET_PARAM.test(k) ? '***' : encodeURIComponent(v)}`,
  );
  return parts.length === 0 ? path : `${path}?${parts.join('&')}`;
}

export function wireLogLine(e: SandboxExchange, at: Date): string {
  return `${at.toISOString()} ${e.method} ${redactedTarget(e.path, e.query)} ${e.status} ${e.ms}ms ${e.user ?? '-'}\n`;
}

export interface WireLog {
  write(exchange: SandboxExchange): void;
  close(): Promise<void>;
}

/** Appends to `file` (created 0600), or writes to `stderr` when no file is given. */
export function openWireLog(
  file: string | undefined,
  stderr: (text: string) => void,
  now: () => number = Date.now,
): WireLog {
  if (!file) return { write: (e) => stderr(wireLogLine(e, new Date(now()))), close: () => Promise.resolve() };
  const stream = createWriteStream(file, { flags: 'a', mode: 0o600 });
  return {
    write: (e) => {
      stream.write(wireLogLine(e, new Date(now())));
    },
    close: () => new Promise<void>((resolve) => stream.end(() => resolve())),
  };
}
