// The Conversational Studio explorer: the tree view over every connection, and the commands that act on
// what it shows (projects, channels, entities, intents, jobs). Bundled apart (dist/explorerFeature.js) and started
// on first use: the view is created at activation with no provider (host/lazyTreeView.ts), and its first request
// for roots, or the first explorer command, loads this module (explorerOnDemand.ts). Each branch loads when expanded.
import * as vscode from 'vscode';
import type { ConnectionRegistry } from '../../core/connections/connectionRegistry';
import type { Logger } from '../../core/logger';
import type { CommandSink } from '../../host/commands';
import type { AttachableTreeView } from '../../host/lazyTreeView';
import { Disposable } from '../../host/lifecycle';
import type { Prompter } from '../../host/prompter';
import type { ExplorerCommandDeps } from './commandDeps';
import { ActivateChannelCommand } from './commands/channels/activateChannel';
import { ConfigureChannelCommand } from './commands/channels/configureChannel';
import { CreateChannelCommand } from './commands/channels/createChannel';
import { DeactivateChannelCommand } from './commands/channels/deactivateChannel';
import { RenameChannelCommand } from './commands/channels/renameChannel';
import { ChangeEntityTypeCommand } from './commands/entities/changeEntityType';
import { CreateEntityCommand } from './commands/entities/createEntity';
import { DeleteEntityCommand } from './commands/entities/deleteEntity';
import { ExportLiteralsCommand } from './commands/entities/exportLiterals';
import { AppendLiteralsCommand, ReplaceLiteralsCommand } from './commands/entities/importLiterals';
import { RenameEntityCommand } from './commands/entities/renameEntity';
import { UpdateEntitySettingsCommand } from './commands/entities/entitySettings';
import { ExportGrammarsCommand, ReplaceGrammarsCommand } from './commands/entities/grammars';
import { ExportOntologyCommand } from './commands/projects/exportOntology';
import { ShowAllApplicationsCommand, ShowEntityTypesCommand, ShowLocksCommand } from './commands/platformReports';
import { CreateIntentCommand } from './commands/intents/createIntent';
import { DeleteIntentCommand } from './commands/intents/deleteIntent';
import { ExportSamplesCommand } from './commands/intents/exportSamples';
import { AppendSamplesCommand, ReplaceSamplesCommand } from './commands/intents/importSamples';
import { RenameIntentCommand } from './commands/intents/renameIntent';
import { CopyClientIdCommand, CopyContextTagCommand, ShowIntegrationDetailsCommand } from './commands/bots/botCommands';
import { BuildProjectCommand } from './commands/builds/buildProject';
import { DeleteBuildCommand } from './commands/builds/deleteBuild';
import { DownloadBuildCommand } from './commands/builds/downloadBuild';
import { DeleteConfigCommand, OverrideConfigCommand, UpdateConfigCommand } from './commands/configs/changeConfig';
import { CreateConfigCommand } from './commands/configs/createConfig';
import { DeployConfigCommand, UndeployConfigCommand } from './commands/configs/deployConfig';
import { DownloadConfigCommand } from './commands/configs/downloadConfig';
import { EditGrammarBasePathCommand } from './commands/envConfigs/editGrammarBasePath';
import { DeleteJobCommand } from './commands/jobs/deleteJob';
import { WatchJobCommand } from './commands/jobs/watchJob';
import { LoadMoreCommand } from './commands/loadMore';
import { CreateProjectCommand } from './commands/projects/createProject';
import { DeleteProjectCommand } from './commands/projects/deleteProject';
import { ExportMetadataCommand } from './commands/projects/exportMetadata';
import { ExportPackageCommand } from './commands/projects/exportPackage';
import { LockProjectCommand } from './commands/projects/lockProject';
import { RenameProjectCommand } from './commands/projects/renameProject';
import { ReplaceProjectCommand } from './commands/projects/replaceProject';
import { UnlockProjectCommand } from './commands/projects/unlockProject';
import { RefreshCommand } from './commands/refresh';
import type { ExplorerNode } from './explorerNode';
import { ExplorerModel } from './explorerModel';
import { ExplorerIcons } from './icons';
import { reportDocuments } from './reportDocuments';
import { ExplorerTreeProvider } from './treeProvider';

