// Raw HTTP against the sandbox with undici, for the sandbox's own tests (independent of the platform client).
import { readFileSync } from 'node:fs';
import { Agent, request, type Dispatcher } from 'undici';
import type { SandboxClientInfo } from '../../../src/sandbox/server';

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  bytes: Buffer;
  text: string;
  /** The body parsed as JSON (undefined when it is not JSON). */
  json: unknown;
}

export interface Target {
  baseUrl: string;
  authUrl: string;
  caFile?: string;
}

const agents = new Map<string, Agent>();

/** A dispatcher that trusts the sandbox's self-signed certificate (for --tls), else undici's default. */
export function dispatcherFor(target: Target): Dispatcher | undefined {
  if (!target.caFile) return undefined;
  let agent = agents.get(target.caFile);
  if (!agent) {
    agent = new Agent({ connect: { ca: readFileSync(target.caFile, 'utf8') } });
    agents.set(target.caFile, agent);
  }
  return agent;
}

export interface SendOptions {
  token?: string;
  json?: unknown;
  body?: string | Buffer;
  headers?: Record<string, string>;
}

export async function send(
  target: Target,
  method: string,
  path: string,
  options: SendOptions = {},
): Promise<RawResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | Buffer | undefined = options.body;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers['content-type'] ??= 'application/json';
  }
  const res = await request(`${target.baseUrl}${path}`, {
    method: method as Dispatcher.HttpMethod,
    headers,
    body,
    dispatcher: dispatcherFor(target),
  });
  const bytes = Buffer.from(await res.body.arrayBuffer());
  const text = bytes.toString('utf8');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.statusCode, headers: res.headers, bytes, text, json };
}

/** Basic credentials the way the platform's clients send them: each half form-encoded (`:` → `%3A`). */
export function basicAuth(clientId: string, secret: string): string {
  return `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(secret)}`).toString('base64')}`;
}

export async function tokenResponse(
  target: Target,
  client: Pick<SandboxClientInfo, 'clientId' | 'clientSecret'>,
  scope = 'svc-api',
): Promise<RawResponse> {
  const res = await request(`${target.authUrl}/oauth2/token`, {
    method: 'POST',
    headers: {
      authorization: basicAuth(client.clientId, client.clientSecret),
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ grant_type: 'client_credentials', scope }).toString(),
    dispatcher: dispatcherFor(target),
  });
  const bytes = Buffer.from(await res.body.arrayBuffer());
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch {
    json = undefined;
  }
  return { status: res.statusCode, headers: res.headers, bytes, text: bytes.toString('utf8'), json };
}

export async function token(
  target: Target,
  client: Pick<SandboxClientInfo, 'clientId' | 'clientSecret'>,
  scope = 'svc-api',
): Promise<string> {
  const res = await tokenResponse(target, client, scope);
  if (res.status !== 200) throw new Error(`token request failed: ${res.status} ${res.text}`);
  return (res.json as { access_token: string }).access_token;
}

/** A multipart/form-data body with one file field. */
export function multipartBody(
  field: string,
  fileName: string,
  data: Uint8Array,
  contentType = 'application/zip',
): { body: Buffer; contentType: string } {
  const boundary = `----cstudio${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    body: Buffer.concat([head, Buffer.from(data), tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
