// Language support for TRSX and GrXML: the language server (diagnostics, completion, hover, navigation, rename,
// symbols, formatting, quick fixes, code lenses; core/language/server) through vscode-languageclient, auto-closing
// tags, the grammar tester commands and the Test Explorer. Everything here is thin glue. Built as its own bundle
// (dist/languageFeature.js, with vscode-languageclient) and loaded on first use by languageOnDemand.ts.
import type * as vscode from 'vscode';
import type { Logger } from '../../core/logger';
import type { Command } from '../../host/commands';
import { Disposable } from '../../host/lifecycle';
import type { Prompter } from '../../host/prompter';
import type { Settings } from '../../host/settings';
import { AutoCloseTags } from './autoCloseTags';
import { RevealDialogOffsetCommand, ShowDialogFlowCommand } from './dialogFlowCommands';
import { GrammarTestClient } from './grammarTestClient';
import { GrammarTestController } from './grammarTestController';
import { RunGrammarTestsCommand, TestGrammarCommand } from './grammarTesterCommands';
import { StudioLanguageClient } from './languageClient';
import { grammarTestReports } from './reportDocuments';

export interface LanguageFeatureDeps {
  /** The extension's folder (the language server is dist/languageServer.js in it). */
  readonly extensionPath: string;
  /** The same folder as a URI (the Dialog Flow page's stylesheet). */
  readonly extensionUri: vscode.Uri;
  readonly settings: Settings;
  readonly logger: Logger;
  /** Questions the grammar tester asks (the start rule, the sentence). */
  readonly prompter: Prompter;
}

/** Handles the extension-host tests use. */
export interface LanguageTestingApi {
  readonly client: StudioLanguageClient;
  readonly grammarTests: GrammarTestController;
}

class LanguageFeature extends Disposable {
  readonly testing: LanguageTestingApi;
  /** The grammar tester's commands; languageOnDemand.ts registers their ids before this bundle is loaded. */
  readonly commands: {
    readonly testGrammar: Command;
    readonly runGrammarTests: Command;
    readonly showDialogFlow: Command;
    readonly revealDialogOffset: Command;
  };

  constructor(deps: LanguageFeatureDeps) {
    super();
    const client = this._register(
      new StudioLanguageClient(deps.extensionPath, deps.settings, deps.logger.child('server')),
    );
    this._register(new AutoCloseTags(client, deps.settings));

    // The grammar tester and the Test Explorer ask the same server (it holds the grammars, parsed once).
    const tester = new GrammarTestClient(client);
    const reports = this._register(grammarTestReports());
    this.commands = {
      testGrammar: new TestGrammarCommand(tester, deps.prompter, reports),
      runGrammarTests: new RunGrammarTestsCommand(tester, deps.prompter, reports),
      showDialogFlow: this._register(new ShowDialogFlowCommand(deps.extensionUri)),
      revealDialogOffset: new RevealDialogOffsetCommand(),
    };
    const grammarTests = this._register(new GrammarTestController(tester, deps.logger.child('grammar-tests')));
    void grammarTests.discover().catch((e: unknown) => deps.logger.warn('grammar test discovery failed', e));

    this.testing = { client, grammarTests };
  }
}

export type LoadedLanguageFeatures = vscode.Disposable & Pick<LanguageFeature, 'testing' | 'commands'>;

/** Starts TRSX and GrXML language support (the server among it); dispose the result to remove it all. */
export function startLanguageFeatures(deps: LanguageFeatureDeps): LoadedLanguageFeatures {
  return new LanguageFeature(deps);
}
