// The sandbox of a benchmark runs in a child process (the same script, forked with --sandbox-child), so its work
// shares neither the event loop nor the heap being measured; the benchmark reaches it over loopback HTTP as the
// extension and the CLI do. `runWithSandboxChild` is each such script's entry point.
import { fork } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request, type Agent } from 'undici';
import { PlatformClient } from '../../src/core/platform/client';
import { startSandbox, type SandboxOptions } from '../../src/sandbox/server';

export interface SandboxInfo {
  baseUrl: string;
  authUrl: string;
  logUrl: string;
  /** The NLU runtime's base (`…/nlu/v1`). */
  nluUrl: string;
  clients: Array<{ clientId: string; clientSecret: string }>;
  /** The applications' runtime clients (`appID:…`) with their secrets and the context tags they reach. */
  runtimeClients: Array<{ clientId: string; clientSecret: string; contextTags: string[] }>;
}

export interface SandboxChild {
  readonly info: SandboxInfo;
  /** The platform client of the demo owner. */
  readonly client: PlatformClient;
  /** A bare OAuth token request of the demo owner for `scope` (e.g. svc-api, log), through `agent`. */
  token(agent: Agent, scope: string): Promise<string>;
}

const CHILD_FLAG = '--sandbox-child';

async function serve(options: Omit<SandboxOptions, 'dataDir'>): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'cstudio-bench-'));
  const sandbox = await startSandbox({ ...options, dataDir });
  const info: SandboxInfo = {
    baseUrl: sandbox.baseUrl,
    authUrl: sandbox.authUrl,
    logUrl: sandbox.logUrl,
    nluUrl: sandbox.nluUrl,
    clients: sandbox.clients,
    runtimeClients: sandbox.runtimeClients,
  };
  process.send?.(info);
  process.on('message', () => {
    void sandbox
      .close()
      .then(() => rm(dataDir, { recursive: true, force: true }))
      .then(() => process.exit(0));
  });
}

async function measure(script: string, bench: (sandbox: SandboxChild) => Promise<void>): Promise<void> {
  const child = fork(script, [CHILD_FLAG], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const info = await new Promise<SandboxInfo>((resolve, reject) => {
    child.once('message', (message) => resolve(message as SandboxInfo));
    child.once('exit', (code) => reject(new Error(`sandbox child exited with ${code}`)));
  });
  const owner = info.clients[0];
  if (!owner) throw new Error('the sandbox reported no clients');
  const client = new PlatformClient({
    connection: {
      name: 'bench',
      baseUrl: info.baseUrl,
      authUrl: info.authUrl,
      logUrl: info.logUrl,
      clientId: owner.clientId,
    },
    getSecret: async () => owner.clientSecret,
  });
  const basic = Buffer.from(`${encodeURIComponent(owner.clientId)}:${encodeURIComponent(owner.clientSecret)}`).toString(
    'base64',
  );
  const token = async (agent: Agent, scope: string): Promise<string> => {
    const res = await request(`${info.authUrl}/oauth2/token`, {
      method: 'POST',
      dispatcher: agent,
      body: `grant_type=client_credentials&scope=${scope}`,
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
    });
    return ((await res.body.json()) as { access_token: string }).access_token;
  };
  try {
    await bench({ info, client, token });
  } finally {
    await client.close();
    child.send('close');
  }
}

/**
 * In the child (forked with CHILD_FLAG): serves a sandbox with `options` until told to close. Otherwise: starts that
 * child from `script` (the caller's __filename) and runs `bench` against it; a failure sets a non-zero exit code.
 */
export function runWithSandboxChild(
  script: string,
  options: Omit<SandboxOptions, 'dataDir'>,
  bench: (sandbox: SandboxChild) => Promise<void>,
): void {
  if (process.argv.includes(CHILD_FLAG))
    serve(options).catch((err: unknown) => {
      console.error(err);
      process.exit(1);
    });
  else
    measure(script, bench).catch((err: unknown) => {
      console.error(err);
      process.exitCode = 1;
    });
}
