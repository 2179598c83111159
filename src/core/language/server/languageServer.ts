// The TRSX/GrXML language server: core/language behind the Language Server Protocol (vscode-languageserver), so
// VS Code (through vscode-languageclient, src/features/language) and any other editor (`cstudio lsp --stdio`) get
// the same diagnostics, completion, navigation, formatting, fixes, semantic tokens and grammar tests from one copy
// of each document. Documents are synced incrementally; each text is parsed once and shared by every service.
import {
  CodeActionKind,
  DocumentFormattingRequest,
  ErrorCodes,
  ResponseError,
  TextDocumentSyncKind,
  type CodeAction,
  type Connection,
  type InitializeParams,
  type InitializeResult,
} from 'vscode-languageserver';
import { parseIndentSetting, type IndentSetting } from '../../indentChoice';
import type { Logger } from '../../logger';
import type { FileSystem } from '../fileSystem';
import { LanguageServices } from '../languageServices';
import { RenameError } from '../trsx/rename';
import { DiagnosticsScheduler } from './diagnosticsScheduler';
import {
  DocumentPositions,
  Locator,
  fromLspDiagnostic,
  toLspCompletion,
  toLspSymbol,
  toLspTextEdits,
  SYMBOL_KIND,
} from './conversions';
import { idOfUri, languageOfDocument, pathOfUri, UriBook } from './documentUris';
import { LENS_COMMANDS } from '../protocol';
import { registerEditorRequests } from './editorRequests';
import { registerGrammarTestRequests } from './grammarTestRequests';
import { registerSemanticTokens, SEMANTIC_TOKENS_LEGEND } from './semanticTokensRequests';
import { WorkspaceFiles } from './workspaceFiles';

export const COMPLETION_TRIGGERS = ['<', '"', "'", ' ', '#', '/'];

/** What a client may send in `initializationOptions` (and later as the `cstudio` configuration section). */
export interface ServerSettings {
  /** Quiet time after an edit before diagnostics are recomputed (ms). */
  diagnosticsDelayMs?: number;
  /** `cstudio.format.indent` for TRSX: `auto` (the file's own), `editor` (the request's options), `tab` or N. */
  formatIndent?: string | number;
}

export interface LanguageServerOptions {
  readonly fs: FileSystem;
  readonly logger: Logger;
}

/** What the handlers of one server share: the documents and services, and what the client said it supports. */
interface Server {
  readonly connection: Connection;
  readonly services: LanguageServices;
  readonly uris: UriBook;
  readonly locator: Locator;
  readonly files: WorkspaceFiles;
  readonly diagnostics: DiagnosticsScheduler;
  readonly client: {
    codeLensRefresh: boolean;
    /** Formatting registered for TRSX and GrXML only (dialog.json keeps the editor's JSON formatter), when the client allows. */
    formattingByLanguage: boolean;
    trsxIndent: IndentSetting;
  };
  /** The open document behind a request, with its position converter (diagnostics wait until it is answered). */
  open(uri: string): { id: string; at: DocumentPositions } | undefined;
}

export function serveLanguages(connection: Connection, options: LanguageServerOptions): LanguageServices {
  const services = new LanguageServices(options.fs);
  const uris = new UriBook();
  // Positions come from the services' own documents: one text per document, its line table kept up to date.
  const texts = services.documents;
  const files = new WorkspaceFiles(options.fs);
  const diagnostics = new DiagnosticsScheduler(
    connection,
    services,
    texts,
    options.fs,
    uris,
    options.logger.child('diagnostics'),
  );
  const server: Server = {
    connection,
    services,
    uris,
    locator: new Locator(services, uris, texts),
    files,
    diagnostics,
    client: { codeLensRefresh: false, formattingByLanguage: false, trsxIndent: 'auto' },
    open: (uri) => {
      diagnostics.requestServed();
      const id = idOfUri(uri);
      const doc = services.documents.get(id);
      return doc ? { id, at: new DocumentPositions(doc) } : undefined;
    },
  };
  registerLifecycle(server);
  registerDocumentSync(server);
  registerNavigation(server);
  registerEdits(server);
  registerEditorRequests(connection, services, texts);
  registerSemanticTokens(connection, services, texts);
  registerGrammarTestRequests(connection, {
    services,
    fs: options.fs,
    grammars: () => diagnostics.grammarChecks,
    roots: () => files.roots,
  });
  return services;
}

