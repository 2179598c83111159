// TRSX/GrXML language support is loaded on first use, not at activation: its bundle (dist/languageFeature.js, with
// vscode-languageclient) is over a third of a megabyte and starts a server process. First use is the first TRSX or
// GrXML document open, a grammar tester command, or a TRSX, GrXML or `*.grxml-test` file in the workspace, found
// after activation (workspace symbols and the Test Explorer's grammar cases come from the server). Until then only
// the two command ids are registered here.
import * as vscode from 'vscode';
import { CommandIds } from '../../host/commandIds';
import type { Command, CommandRegistry } from '../../host/commands';
import { Disposable } from '../../host/lifecycle';
import { separateBundle } from '../../host/separateBundle';
import { languageOf } from './documentIds';
import type * as LanguageFeatureModule from './languageFeature';
import type { LanguageFeatureDeps, LoadedLanguageFeatures } from './languageFeature';

export interface LanguageOnDemandDeps extends LanguageFeatureDeps {
  /** dist/languageFeature.js in the extension's folder. */
  readonly bundlePath: string;
  readonly commands: CommandRegistry;
}

export class LanguageOnDemand extends Disposable {
  private readonly bundle: () => typeof LanguageFeatureModule;
  private loaded: LoadedLanguageFeatures | undefined;

  constructor(private readonly deps: LanguageOnDemandDeps) {
    super();
    this.bundle = separateBundle<typeof LanguageFeatureModule>(deps.bundlePath);
    deps.commands.register(
      this.onFirstUse(CommandIds.grammarTest, (f) => f.commands.testGrammar),
      this.onFirstUse(CommandIds.grammarRunTests, (f) => f.commands.runGrammarTests),
      this.onFirstUse(CommandIds.dialogShowFlow, (f) => f.commands.showDialogFlow),
      this.onFirstUse(CommandIds.dialogRevealOffset, (f) => f.commands.revealDialogOffset),
    );
    if (vscode.workspace.textDocuments.some((doc) => languageOf(doc))) {
      this.load();
      return;
    }
    const opened = this._register(
      vscode.workspace.onDidOpenTextDocument((doc) => {
        if (!languageOf(doc)) return;
        opened.dispose();
        this.load();
      }),
    );
    vscode.workspace.findFiles('**/*.{trsx,grxml,grxml-test}', '**/node_modules/**', 1).then(
      (found) => {
        if (found.length > 0 && !this.isDisposed) this.load();
      },
      (e: unknown) => deps.logger.warn('could not look for TRSX, GrXML or grammar test files', e),
    );
  }

  /** The language features, loaded and started now if they were not yet. */
  load(): LoadedLanguageFeatures {
    if (this.isDisposed) throw new Error('TRSX/GrXML language support was disposed (the extension is shutting down).');
    if (!this.loaded) {
      const { extensionPath, extensionUri, settings, logger, prompter } = this.deps;
      this.loaded = this._register(
        this.bundle().startLanguageFeatures({ extensionPath, extensionUri, settings, logger, prompter }),
      );
    }
    return this.loaded;
  }

  /** A command registered now whose body is the loaded feature's command of the same id. */
  private onFirstUse(id: Command['id'], pick: (f: LoadedLanguageFeatures) => Command): Command {
    return { id, execute: (...args: unknown[]) => pick(this.load()).execute(...args) };
  }
}
