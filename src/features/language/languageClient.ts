// The VS Code side of the TRSX/GrXML language server (core/language/server, dist/languageServer.js): started over
// node IPC with vscode-languageclient, which turns every editor request into the protocol and back. What VS Code
// cannot express in the protocol is mapped here: code-lens commands that take VS Code objects, the settings the
// server reads, and the server's "diagnostics published" notification that the tests and status wait on.
import * as vscode from 'vscode';
import { join } from 'node:path';
import {
  LanguageClient,
  ProgressType,
  TransportKind,
  type LanguageClientOptions,
  type RequestType,
  type ServerOptions,
} from 'vscode-languageclient/node';
import type { Logger } from '../../core/logger';
import {
  AutoCloseRequest,
  DiagnosticsPublishedNotification,
  LENS_COMMANDS,
  type AutoCloseParams,
  type AutoCloseResult,
} from '../../core/language/protocol';
import { Disposable } from '../../host/lifecycle';
import type { Settings, StudioSettings } from '../../host/settings';
import type { ServerSettings } from '../../core/language/server/languageServer';
import { DOCUMENT_SELECTOR } from './documentIds';

export interface PublishedDiagnostics {
  readonly uri: vscode.Uri;
  readonly version: number;
  /** True when the TRSX rules were re-checked only for the edited samples. */
  readonly incremental: boolean;
}

const CLIENT_NAME = 'Conversational Studio Language Server';

export class StudioLanguageClient extends Disposable {
  private readonly client: LanguageClient;
  private readonly published = this._register(new vscode.EventEmitter<PublishedDiagnostics>());
  /** Diagnostics of a document were published (the extension-host tests wait on it). */
  readonly onDidPublish = this.published.event;
  private readonly validated = new Set<string>();
  readonly ready: Promise<void>;

  constructor(extensionPath: string, settings: Settings, logger: Logger) {
    super();
    const module = join(extensionPath, 'dist', 'languageServer.js');
    const serverOptions: ServerOptions = {
      run: { module, transport: TransportKind.ipc },
      debug: { module, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6019'] } },
    };
    const watcher = this._register(
      vscode.workspace.createFileSystemWatcher('**/{*.trsx,*.grxml,*.srgs,metadata.json,dialog.json}'),
    );
    const clientOptions: LanguageClientOptions = {
      documentSelector: [...DOCUMENT_SELECTOR],
      synchronize: { fileEvents: watcher },
      initializationOptions: serverSettings(settings.value),
      middleware: {
        provideCodeLenses: async (doc, token, next) => (await next(doc, token))?.map((lens) => toVscodeLens(lens)),
      },
    };
    this.client = new LanguageClient('cstudio.languageServer', CLIENT_NAME, serverOptions, clientOptions);
    this._register(
      settings.onDidChange((change) => {
        if (change.affects('language.diagnosticsDelayMs') || change.affects('format.indent')) {
          void this.client.sendNotification('workspace/didChangeConfiguration', {
            settings: { cstudio: { language: serverSettings(change.current) } },
          });
        }
      }),
    );
    this.ready = this.client.start().then(
      () => {
        this._register(
          this.client.onNotification(DiagnosticsPublishedNotification, (p) => {
            this.validated.add(p.uri);
            this.published.fire({ uri: vscode.Uri.parse(p.uri), version: p.version, incremental: p.incremental });
          }),
        );
      },
      (e: unknown) => {
        logger.error('the TRSX/GrXML language server did not start', e);
        throw e;
      },
    );
    this._register({ dispose: () => void this.client.stop().catch(() => undefined) });
  }

  /** Whether the server has validated the document at least once. */
  hasValidated(uri: vscode.Uri): boolean {
    return this.validated.has(this.client.code2ProtocolConverter.asUri(uri));
  }

  /** The protocol's spelling of a VS Code URI. */
  uriOf(uri: vscode.Uri): string {
    return this.client.code2ProtocolConverter.asUri(uri);
  }

  /** A request of ours (core/language/protocol.ts); cancelling `token` cancels it on the server. */
  async request<P, R>(type: RequestType<P, R, void>, params: P, token?: vscode.CancellationToken): Promise<R> {
    await this.ready;
    // An explicit undefined token would be read as a token (the client checks it for cancellation).
    return token ? this.client.sendRequest(type, params, token) : this.client.sendRequest(type, params);
  }

  /** Partial results the server sends under `token` (a `partialResultToken` the caller put in its request). */
  onPartialResult<P>(token: string, handler: (part: P) => void): vscode.Disposable {
    return this.client.onProgress(new ProgressType<P>(), token, handler);
  }

  /** The close tag the server says to insert after a typed `>` or `/`, if any. */
  async autoClose(
    doc: vscode.TextDocument,
    position: vscode.Position,
    typed: '>' | '/',
  ): Promise<AutoCloseResult | null> {
    await this.ready;
    const params: AutoCloseParams = {
      textDocument: { uri: this.client.code2ProtocolConverter.asUri(doc.uri) },
      position: { line: position.line, character: position.character },
      typed,
    };
    return this.client.sendRequest(AutoCloseRequest, params);
  }
}

/** The settings the server reads (at start, and again whenever one of them changes). */
function serverSettings(current: StudioSettings): ServerSettings {
  return { diagnosticsDelayMs: current.language.diagnosticsDelayMs, formatIndent: current.format.indent };
}

/** The server names its lens commands with protocol values; VS Code's commands want a Uri and a Position. */
function toVscodeLens(lens: vscode.CodeLens): vscode.CodeLens {
  const command = lens.command;
  if (!command) return lens;
  const [uri, second] = command.arguments ?? [];
  if (command.command === LENS_COMMANDS.findReferences && typeof uri === 'string' && isPosition(second)) {
    lens.command = {
      title: command.title,
      command: 'editor.action.findReferences',
      arguments: [vscode.Uri.parse(uri), new vscode.Position(second.line, second.character)],
    };
  } else if (command.command === LENS_COMMANDS.testGrammar && typeof uri === 'string') {
    lens.command = {
      title: command.title,
      command: LENS_COMMANDS.testGrammar,
      arguments: [vscode.Uri.parse(uri), second],
    };
  }
  return lens;
}

function isPosition(v: unknown): v is { line: number; character: number } {
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof (v as { line?: unknown }).line === 'number' &&
    typeof (v as { character?: unknown }).character === 'number'
  );
}