/** Initialization (capabilities, settings), configuration changes, and workspace folders and files changing. */
function registerLifecycle(server: Server): void {
  const { connection, services, files, diagnostics } = server;
  connection.onInitialize((params: InitializeParams): InitializeResult => {
    const roots = (params.workspaceFolders ?? [])
      .map((f) => pathOfUri(f.uri))
      .filter((p): p is string => p !== undefined);
    if (roots.length === 0 && params.rootUri) {
      const root = pathOfUri(params.rootUri);
      if (root) roots.push(root);
    }
    files.setRoots(roots);
    diagnostics.setRoots(roots);
    applySettings(params.initializationOptions);
    server.client.codeLensRefresh = params.capabilities.workspace?.codeLens?.refreshSupport === true;
    server.client.formattingByLanguage = params.capabilities.textDocument?.formatting?.dynamicRegistration === true;
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
        completionProvider: { triggerCharacters: COMPLETION_TRIGGERS },
        hoverProvider: true,
        definitionProvider: true,
        referencesProvider: true,
        renameProvider: { prepareProvider: true },
        documentSymbolProvider: { label: 'Conversational Studio' },
        workspaceSymbolProvider: true,
        // Static registration would cover every document the client selects, dialog.json among them, and make
        // VS Code ask which of two JSON formatters to use; a client that registers dynamically gets TRSX and GrXML.
        documentFormattingProvider: !server.client.formattingByLanguage,
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix, CodeActionKind.RefactorRewrite] },
        codeLensProvider: { resolveProvider: false },
        semanticTokensProvider: { legend: SEMANTIC_TOKENS_LEGEND, full: true, range: true },
        workspace: { workspaceFolders: { supported: true, changeNotifications: true } },
      },
      serverInfo: { name: 'cstudio-language-server' },
    };
  });

  function applySettings(value: unknown): void {
    const s = (typeof value === 'object' && value !== null ? value : {}) as ServerSettings;
    if (typeof s.diagnosticsDelayMs === 'number' && s.diagnosticsDelayMs >= 0)
      diagnostics.delayMs = s.diagnosticsDelayMs;
    if (s.formatIndent !== undefined)
      server.client.trsxIndent = parseIndentSetting(s.formatIndent, true) ?? server.client.trsxIndent;
  }

  connection.onDidChangeConfiguration((params) => {
    const settings = (params.settings as { cstudio?: { language?: ServerSettings } } | undefined)?.cstudio?.language;
    applySettings(settings);
  });

  // Files of a project changing on disk (or in another editor) change counts and cross-file results.
  connection.onDidChangeWatchedFiles(() => {
    services.projects.invalidate();
    files.invalidate();
    diagnostics.scheduleAll();
    if (server.client.codeLensRefresh) void connection.sendRequest('workspace/codeLens/refresh').catch(() => undefined);
  });
  connection.onInitialized(() => {
    if (server.client.formattingByLanguage)
      void connection.client.register(DocumentFormattingRequest.type, {
        documentSelector: [{ language: 'trsx' }, { language: 'grxml' }],
      });
    connection.workspace.onDidChangeWorkspaceFolders((e) => {
      files.changeRoots(
        e.added.map((f) => pathOfUri(f.uri)),
        e.removed.map((f) => pathOfUri(f.uri)),
      );
      diagnostics.setRoots(files.roots);
      services.projects.invalidate();
      diagnostics.scheduleAll();
    });
  });
}

/** Open, incrementally changed and closed documents. */
function registerDocumentSync(server: Server): void {
  const { connection, services, uris, diagnostics } = server;
  connection.onDidOpenTextDocument(({ textDocument: d }) => {
    const language = languageOfDocument(d.languageId, d.uri);
    if (!language) return;
    const id = idOfUri(d.uri);
    uris.remember(id, d.uri);
    services.documents.open(id, language, d.version, d.text, pathOfUri(d.uri));
    services.projects.invalidate();
    diagnostics.schedule(id);
  });

  connection.onDidChangeTextDocument(({ textDocument, contentChanges }) => {
    const id = idOfUri(textDocument.uri);
    const doc = services.documents.get(id);
    if (!doc) return;
    for (const change of contentChanges) {
      if ('range' in change) {
        // Each change's range is in the text the previous one produced.
        const start = doc.offsetAt(change.range.start);
        const end = doc.offsetAt(change.range.end);
        doc.update(textDocument.version, [{ start, end, text: change.text }]);
      } else {
        doc.setText(textDocument.version, change.text);
      }
    }
    diagnostics.schedule(id);
  });

  connection.onDidCloseTextDocument(({ textDocument }) => {
    const id = idOfUri(textDocument.uri);
    services.documents.close(id);
    services.projects.invalidate();
    diagnostics.closed(id, textDocument.uri);
    uris.forget(id);
  });
}