export interface ExplorerFeatureDeps {
  readonly extensionUri: vscode.Uri;
  readonly registry: ConnectionRegistry;
  readonly prompter: Prompter;
  readonly commands: CommandSink;
  readonly logger: Logger;
  /** The view, created at activation; the feature attaches its provider. */
  readonly tree: AttachableTreeView<ExplorerNode>;
  /** Items per "Load more…" page. */
  readonly pageSize: () => number;
}

/** Handles the extension-host tests use to walk the tree as VS Code does. */
export interface ExplorerTestingApi {
  readonly model: ExplorerModel;
  readonly provider: vscode.TreeDataProvider<ExplorerNode>;
  readonly view: vscode.TreeView<ExplorerNode>;
}

export class ExplorerFeature extends Disposable {
  readonly testing: ExplorerTestingApi;

  constructor(deps: ExplorerFeatureDeps) {
    super();
    const model = this._register(
      new ExplorerModel({
        registry: deps.registry,
        logger: deps.logger,
        icons: new ExplorerIcons(deps.extensionUri),
        pageSize: deps.pageSize,
      }),
    );
    const provider = this._register(new ExplorerTreeProvider(model));
    this._register(deps.tree.attach(provider));
    this.testing = { model, provider, view: deps.tree.view };

    const c: ExplorerCommandDeps = { registry: deps.registry, model, prompter: deps.prompter, logger: deps.logger };
    deps.commands.register(
      new RefreshCommand(model),
      new LoadMoreCommand(),
      new CreateProjectCommand(c),
      new RenameProjectCommand(c),
      new DeleteProjectCommand(c),
      new LockProjectCommand(c),
      new UnlockProjectCommand(c),
      new ExportPackageCommand(c),
      new ExportMetadataCommand(c),
      new ReplaceProjectCommand(c),
      new CreateChannelCommand(c),
      new RenameChannelCommand(c),
      new ActivateChannelCommand(c),
      new DeactivateChannelCommand(c),
      new ConfigureChannelCommand(c),
      new CreateEntityCommand(c),
      new RenameEntityCommand(c),
      new ChangeEntityTypeCommand(c),
      new DeleteEntityCommand(c),
      new ExportLiteralsCommand(c),
      new AppendLiteralsCommand(c),
      new ReplaceLiteralsCommand(c),
      new CreateIntentCommand(c),
      new RenameIntentCommand(c),
      new DeleteIntentCommand(c),
      new ExportSamplesCommand(c),
      new AppendSamplesCommand(c),
      new ReplaceSamplesCommand(c),
      new WatchJobCommand(c),
      new DeleteJobCommand(c),
    );
    const r = { ...c, reports: this._register(reportDocuments()) };
    deps.commands.register(
      new BuildProjectCommand(r),
      new DownloadBuildCommand(c),
      new DeleteBuildCommand(c),
      new DeployConfigCommand(c),
      new UndeployConfigCommand(c),
      new CreateConfigCommand(c),
      new OverrideConfigCommand(c),
      new UpdateConfigCommand(c),
      new DeleteConfigCommand(c),
      new DownloadConfigCommand(c),
      new ShowIntegrationDetailsCommand(r),
      new CopyClientIdCommand(c),
      new CopyContextTagCommand(c),
      new EditGrammarBasePathCommand(c),
      new UpdateEntitySettingsCommand(c),
      new ExportGrammarsCommand(c),
      new ReplaceGrammarsCommand(c),
      new ExportOntologyCommand(c),
      new ShowLocksCommand(r),
      new ShowEntityTypesCommand(r),
      new ShowAllApplicationsCommand(r),
    );
  }
}
