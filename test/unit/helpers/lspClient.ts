// A minimal Language Server Protocol client for tests: starts `cstudio lsp --stdio` as a real child process (the
// transpiled CLI, the same code the bundle holds) and talks JSON-RPC to it over its standard input and output.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  createMessageConnection,
  StreamMessageReader,
  StreamMessageWriter,
  type MessageConnection,
} from 'vscode-jsonrpc/node';

export interface PublishedDiagnostics {
  uri: string;
  version?: number;
  diagnostics: Array<{ code?: string | number; message: string; severity?: number; range: LspRange }>;
}

export interface LspRange {
  start: { line: number; character: number };
  end: { line: number; character: number };
}

export class LspTestClient {
  private readonly published = new Map<string, PublishedDiagnostics[]>();
  private readonly waiters: Array<() => void> = [];
  readonly stderr: string[] = [];
  /** What the server said it can do (`initialize`'s answer). */
  capabilities: Record<string, unknown> = {};

  private constructor(
    readonly child: ChildProcessWithoutNullStreams,
    readonly rpc: MessageConnection,
  ) {
    rpc.onNotification('textDocument/publishDiagnostics', (p: PublishedDiagnostics) => {
      const list = this.published.get(p.uri) ?? [];
      list.push(p);
      this.published.set(p.uri, list);
      for (const w of this.waiters.splice(0)) w();
    });
    rpc.onNotification('window/logMessage', () => undefined);
    rpc.onRequest('workspace/configuration', () => []);
    rpc.onRequest('client/registerCapability', () => null);
    child.stderr.on('data', (d: Buffer) => this.stderr.push(d.toString()));
    child.on('exit', () => {
      for (const w of this.waiters.splice(0)) w();
    });
  }

  /** Starts the server with the given workspace folder and waits for `initialize`. */
  static async start(root: string): Promise<LspTestClient> {
    // out/test-PID/test/unit/helpers → out/test-PID/src/cli/main.js
    const main = join(__dirname, '..', '..', '..', 'src', 'cli', 'main.js');
    const child = spawn(process.execPath, ['-e', `require(${JSON.stringify(main)}).main(['lsp', '--stdio'])`], {
      stdio: 'pipe',
    });
    const rpc = createMessageConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
    const client = new LspTestClient(child, rpc);
    rpc.listen();
    const rootUri = pathToFileURL(root).href;
    const init = await rpc.sendRequest<{ capabilities: Record<string, unknown> }>('initialize', {
      processId: process.pid,
      rootUri,
      workspaceFolders: [{ uri: rootUri, name: 'w' }],
      capabilities: { workspace: { workspaceFolders: true } },
      initializationOptions: { diagnosticsDelayMs: 0 },
    });
    client.capabilities = init.capabilities;
    await rpc.sendNotification('initialized', {});
    return client;
  }

  open(path: string, languageId: string, text: string, version = 1): string {
    const uri = pathToFileURL(path).href;
    void this.rpc.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId, version, text } });
    return uri;
  }

  change(uri: string, version: number, changes: Array<{ range: LspRange; text: string }>): void {
    void this.rpc.sendNotification('textDocument/didChange', {
      textDocument: { uri, version },
      contentChanges: changes,
    });
  }

  /** The first diagnostics published for `uri` (at `version`, when given) that satisfy `accept`. */
  async diagnostics(
    uri: string,
    accept: (p: PublishedDiagnostics) => boolean = () => true,
  ): Promise<PublishedDiagnostics> {
    for (;;) {
      const hit = (this.published.get(uri) ?? []).find(accept);
      if (hit) return hit;
      if (this.child.exitCode !== null)
        throw new Error(`the server exited (${this.child.exitCode}): ${this.stderr.join('')}`);
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  request<T>(method: string, params: unknown): Promise<T> {
    return this.rpc.sendRequest(method, params) as Promise<T>;
  }

  /** The protocol's orderly end: shutdown, exit, and the process's exit code. */
  async stop(): Promise<number | null> {
    const exited = new Promise<number | null>((resolve) => this.child.once('exit', (code) => resolve(code)));
    await this.rpc.sendRequest('shutdown');
    await this.rpc.sendNotification('exit');
    const code = await exited;
    this.rpc.dispose();
    return code;
  }
}