/** Completion, hover, definition, references, rename and symbols. */
function registerNavigation(server: Server): void {
  const { connection, services, locator, files, open } = server;
  connection.onCompletion(({ textDocument, position }) => {
    const d = open(textDocument.uri);
    if (!d) return [];
    return services.completion(d.id, d.at.offset(position)).map((c) => toLspCompletion(d.at, c, position));
  });

  connection.onHover(({ textDocument, position }) => {
    const d = open(textDocument.uri);
    const hover = d && services.hover(d.id, d.at.offset(position));
    return d && hover
      ? { contents: { kind: 'markdown', value: hover.markdown }, range: d.at.range(hover.range) }
      : null;
  });

  connection.onDefinition(({ textDocument, position }) => {
    const d = open(textDocument.uri);
    return d ? services.definition(d.id, d.at.offset(position)).map((l) => locator.location(l.path, l.range)) : [];
  });

  connection.onReferences(({ textDocument, position, context }) => {
    const d = open(textDocument.uri);
    return d
      ? services
          .references(d.id, d.at.offset(position), context.includeDeclaration)
          .map((l) => locator.location(l.path, l.range))
      : [];
  });

  connection.onPrepareRename(({ textDocument, position }) => {
    const d = open(textDocument.uri);
    if (!d) return null;
    try {
      const p = services.prepareRename(d.id, d.at.offset(position));
      return { range: d.at.range(p.range), placeholder: p.placeholder };
    } catch (e) {
      if (e instanceof RenameError) throw new ResponseError(ErrorCodes.InvalidRequest, e.message);
      throw e;
    }
  });

  connection.onRenameRequest(({ textDocument, position, newName }) => {
    const d = open(textDocument.uri);
    if (!d) return null;
    try {
      return locator.workspaceEdit(services.rename(d.id, d.at.offset(position), newName));
    } catch (e) {
      if (e instanceof RenameError) throw new ResponseError(ErrorCodes.InvalidRequest, e.message);
      throw e;
    }
  });

  connection.onDocumentSymbol(({ textDocument }) => {
    const d = open(textDocument.uri);
    return d ? services.documentSymbols(d.id).map((s) => toLspSymbol(d.at, s)) : [];
  });

  connection.onWorkspaceSymbol(({ query }, token) => {
    const controller = new AbortController();
    token.onCancellationRequested(() => controller.abort());
    return services.workspaceSymbols(files.list(), query, controller.signal).map((s) => ({
      name: s.name,
      kind: SYMBOL_KIND[s.kind],
      containerName: s.container ?? '',
      location: locator.location(s.location.path, s.location.range),
    }));
  });
}

/** Formatting, code actions and code lenses. */
function registerEdits(server: Server): void {
  const { connection, services, locator, open } = server;
  connection.onDocumentFormatting(({ textDocument, options }) => {
    const d = open(textDocument.uri);
    return d
      ? toLspTextEdits(
          d.at,
          services.formatting(d.id, {
            tabSize: options.tabSize,
            insertSpaces: options.insertSpaces,
            trsxIndent: server.client.trsxIndent,
          }),
        )
      : [];
  });

  connection.onCodeAction(({ textDocument, range, context }) => {
    const d = open(textDocument.uri);
    if (!d) return [];
    const theirs = context.diagnostics;
    const plain = theirs.map((x) => fromLspDiagnostic(d.at, x));
    const ours = plain.filter((x): x is NonNullable<typeof x> => x !== undefined);
    return services.codeActions(d.id, d.at.textRange(range), ours).map((a): CodeAction => {
      const action: CodeAction = {
        title: a.title,
        kind: a.kind === 'quickfix' ? CodeActionKind.QuickFix : CodeActionKind.RefactorRewrite,
        edit: locator.workspaceEdit(a.edits),
      };
      const fixed = a.diagnostic ? theirs[plain.indexOf(a.diagnostic)] : undefined;
      if (fixed) action.diagnostics = [fixed];
      if (a.preferred) action.isPreferred = true;
      return action;
    });
  });

  connection.onCodeLens(({ textDocument }) => {
    const d = open(textDocument.uri);
    if (!d) return [];
    return services.codeLenses(d.id).map((lens) => {
      const range = d.at.range(lens.range);
      // Commands are the client's: the VS Code client maps these two to its own (features/language).
      return lens.kind === 'testGrammar'
        ? {
            range,
            command: {
              title: lens.title,
              command: LENS_COMMANDS.testGrammar,
              arguments: [textDocument.uri, lens.rule],
            },
          }
        : {
            range,
            command: {
              title: lens.title,
              command: LENS_COMMANDS.findReferences,
              arguments: [textDocument.uri, range.start],
            },
          };
    });
  });
}
