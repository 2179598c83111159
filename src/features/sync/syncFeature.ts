// The sync feature: pulled project folders in the Source Control view and the status bar, diffs against the
// base and the platform, the Package Comparison view, the read-only `cstudio-zip:` file system, and the
// Pull / Status / Push / Restore Backup / Compare Packages commands. Thin glue over src/core/sync.
import * as vscode from 'vscode';
import type { ConnectionRegistry } from '../../core/connections/connectionRegistry';
import type { Logger } from '../../core/logger';
import type { CommandSink } from '../../host/commands';
import { ContextKeys } from '../../host/contextValues';
import { Disposable } from '../../host/lifecycle';
import type { Prompter } from '../../host/prompter';
import { BrowsePackageCommand } from './commands/browsePackage';
import { ComparePackagesCommand } from './commands/comparePackages';
import { OpenBaseDiffCommand, OpenComparisonDiffCommand, OpenRemoteDiffCommand } from './commands/openDiffs';
import { PullCommand } from './commands/pull';
import { PushCommand } from './commands/push';
import { RestoreBackupCommand } from './commands/restoreBackup';
import { ShowChangesCommand } from './commands/showChanges';
import { StatusCommand } from './commands/status';
import { ComparisonView } from './comparisonView';
import { SyncScmView } from './scmView';
import { SyncStatusBar } from './statusBar';
import type { SyncCommandDeps } from './syncDeps';
import { BaseContentProvider, syncDocuments } from './syncDocuments';
import { SyncModel } from './syncModel';
import { BASE_SCHEME, ZIP_SCHEME } from './documentIds';
import { ZipFileSystem } from './zipFileSystem';

export interface SyncFeatureDeps {
  readonly registry: ConnectionRegistry;
  readonly prompter: Prompter;
  readonly commands: CommandSink;
  readonly logger: Logger;
}

/** Handles for the extension-host tests. */
export interface SyncTestingApi {
  readonly model: SyncModel;
  readonly comparison: ComparisonView;
  scmResources(root: string): { conflicts: string[]; local: string[]; remote: string[] };
  statusBarText(): string;
}

export class SyncFeature extends Disposable {
  readonly testing: SyncTestingApi;
  /** Whether the window has a pulled project folder, and when that may have changed (the walkthrough's pull step). */
  readonly pulledProject: { holds(): boolean; readonly onDidChange: vscode.Event<unknown> };

  constructor(deps: SyncFeatureDeps) {
    super();
    const model = this._register(new SyncModel(deps.logger));
    const zipFs = this._register(new ZipFileSystem());
    this._register(
      vscode.workspace.registerFileSystemProvider(ZIP_SCHEME, zipFs, { isReadonly: true, isCaseSensitive: true }),
    );
    const base = this._register(new BaseContentProvider());
    this._register(vscode.workspace.registerTextDocumentContentProvider(BASE_SCHEME, base));
    const documents = this._register(syncDocuments());
    const comparison = this._register(new ComparisonView(model, deps.logger));
    const scm = this._register(new SyncScmView(model));
    const statusBar = this._register(new SyncStatusBar(model));
    this._register(
      model.onDidChange(() => {
        void vscode.commands.executeCommand('setContext', ContextKeys.syncHasWorkspace, model.list().length > 0);
      }),
    );
    this.pulledProject = { holds: () => model.list().length > 0, onDidChange: model.onDidChange };

    const commandDeps: SyncCommandDeps = {
      registry: deps.registry,
      prompter: deps.prompter,
      model,
      comparison,
      zipFs,
      base,
      documents,
      logger: deps.logger,
    };
    deps.commands.register(
      new PullCommand(commandDeps),
      new StatusCommand(commandDeps),
      new PushCommand(commandDeps),
      new RestoreBackupCommand(commandDeps),
      new ComparePackagesCommand(commandDeps),
      new ShowChangesCommand(commandDeps),
      new OpenBaseDiffCommand(),
      new OpenRemoteDiffCommand(commandDeps),
      new OpenComparisonDiffCommand(commandDeps),
      new BrowsePackageCommand(commandDeps),
    );
    // Finding pulled folders reads a few directories; it runs after activation, never during it.
    setTimeout(() => {
      void model.rescan();
    }, 0);
    this.testing = {
      model,
      comparison,
      scmResources: (root) => scm.resources(root),
      statusBarText: () => statusBar.text,
    };
  }
}
