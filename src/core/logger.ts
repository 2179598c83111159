// The one logging seam of core/. The extension backs it with a LogOutputChannel, the CLI with stderr,
// tests with a recorder. Implementations must pass every line through `redact` (see platform/redact.ts).

export interface Logger {
  trace(message: string, ...details: unknown[]): void;
  debug(message: string, ...details: unknown[]): void;
  info(message: string, ...details: unknown[]): void;
  warn(message: string, ...details: unknown[]): void;
  error(message: string | Error, ...details: unknown[]): void;
  /** A logger whose lines carry a component tag, e.g. `[transport]`. */
  child(component: string): Logger;
}

/** A logger that drops everything; for callers that did not ask for logs. */
export const silentLogger: Logger = {
  trace: () => undefined,
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  child: () => silentLogger,
};
