// Language support for TRSX and GrXML: registers the providers, live diagnostics (in a worker thread), auto-closing
// tags, the grammar tester commands and the Test Explorer. Everything here is thin glue over src/core/language.
import * as vscode from 'vscode';
import { join } from 'node:path';
import type { Logger } from '../../core/logger';
import { nodeFileSystem } from '../../core/language/fileSystem';
import { LanguageServices } from '../../core/language/languageServices';
import { GrammarChecks } from '../../core/language/project/projectDiagnostics';
import type { TesterEnvironment } from '../../core/language/tester/runTests';
import { TagEvaluator } from '../../core/formats/grxml/tagEvaluator';
import { DiagnosticsWorkerClient } from '../../core/language/worker/workerClient';
import type { CommandRegistry } from '../../host/commands';
import { Disposable } from '../../host/lifecycle';
import type { Settings } from '../../host/settings';
import { AutoCloseTags } from './autoCloseTags';
import { DiagnosticsController } from './diagnosticsController';
import { LANGUAGE_IDS, Locator } from './documentIds';
import { DocumentSync } from './documentSync';
import { CodeActionProvider, CodeLensProvider, CompletionProvider, FormattingProvider } from './editingProviders';
import { GrammarTestController } from './grammarTestController';
import { RunGrammarTestsCommand, TestGrammarCommand } from './grammarTesterCommands';
import { NavigationProvider, WorkspaceSymbolProvider } from './navigationProviders';
import { ReportDocuments } from './reportDocuments';

export interface LanguageFeatureDeps {
  /** The extension's folder (the diagnostics worker is dist/languageWorker.js in it). */
  readonly extensionPath: string;
  readonly settings: Settings;
  readonly logger: Logger;
  readonly commands: CommandRegistry;
}

/** Handles the extension-host tests use. */
export interface LanguageTestingApi {
  readonly services: LanguageServices;
  readonly diagnostics: DiagnosticsController;
  readonly grammarTests: GrammarTestController;
}

class LanguageFeature extends Disposable {
  readonly testing: LanguageTestingApi;

  constructor(deps: LanguageFeatureDeps) {
    super();
    const services = new LanguageServices(nodeFileSystem);
    const selector: vscode.DocumentSelector = LANGUAGE_IDS.map((language) => ({ language }));
    // The worker re-opens documents from the editor's copies after a restart; the sync is created just after it.
    const documents: { sync?: DocumentSync } = {};
    const worker = new DiagnosticsWorkerClient({
      scriptPath: join(deps.extensionPath, 'dist', 'languageWorker.js'),
      snapshot: (id) => documents.sync?.snapshot(id) ?? [],
      logger: deps.logger.child('worker'),
    });
    this._register({ dispose: () => worker.dispose() });
    const sync = this._register(new DocumentSync(services, worker));
    documents.sync = sync;
    const locator = new Locator(services);
    const diagnostics = this._register(new DiagnosticsController(sync, worker, deps.settings, deps.logger));

    const roots = (): string[] => (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => f.uri.fsPath);
    const grammarChecks = new GrammarChecks(services.context, roots);
    // Semantic tags of tested sentences run in one heap-capped process, stopped with the feature.
    const tags = new TagEvaluator({ scriptPath: join(deps.extensionPath, 'dist', 'sisrProcess.js') });
    this._register({ dispose: () => tags.dispose() });
    const env = (): TesterEnvironment => ({ ctx: services.context, grammars: grammarChecks, roots: roots(), tags });

    const navigation = new NavigationProvider(services, sync, locator);
    const lenses = this._register(new CodeLensProvider(services, sync));
    const symbols = new WorkspaceSymbolProvider(services, locator);
    this._register(vscode.languages.registerCompletionItemProvider(selector, new CompletionProvider(services, sync), ...CompletionProvider.triggers));
    this._register(vscode.languages.registerHoverProvider(selector, navigation));
    this._register(vscode.languages.registerDefinitionProvider(selector, navigation));
    this._register(vscode.languages.registerReferenceProvider(selector, navigation));
    this._register(vscode.languages.registerRenameProvider(selector, navigation));
    this._register(vscode.languages.registerDocumentSymbolProvider(selector, navigation, { label: 'Conversational Studio' }));
    this._register(vscode.languages.registerWorkspaceSymbolProvider(symbols));
    this._register(vscode.languages.registerDocumentFormattingEditProvider(selector, new FormattingProvider(services, sync, deps.settings)));
    this._register(vscode.languages.registerCodeActionsProvider(selector, new CodeActionProvider(services, sync, locator), { providedCodeActionKinds: CodeActionProvider.kinds }));
    this._register(vscode.languages.registerCodeLensProvider(selector, lenses));
    this._register(new AutoCloseTags(services, sync, deps.settings));

    // Files of a project changing on disk (or in another editor) change counts and cross-file results here.
    const watcher = this._register(vscode.workspace.createFileSystemWatcher('**/{*.trsx,*.grxml,*.srgs,metadata.json}'));
    const onFiles = (): void => { services.projects.invalidate(); symbols.invalidate(); lenses.refresh(); };
    this._register(watcher.onDidCreate(onFiles));
    this._register(watcher.onDidDelete(onFiles));
    this._register(watcher.onDidChange(onFiles));
    // Counts of the other locales show on a TRSX file's lenses: refresh them when another TRSX file changes.
    this._register(sync.onDidChange((changed) => {
      if (vscode.workspace.textDocuments.some((d) => d !== changed && d.languageId === 'trsx')) lenses.refresh();
    }));

    const reports = this._register(new ReportDocuments());
    deps.commands.register(new TestGrammarCommand(env, sync, reports), new RunGrammarTestsCommand(env, reports));
    const grammarTests = this._register(new GrammarTestController(env, deps.logger.child('grammar-tests')));
    void grammarTests.discover().catch((e: unknown) => deps.logger.warn('grammar test discovery failed', e));

    this.testing = { services, diagnostics, grammarTests };
  }
}

/** Registers TRSX and GrXML language support; dispose the result to remove it all. */
export function registerLanguageFeatures(deps: LanguageFeatureDeps): vscode.Disposable & { readonly testing: LanguageTestingApi } {
  return new LanguageFeature(deps);
}
