// Keeps credentials out of every log line and error message the platform client produces. Patterns catch
// the shapes credentials travel in (headers, form bodies, JSON); registered strings catch the rest, e.g. a
// secret echoed back in a server message.
import { inspect } from 'node:util';
import { silentLogger, type Logger } from '../logger';

export const REDACTED = '[REDACTED]';

// Shorter strings would redact ordinary words; real secrets and tokens are far longer.
const MIN_SECRET_LENGTH = 6;
// Tokens are registered on every refresh; keep only the recent ones.
const MAX_SECRETS = 32;

// One cheap scan decides whether the patterns below can match at all (most log lines hold no credential).
const HINT = /bearer|basic|token|secret|password/i;

const PATTERNS: ReadonlyArray<[RegExp, string]> = [
  // A credential has a digit or symbol somewhere, so prose such as "Basic authentication" survives.
  [/\b(Bearer|Basic)\s+(?=[A-Za-z0-9\-._~+/%]*[0-9\-._~+/%])[A-Za-z0-9\-._~+/%]{6,}=*/gi, `$1 ${REDACTED}`],
  [/("(?:access_token|refresh_token|id_token|client_secret|password)"\s*:\s*")(?:[^"\\]|\\.)*"/gi, `$1${REDACTED}"`],
  [/\b(access_token|refresh_token|id_token|client_secret|password)=[^&\s"']+/gi, `$1=${REDACTED}`],
];

/** Removes credentials from text. One per client: it holds the secrets that client knows about. */
export class Redactor {
  private readonly secrets: string[] = [];

  /** Remembers a secret (client secret, access token) so it is removed wherever it appears. */
  register(secret: string | undefined): void {
    if (!secret || secret.length < MIN_SECRET_LENGTH) return;
    for (const variant of new Set([secret, encodeURIComponent(secret)])) {
      if (this.secrets.includes(variant)) continue;
      this.secrets.push(variant);
      if (this.secrets.length > MAX_SECRETS) this.secrets.shift();
    }
    // Longest first, so a secret that contains another is removed whole.
    this.secrets.sort((a, b) => b.length - a.length);
  }

  redact(text: string): string {
    let out = text;
    for (const secret of this.secrets) {
      if (out.includes(secret)) out = out.split(secret).join(REDACTED);
    }
    if (!HINT.test(out)) return out;
    for (const [pattern, replacement] of PATTERNS) out = out.replace(pattern, replacement);
    return out;
  }
}

function redactDetail(redactor: Redactor, detail: unknown): unknown {
  if (typeof detail === 'string') return redactor.redact(detail);
  if (typeof detail === 'number' || typeof detail === 'boolean' || detail === undefined || detail === null)
    return detail;
  if (detail instanceof Error) return redactor.redact(detail.stack ?? `${detail.name}: ${detail.message}`);
  return redactor.redact(inspect(detail, { depth: 4, breakLength: Infinity }));
}

/**
 * A logger that passes every message and detail through the redactor before the inner logger sees it. Over the
 * silent logger it is the silent logger: nothing is shown, so nothing needs redacting on every request.
 */
export function redactingLogger(inner: Logger, redactor: Redactor): Logger {
  if (inner === silentLogger) return silentLogger;
  const clean = (details: unknown[]): unknown[] => details.map((d) => redactDetail(redactor, d));
  return {
    trace: (message, ...details) => inner.trace(redactor.redact(message), ...clean(details)),
    debug: (message, ...details) => inner.debug(redactor.redact(message), ...clean(details)),
    info: (message, ...details) => inner.info(redactor.redact(message), ...clean(details)),
    warn: (message, ...details) => inner.warn(redactor.redact(message), ...clean(details)),
    error: (message, ...details) => {
      const text = typeof message === 'string' ? message : (message.stack ?? `${message.name}: ${message.message}`);
      inner.error(redactor.redact(text), ...clean(details));
    },
    child: (component) => redactingLogger(inner.child(component), redactor),
  };
}
