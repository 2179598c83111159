// Shared helpers of the extension-host suites: the extension's testing API, polling, HTTP against the
// local sandbox, port checks and log-file search. Everything talks to real things: the extension as VS Code
// activated it, the sandbox over loopback sockets, the log files VS Code writes.
import * as vscode from 'vscode';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type { ExtensionApi, TestingApi } from '../../src/extension';
import type { SandboxInfo } from '../../src/features/sandbox/localSandbox';

export const EXTENSION_ID = 'cstudio.conversational-studio';

export async function extensionApi(): Promise<{
  extension: vscode.Extension<ExtensionApi>;
  api: ExtensionApi;
  testing: TestingApi;
}> {
  const extension = vscode.extensions.getExtension<ExtensionApi>(EXTENSION_ID);
  assert.ok(extension, `extension ${EXTENSION_ID} is not installed in this extension host`);
  const api = await extension.activate();
  assert.ok(api.testing, 'the extension exposes its testing API outside production mode');
  return { extension, api, testing: api.testing };
}

export async function waitFor<T>(
  what: string,
  probe: () => T | undefined | false | Promise<T | undefined | false>,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Client-credentials token from the sandbox, as the platform's clients ask for it. */
export async function requestToken(info: SandboxInfo, clientIndex = 0): Promise<string> {
  const client = info.clients[clientIndex];
  assert.ok(client, `the sandbox has no demo client #${clientIndex}`);
  const basic = Buffer.from(
    `${encodeURIComponent(client.clientId)}:${encodeURIComponent(client.clientSecret)}`,
  ).toString('base64');
  const res = await fetch(`${info.authUrl.replace(/\/$/, '')}/oauth2/token`, {
    method: 'POST',
    headers: { Authorization: `Basic ${basic}`, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials&scope=svc-api',
  });
  assert.equal(res.status, 200, `token request answered ${res.status}: ${await res.clone().text()}`);
  const body = (await res.json()) as { access_token?: unknown; token_type?: unknown };
  assert.equal(typeof body.access_token, 'string');
  assert.match(String(body.token_type), /^bearer$/i);
  return String(body.access_token);
}

export async function getJson(url: string, token: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
  return { status: res.status, body: (await res.json()) as unknown };
}

/** True when nothing listens on the loopback port any more (we can bind it ourselves). */
export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

function logFiles(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? logFiles(p) : p.endsWith('.log') ? [p] : [];
  });
}

/** The text of the extension's log files (VS Code writes them asynchronously; poll). */
export function readLogs(dir: string): string {
  return logFiles(dir)
    .map((f) => readFileSync(f, 'utf8'))
    .join('\n');
}

export async function updateSetting(key: string, value: unknown): Promise<void> {
  await vscode.workspace.getConfiguration().update(key, value, vscode.ConfigurationTarget.Global);
}
