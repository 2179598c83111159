// The built-in "Local sandbox" connection: the sandbox server running inside the extension host on a loopback
// port, its data in the extension's global storage. Start, stop, restart and reset are queued one after the
// other, so a command issued while another runs waits for it instead of racing it.
import * as vscode from 'vscode';
import { rm } from 'node:fs/promises';
import type { Logger } from '../../core/logger';
import { Disposable } from '../../host/lifecycle';
import type { SandboxSettings } from '../../host/settings';

export const LOCAL_SANDBOX_CONNECTION_ID = 'local-sandbox';
export const LOCAL_SANDBOX_NAME = 'Local sandbox';

export interface SandboxClientCredentials {
  /** A stable handle of the demo user: owner, admin, viewer, … */
  readonly key?: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** The demo user the client acts as (the explorer tells "your" locks from others'). */
  readonly userId?: string;
  readonly user?: string;
  readonly email?: string;
}

/** A runtime client of a sandbox application (`appID:…`): what the Try panel interprets with. */
export interface SandboxRuntimeClient {
  readonly clientId: string;
  readonly clientSecret: string;
  /** The runtime app ID. */
  readonly appId: string;
  /** Space-separated scopes it may request. */
  readonly scopes: string;
  /** Context tags deployed where it runs, when the sandbox started. */
  readonly contextTags: readonly string[];
}

/** What the sandbox server hands back once it listens. */
export interface RunningSandbox {
  readonly baseUrl: string;
  readonly authUrl: string;
  readonly logUrl: string;
  /** The NLU runtime (`…/nlu/v1`). */
  readonly nluUrl: string;
  readonly clients: readonly SandboxClientCredentials[];
  readonly runtimeClients: readonly SandboxRuntimeClient[];
  close(): Promise<void>;
}

export interface SandboxLaunchOptions {
  readonly port: number;
  readonly dataDir: string;
  readonly jobDurationMs: number;
}

/** Starts the sandbox server; the composition root binds it to `src/sandbox/server`. */
export type SandboxLauncher = (options: SandboxLaunchOptions) => Promise<RunningSandbox>;

export interface SandboxInfo {
  readonly baseUrl: string;
  readonly authUrl: string;
  readonly logUrl: string;
  readonly port: number;
  readonly dataDir: string;
  /** The demo clients of the sandbox; the first one is the connection's identity. */
  readonly clients: readonly SandboxClientCredentials[];
  readonly nluUrl: string;
  readonly runtimeClients: readonly SandboxRuntimeClient[];
}

export type SandboxState =
  | { readonly kind: 'stopped' }
  | { readonly kind: 'starting' }
  | { readonly kind: 'running'; readonly info: SandboxInfo }
  | { readonly kind: 'stopping' }
  | { readonly kind: 'failed'; readonly error: Error };

export interface LocalSandboxOptions {
  readonly dataDir: string;
  readonly launcher: SandboxLauncher;
  readonly settings: () => SandboxSettings;
  readonly logger: Logger;
}

function portOf(url: string): number {
  const parsed = new URL(url);
  return Number(parsed.port || (parsed.protocol === 'https:' ? 443 : 80));
}

function explainStartFailure(err: unknown, port: number): Error {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'EADDRINUSE') {
    return new Error(
      `The local sandbox could not listen on 127.0.0.1:${port}: the port is in use. ` +
        'Change the setting cstudio.sandbox.port, or set it to 0 to pick a free port.',
      { cause: err },
    );
  }
  const detail = err instanceof Error ? err.message : String(err);
  return new Error(`The local sandbox failed to start: ${detail}`, { cause: err });
}

export class LocalSandbox extends Disposable {
  private current: SandboxState = { kind: 'stopped' };
  private server: RunningSandbox | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly changed = this._register(new vscode.EventEmitter<SandboxState>());
  readonly onDidChangeState: vscode.Event<SandboxState> = this.changed.event;

  constructor(private readonly options: LocalSandboxOptions) {
    super();
  }

  get state(): SandboxState {
    return this.current;
  }

  get dataDir(): string {
    return this.options.dataDir;
  }

  /** Starts the sandbox unless it runs already; resolves with its addresses and demo clients. */
  start(): Promise<SandboxInfo> {
    return this.enqueue(() => this.doStart());
  }

  stop(): Promise<void> {
    return this.enqueue(() => this.doStop());
  }

  restart(): Promise<SandboxInfo> {
    return this.enqueue(async () => {
      await this.doStop();
      return this.doStart();
    });
  }

  /** Stops the sandbox, deletes its data folder (demo data is seeded again) and starts it. */
  resetData(): Promise<SandboxInfo> {
    return this.enqueue(async () => {
      await this.doStop();
      this.options.logger.info(`deleting sandbox data in ${this.options.dataDir}`);
      await rm(this.options.dataDir, { recursive: true, force: true });
      return this.doStart();
    });
  }

  override dispose(): void {
    // The listening socket closes synchronously inside close(); the rest may finish after deactivation.
    const server = this.server;
    this.server = undefined;
    if (server) void server.close().catch((e: unknown) => this.options.logger.warn('closing the sandbox failed', e));
    super.dispose();
  }

  private enqueue<T>(op: () => Promise<T>): Promise<T> {
    const next = this.queue.then(op, op);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private setState(state: SandboxState): void {
    this.current = state;
    if (!this.isDisposed) this.changed.fire(state);
  }

  private async doStart(): Promise<SandboxInfo> {
    if (this.isDisposed) throw new Error('The extension is shutting down; the local sandbox was not started.');
    if (this.current.kind === 'running') return this.current.info;
    const { port, jobDurationMs } = this.options.settings();
    const { dataDir, logger } = this.options;
    this.setState({ kind: 'starting' });
    const started = Date.now();
    try {
      const server = await this.options.launcher({ port, dataDir, jobDurationMs });
      this.server = server;
      const info: SandboxInfo = {
        baseUrl: server.baseUrl,
        authUrl: server.authUrl,
        logUrl: server.logUrl,
        port: portOf(server.baseUrl),
        dataDir,
        clients: server.clients,
        nluUrl: server.nluUrl,
        runtimeClients: server.runtimeClients,
      };
      logger.info(
        `local sandbox running at ${info.baseUrl} (started in ${Date.now() - started} ms, data in ${dataDir})`,
      );
      this.setState({ kind: 'running', info });
      return info;
    } catch (err) {
      const error = explainStartFailure(err, port);
      this.setState({ kind: 'failed', error });
      throw error;
    }
  }

  private async doStop(): Promise<void> {
    const server = this.server;
    if (!server) {
      if (this.current.kind !== 'stopped') this.setState({ kind: 'stopped' });
      return;
    }
    this.setState({ kind: 'stopping' });
    this.server = undefined;
    try {
      await server.close();
      this.options.logger.info('local sandbox stopped');
    } finally {
      this.setState({ kind: 'stopped' });
    }
  }
}
