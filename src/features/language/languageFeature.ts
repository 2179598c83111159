// Language support for TRSX and GrXML: the language server (diagnostics, completion, hover, navigation, rename,
// symbols, formatting, quick fixes, code lenses; core/language/server) through vscode-languageclient, auto-closing
// tags, the grammar tester commands and the Test Explorer. Everything here is thin glue.
import * as vscode from 'vscode';
import { join } from 'node:path';
import type { Logger } from '../../core/logger';
import { nodeFileSystem } from '../../core/language/fileSystem';
import { LanguageServices } from '../../core/language/languageServices';
import { GrammarChecks } from '../../core/language/project/projectDiagnostics';
import type { TesterEnvironment } from '../../core/language/tester/runTests';
import { TagEvaluator } from '../../core/formats/grxml/tagEvaluator';
import type { CommandRegistry } from '../../host/commands';
import { Disposable } from '../../host/lifecycle';
import type { Settings } from '../../host/settings';
import { AutoCloseTags } from './autoCloseTags';
import { DocumentSync } from './documentSync';
import { GrammarTestController } from './grammarTestController';
import { RunGrammarTestsCommand, TestGrammarCommand } from './grammarTesterCommands';
import { StudioLanguageClient } from './languageClient';
import { ReportDocuments } from './reportDocuments';

export interface LanguageFeatureDeps {
  /** The extension's folder (the language server is dist/languageServer.js in it). */
  readonly extensionPath: string;
  readonly settings: Settings;
  readonly logger: Logger;
  readonly commands: CommandRegistry;
}

/** Handles the extension-host tests use. */
export interface LanguageTestingApi {
  readonly client: StudioLanguageClient;
  readonly grammarTests: GrammarTestController;
}

class LanguageFeature extends Disposable {
  readonly testing: LanguageTestingApi;

  constructor(deps: LanguageFeatureDeps) {
    super();
    const client = this._register(new StudioLanguageClient(deps.extensionPath, deps.settings, deps.logger.child('server')));
    this._register(new AutoCloseTags(client, deps.settings));

    // The grammar tester reads a grammar (and the files it refers to) when a test runs.
    const services = new LanguageServices(nodeFileSystem);
    const sync = new DocumentSync(services);
    const roots = (): string[] => (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => f.uri.fsPath);
    const grammarChecks = new GrammarChecks(services.context, roots);
    // Semantic tags of tested sentences run in one heap-capped process, stopped with the feature.
    const tags = new TagEvaluator({ scriptPath: join(deps.extensionPath, 'dist', 'sisrProcess.js') });
    this._register({ dispose: () => tags.dispose() });
    const env = (): TesterEnvironment => ({ ctx: services.context, grammars: grammarChecks, roots: roots(), tags });
    const reports = this._register(new ReportDocuments());
    deps.commands.register(new TestGrammarCommand(env, sync, reports), new RunGrammarTestsCommand(env, reports));
    const grammarTests = this._register(new GrammarTestController(env, deps.logger.child('grammar-tests')));
    void grammarTests.discover().catch((e: unknown) => deps.logger.warn('grammar test discovery failed', e));

    this.testing = { client, grammarTests };
  }
}

/** Registers TRSX and GrXML language support; dispose the result to remove it all. */
export function registerLanguageFeatures(deps: LanguageFeatureDeps): vscode.Disposable & { readonly testing: LanguageTestingApi } {
  return new LanguageFeature(deps);
}
