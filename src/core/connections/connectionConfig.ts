// A saved platform connection, as kept in the `cstudio.connections` setting: name and the three URLs plus
// the client id. The secret never lives here (SecretStorage holds it under the connection's id). Reading is
// tolerant (hand-edited settings): bad entries are skipped and reported, never thrown.

export interface ConnectionConfig {
  /** Stable key (SecretStorage, tree ids); derived from the name when a hand-written entry has none. */
  readonly id: string;
  readonly name: string;
  /** Management API, e.g. `https://mix.api.nuance.com`. */
  readonly baseUrl: string;
  /** OAuth server (`{authUrl}/oauth2/token`). */
  readonly authUrl: string;
  /** Event-log consumer and audio APIs. */
  readonly logUrl: string;
  readonly clientId: string;
}

export type ConnectionUrlField = 'baseUrl' | 'authUrl' | 'logUrl';

export interface ConnectionPreset {
  readonly label: string;
  readonly description: string;
  readonly baseUrl: string;
  readonly authUrl: string;
  readonly logUrl: string;
}

// Hosts as the platform's public clients use them: the official CLI's defaults (`mix.api.nuance.com`,
// `auth.crt.nuance.com`) and the event-log collector's (`log.api.nuance.com`); the EU platform is the `.co.uk` twin.
export const CONNECTION_PRESETS: readonly ConnectionPreset[] = [
  {
    label: 'US',
    description: 'mix.api.nuance.com',
    baseUrl: 'https://mix.api.nuance.com',
    authUrl: 'https://auth.crt.nuance.com',
    logUrl: 'https://log.api.nuance.com',
  },
  {
    label: 'EU',
    description: 'mix.api.nuance.co.uk',
    baseUrl: 'https://mix.api.nuance.co.uk',
    authUrl: 'https://auth.crt.nuance.co.uk',
    logUrl: 'https://log.api.nuance.co.uk',
  },
];

const URL_LABELS: Record<ConnectionUrlField, string> = { baseUrl: 'base URL', authUrl: 'auth URL', logUrl: 'log URL' };
const MAX_NAME = 100;

function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(?:\.\d{1,3}){3}$/.test(hostname);
}

/**
 * Why a URL cannot be a connection URL, or undefined when it can. HTTPS is required except on loopback
 * (the local sandbox and tunnels), so a client secret never crosses a network in clear.
 */
export function checkConnectionUrl(value: string, field: ConnectionUrlField = 'baseUrl'): string | undefined {
  const label = URL_LABELS[field];
  const text = value.trim();
  if (text === '') return `Give the ${label}, e.g. https://mix.api.nuance.com.`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return `The ${label} "${text}" is not a URL; write it as https://host[:port].`;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return `The ${label} must start with https:// (got ${url.protocol}).`;
  if (url.protocol === 'http:' && !isLoopback(url.hostname)) {
    return `The ${label} must use https:// (plain http:// is allowed only for 127.0.0.1 and localhost).`;
  }
  if (url.username || url.password)
    return `The ${label} must not hold a user name or password; the secret goes to secret storage.`;
  if (url.search || url.hash) return `The ${label} must not have a query or fragment.`;
  return undefined;
}

/** `https://Host:443/path/` → `https://host/path`: one spelling, so equal URLs compare equal. */
export function normalizeUrl(value: string): string {
  const url = new URL(value.trim());
  const path = url.pathname.replace(/\/+$/, '');
  return `${url.protocol}//${url.host}${path}`;
}

/**
 * The key two connection URLs are compared by (a pulled folder's connection against the current one, or against
 * the saved ones): normalizeUrl's spelling, or the text as written when it is no URL. The one comparison of URLs.
 */
export function connectionUrlKey(value: string): string {
  try {
    return normalizeUrl(value);
  } catch {
    return value;
  }
}

