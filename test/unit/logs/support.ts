// Helpers of the event-log tests: a sandbox with records written by the simulator, raw consumer-API calls
// with the consumer headers, and a platform client for the core/logs client.
import { PlatformClient } from '../../../src/core/platform/client';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox';
import { send, token, type RawResponse } from '../helpers/sandboxHttp';
import type { SandboxOptions } from '../../../src/sandbox/server';

export const TOPIC = 'COFFEE-DEV';

export interface LogSandbox {
  sb: TestSandbox;
  /** A `log`-scoped token of the demo owner. */
  logToken: string;
  /** A management token of the demo owner. */
  mgmtToken: string;
}

export async function startLogSandbox(options: Partial<SandboxOptions> = {}): Promise<LogSandbox> {
  const sb = await startTestSandbox(options);
  const owner = sb.client('owner');
  return { sb, logToken: await token(sb, owner, 'log'), mgmtToken: await token(sb, owner, 'svc-api') };
}

/** A request that retries what injected faults break (resets, 5xx, 429), so helpers work under `--faults`. */
async function steady(l: LogSandbox, method: string, path: string, json?: unknown): Promise<RawResponse> {
  for (let attempt = 1; ; attempt++) {
    const res = await send(l.sb, method, path, { token: l.mgmtToken, json }).catch((err: unknown) => err as Error);
    if (!(res instanceof Error) && res.status !== 429 && res.status < 500) return res;
    if (attempt >= 20) throw res instanceof Error ? res : new Error(`${method} ${path}: ${res.status} ${res.text}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Runs the simulator to completion; returns how many records it wrote. */
export async function simulate(l: LogSandbox, sessions: number, appId = TOPIC): Promise<number> {
  const started = await steady(l, 'POST', '/sandbox/v1/simulate', { appId, sessions });
  if (started.status !== 200) throw new Error(`simulate failed: ${started.status} ${started.text}`);
  let sim = (started.json as { simulation: { id: string; status: string; records: number } }).simulation;
  while (sim.status === 'RUNNING') {
    await new Promise((r) => setTimeout(r, 20));
    sim = ((await steady(l, 'GET', `/sandbox/v1/simulations/${sim.id}`)).json as { simulation: typeof sim }).simulation;
  }
  if (sim.status !== 'COMPLETED') throw new Error(`simulation ended ${sim.status}`);
  return sim.records;
}

export function groupName(client = 'tests', nn = '01', topic = TOPIC): string {
  return `appID-${topic}-clientName-${client}-${nn}`;
}

export type ConsumerCall = (method: string, path: string, json?: unknown) => Promise<RawResponse>;

/** Raw calls as one consumer instance (headers set), with the `log` token. */
export function consumer(l: LogSandbox, name: string, group = groupName(), tok = l.logToken): ConsumerCall {
  return (method, path, json) =>
    send(l.sb, method, path, {
      token: tok,
      json,
      headers: { 'consumer-group': group, 'consumer-name': name, accept: 'application/json' },
    });
}

export interface WireRecord {
  topic: string;
  key: { service: string; id: string };
  value: { type: string; timestamp: string; service: string; data: Record<string, unknown> };
  partition: number;
  offset: number;
}

/** Fetches until an empty reply; returns every record. */
export async function drain(call: ConsumerCall): Promise<WireRecord[]> {
  const out: WireRecord[] = [];
  for (;;) {
    const res = await call('GET', '/consumers/records?timeout=50');
    if (res.status !== 200) throw new Error(`fetch failed: ${res.status} ${res.text}`);
    const batch = res.json as WireRecord[];
    if (batch.length === 0) return out;
    out.push(...batch);
  }
}

export function clientFor(l: LogSandbox, key = 'owner'): PlatformClient {
  const c = l.sb.client(key);
  return new PlatformClient({
    connection: {
      name: 'test',
      baseUrl: l.sb.baseUrl,
      authUrl: l.sb.authUrl,
      logUrl: l.sb.logUrl,
      clientId: c.clientId,
    },
    getSecret: () => Promise.resolve(c.clientSecret),
    retry: { baseDelayMs: 20, maxDelayMs: 200, maxRetryAfterMs: 1500 },
  });
}

/** `partition:offset` keys, to compare record sets. */
export function keys(records: ReadonlyArray<{ partition: number; offset: number }>): string[] {
  return records.map((r) => `${r.partition}:${r.offset}`).sort();
}
