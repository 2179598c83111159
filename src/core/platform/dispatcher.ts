// The seam between the client and undici: which dispatcher (connection pool) carries a request to an
// origin. One keep-alive Agent per client; a ProxyAgent when a proxy is configured, except for origins
// that NO_PROXY (and always loopback, where the local sandbox lives) exempts. Tests and hosts with their
// own proxy handling pass a ready dispatcher instead.
import { Agent, ProxyAgent, type Dispatcher } from 'undici';

export interface DispatcherOptions {
  /** Extra trusted CA (PEM), e.g. the sandbox's self-signed certificate under `--tls`. */
  readonly ca?: string | Buffer;
  /** Proxy for every origin; defaults to HTTPS_PROXY / HTTP_PROXY from the environment. */
  readonly proxyUrl?: string;
  /** Hosts that bypass the proxy (NO_PROXY syntax). When given, replaces NO_PROXY and the loopback default. */
  readonly noProxy?: string;
  /** Environment to read proxy variables from (default `process.env`). */
  readonly env?: NodeJS.ProcessEnv;
  /** A dispatcher to use for everything; the pool then creates none and closes none. */
  readonly dispatcher?: Dispatcher;
}

const LOOPBACK_NO_PROXY = 'localhost,127.0.0.1,::1,[::1]';
const KEEP_ALIVE_MS = 10_000;

export class DispatcherPool {
  private readonly injected?: Dispatcher;
  private readonly ca?: string | Buffer;
  private readonly env: NodeJS.ProcessEnv;
  private readonly explicitProxy?: string;
  private readonly noProxy: readonly string[];
  private direct?: Agent;
  private readonly proxies = new Map<string, ProxyAgent>();
  private readonly byOrigin = new Map<string, Dispatcher>();

  constructor(options: DispatcherOptions = {}) {
    this.injected = options.dispatcher;
    this.ca = options.ca;
    this.env = options.env ?? process.env;
    this.explicitProxy = options.proxyUrl || undefined;
    const noProxy = options.noProxy ?? [this.env.NO_PROXY ?? this.env.no_proxy ?? '', LOOPBACK_NO_PROXY].join(',');
    this.noProxy = parseNoProxy(noProxy);
  }

  /** The dispatcher for requests to `origin` (`https://host:port`). */
  forOrigin(origin: string): Dispatcher {
    if (this.injected) return this.injected;
    const known = this.byOrigin.get(origin);
    if (known) return known;
    const url = new URL(origin);
    const proxy = this.proxyFor(url);
    const chosen = proxy && !bypassesProxy(url, this.noProxy) ? this.proxyAgent(proxy) : this.directAgent();
    this.byOrigin.set(origin, chosen);
    return chosen;
  }

  /** Closes the dispatchers this pool created (never an injected one). */
  async close(): Promise<void> {
    const owned: Dispatcher[] = [...this.proxies.values()];
    if (this.direct) owned.push(this.direct);
    this.proxies.clear();
    this.byOrigin.clear();
    this.direct = undefined;
    await Promise.all(owned.map((d) => d.close()));
  }

  private proxyFor(url: URL): string | undefined {
    if (this.explicitProxy) return this.explicitProxy;
    const env = this.env;
    const value = url.protocol === 'https:' ? (env.HTTPS_PROXY ?? env.https_proxy) : (env.HTTP_PROXY ?? env.http_proxy);
    return value || undefined;
  }

  private directAgent(): Agent {
    this.direct ??= new Agent({
      keepAliveTimeout: KEEP_ALIVE_MS,
      connect: this.ca === undefined ? undefined : { ca: this.ca },
    });
    return this.direct;
  }

  private proxyAgent(proxyUrl: string): ProxyAgent {
    let agent = this.proxies.get(proxyUrl);
    if (!agent) {
      agent = new ProxyAgent({
        uri: proxyUrl,
        keepAliveTimeout: KEEP_ALIVE_MS,
        requestTls: this.ca === undefined ? undefined : { ca: this.ca },
      });
      this.proxies.set(proxyUrl, agent);
    }
    return agent;
  }
}

/** Splits a NO_PROXY value into lower-case entries. */
export function parseNoProxy(value: string): string[] {
  return value
    .split(/[\s,]+/)
    .map((entry) => entry.trim().toLowerCase())
    .filter((entry) => entry !== '');
}

/** NO_PROXY matching as curl does it: `*`, exact hosts, domain suffixes (`.example.com` or `example.com`), optional `:port`. */
export function bypassesProxy(url: URL, entries: readonly string[]): boolean {
  const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, '');
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return entries.some((raw) => {
    if (raw === '*') return true;
    let entry = raw;
    const portMatch = /^(.*[^:]):(\d+)$/.exec(entry);
    if (portMatch && !entry.includes('::')) {
      if (portMatch[2] !== port) return false;
      entry = portMatch[1] ?? entry;
    }
    entry = entry.replace(/^\[|\]$/g, '').replace(/^\*?\./, '.');
    if (entry.startsWith('.')) return host.endsWith(entry) || host === entry.slice(1);
    return host === entry || host.endsWith(`.${entry}`);
  });
}