export function checkConnectionName(
  name: string,
  others: readonly ConnectionConfig[],
  selfId?: string,
): string | undefined {
  const text = name.trim();
  if (text === '') return 'Give the connection a name.';
  if (text.length > MAX_NAME) return `Keep the name under ${MAX_NAME} characters.`;
  if (/[\u0000-\u001f\u007f]/.test(text)) return 'The name must not hold control characters.';
  const clash = others.find((c) => c.id !== selfId && c.name.trim().toLowerCase() === text.toLowerCase());
  return clash ? `A connection named "${clash.name}" exists already; choose another name.` : undefined;
}

export function checkClientId(clientId: string): string | undefined {
  const text = clientId.trim();
  if (text === '') return 'Give the OAuth client id (e.g. appID:…:geo:…:clientName:…).';
  if (/\s/.test(text)) return 'The client id must not contain spaces.';
  return undefined;
}

/** A lower-case slug of the name, unique among `taken` (a counter is added on clashes). */
export function connectionIdFor(name: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  const slug =
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'connection';
  let id = slug;
  for (let n = 2; used.has(id); n++) id = `${slug}-${n}`;
  return id;
}

/** Every problem of a complete config, field by field (empty when it is valid). */
export function validateConnection(
  config: Omit<ConnectionConfig, 'id'>,
  others: readonly ConnectionConfig[] = [],
  selfId?: string,
): string[] {
  return [
    checkConnectionName(config.name, others, selfId),
    checkConnectionUrl(config.baseUrl, 'baseUrl'),
    checkConnectionUrl(config.authUrl, 'authUrl'),
    checkConnectionUrl(config.logUrl, 'logUrl'),
    checkClientId(config.clientId),
  ].filter((p): p is string => p !== undefined);
}

export interface StoredConnections {
  readonly connections: ConnectionConfig[];
  /** One line per skipped entry, naming it and what is wrong. */
  readonly problems: string[];
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/**
 * Reads the setting's value: an array of `{id?, name, baseUrl, authUrl, logUrl?, clientId}`. `logUrl`
 * defaults to the base URL; ids are derived from names when missing; `reservedIds` (the built-in
 * connection's) are never given to a saved one.
 */
export function readStoredConnections(raw: unknown, reservedIds: readonly string[] = []): StoredConnections {
  const connections: ConnectionConfig[] = [];
  const problems: string[] = [];
  if (raw === undefined || raw === null) return { connections, problems };
  if (!Array.isArray(raw))
    return { connections, problems: ['cstudio.connections must be a list of connections; it was ignored.'] };
  raw.forEach((item, index) => {
    const where = `cstudio.connections[${index}]`;
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      problems.push(`${where} is not an object; it was skipped.`);
      return;
    }
    const o = item as Record<string, unknown>;
    const candidate = {
      name: text(o.name),
      baseUrl: text(o.baseUrl),
      authUrl: text(o.authUrl),
      logUrl: text(o.logUrl) || text(o.baseUrl),
      clientId: text(o.clientId),
    };
    const errors = validateConnection(candidate, connections);
    if (errors.length > 0) {
      problems.push(`${where}${candidate.name ? ` ("${candidate.name}")` : ''} was skipped: ${errors.join(' ')}`);
      return;
    }
    const taken = [...reservedIds, ...connections.map((c) => c.id)];
    const wanted = text(o.id);
    const id = wanted && !taken.includes(wanted) ? wanted : connectionIdFor(candidate.name, taken);
    connections.push({
      id,
      name: candidate.name,
      clientId: candidate.clientId,
      baseUrl: normalizeUrl(candidate.baseUrl),
      authUrl: normalizeUrl(candidate.authUrl),
      logUrl: normalizeUrl(candidate.logUrl),
    });
  });
  return { connections, problems };
}

/** The plain object written back to the setting (key order fixed, so diffs of settings.json stay small). */
export function toStoredConnection(config: ConnectionConfig): Record<string, string> {
  const { id, name, baseUrl, authUrl, logUrl, clientId } = config;
  return { id, name, baseUrl, authUrl, logUrl, clientId };
}
