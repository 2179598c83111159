// Starts a real sandbox on 127.0.0.1:0 over a fresh temporary data folder (removed on close). `restart()`
// closes and starts it again on the same data folder (and, when free, the same port) to test persistence.
import { appendFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  startSandbox,
  type RunningSandbox,
  type SandboxClientInfo,
  type SandboxOptions,
} from '../../../src/sandbox/server';

export interface TestSandbox {
  readonly baseUrl: string;
  readonly authUrl: string;
  readonly logUrl: string;
  readonly caFile: string | undefined;
  readonly clients: SandboxClientInfo[];
  readonly dataDir: string;
  readonly sandbox: RunningSandbox;
  /** The demo client with this key: owner, admin, viewer, expert, ps, globalAdmin, outsider. */
  client(key: string): SandboxClientInfo;
  /** Stops the sandbox and starts it again over the same data folder. */
  restart(overrides?: Partial<SandboxOptions>): Promise<void>;
  /** Stops the sandbox and deletes its data folder. */
  close(): Promise<void>;
}

export async function startTestSandbox(options: Partial<SandboxOptions> = {}): Promise<TestSandbox> {
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'cstudio-sandbox-')));
  const ownsDir = options.dataDir === undefined;
  const base: SandboxOptions = {
    jobDurationMs: 100,
    onExchange: conformanceRecorder(),
    ...options,
    host: options.host ?? '127.0.0.1',
    dataDir,
  };
  let sandbox = await startSandbox(base);
  let closed = false;

  return {
    get baseUrl() {
      return sandbox.baseUrl;
    },
    get authUrl() {
      return sandbox.authUrl;
    },
    get logUrl() {
      return sandbox.logUrl;
    },
    get caFile() {
      return sandbox.caFile;
    },
    get clients() {
      return sandbox.clients;
    },
    get sandbox() {
      return sandbox;
    },
    dataDir,
    client(key: string): SandboxClientInfo {
      const c = sandbox.clients.find((x) => x.key === key);
      if (!c) throw new Error(`No demo client "${key}"; known: ${sandbox.clients.map((x) => x.key).join(', ')}.`);
      return c;
    },
    async restart(overrides: Partial<SandboxOptions> = {}): Promise<void> {
      const port = sandbox.port;
      await sandbox.close();
      try {
        sandbox = await startSandbox({ ...base, port, ...overrides });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
        sandbox = await startSandbox({ ...base, port: 0, ...overrides });
      }
    },
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      await sandbox.close();
      if (ownsDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * With CSTUDIO_CONFORMANCE_DIR set (by `npm run conformance`), every exchange is appended to a JSON-lines
 * file there, so the conformance table can say which statuses each endpoint was tested with.
 */
function conformanceRecorder(): SandboxOptions['onExchange'] {
  const dir = process.env.CSTUDIO_CONFORMANCE_DIR;
  if (!dir) return undefined;
  const file = join(dir, `exchanges-${process.pid}.jsonl`);
  return (e) => {
    appendFileSync(file, JSON.stringify(e) + '\n');
  };
}
