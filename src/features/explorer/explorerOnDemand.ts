// What activation keeps of the explorer: the view (with no provider yet) and a shell for each of its commands.
// The feature itself (dist/explorerFeature.js: its tree nodes, models and commands in one bundle, so the commands'
// `instanceof` checks on nodes hold) loads when the view first asks for its roots or a command first runs.
import type * as vscode from 'vscode';
import type { ConnectionRegistry } from '../../core/connections/connectionRegistry';
import { CommandIds, type CommandId } from '../../host/commandIds';
import type { CommandRegistry } from '../../host/commands';
import { ViewIds } from '../../host/contextValues';
import { FeatureOnDemand } from '../../host/featureOnDemand';
import { lazyTreeView } from '../../host/lazyTreeView';
import { Disposable } from '../../host/lifecycle';
import { separateBundle } from '../../host/separateBundle';
import type * as ExplorerModule from './explorerFeature';
import type { ExplorerFeature, ExplorerFeatureDeps } from './explorerFeature';
import type { ExplorerNode } from './explorerNode';

const C = CommandIds;
export const EXPLORER_COMMAND_IDS: readonly CommandId[] = [
  C.explorerRefresh,
  C.explorerLoadMore,
  C.projectCreate,
  C.projectRename,
  C.projectDelete,
  C.projectLock,
  C.projectUnlock,
  C.projectExportPackage,
  C.projectExportMetadata,
  C.projectReplace,
  C.projectExportOntology,
  C.projectBuild,
  C.channelCreate,
  C.channelRename,
  C.channelActivate,
  C.channelDeactivate,
  C.channelConfigure,
  C.entityCreate,
  C.entityRename,
  C.entityChangeType,
  C.entityDelete,
  C.entityExportLiterals,
  C.entityAppendLiterals,
  C.entityReplaceLiterals,
  C.entityUpdateSettings,
  C.entityExportGrammars,
  C.entityReplaceGrammars,
  C.intentCreate,
  C.intentRename,
  C.intentDelete,
  C.intentExportSamples,
  C.intentAppendSamples,
  C.intentReplaceSamples,
  C.jobWatch,
  C.jobDelete,
  C.buildDownload,
  C.buildDelete,
  C.appConfigDeploy,
  C.appConfigUndeploy,
  C.appConfigCreate,
  C.appConfigOverride,
  C.appConfigUpdate,
  C.appConfigDelete,
  C.appConfigDownload,
  C.botShowIntegration,
  C.botCopyClientId,
  C.botCopyContextTag,
  C.envConfigEdit,
  C.locksShow,
  C.entityTypesShow,
  C.applicationsShowAll,
];

export interface ExplorerOnDemandDeps extends Omit<ExplorerFeatureDeps, 'commands' | 'tree' | 'registry'> {
  /** The connections, loaded with their own feature when the explorer starts. */
  readonly registry: () => ConnectionRegistry;
  /** dist/explorerFeature.js in the extension's folder. */
  readonly bundlePath: string;
  readonly commands: CommandRegistry;
}

export class ExplorerOnDemand extends Disposable {
  readonly feature: FeatureOnDemand<ExplorerFeature>;
  readonly view: vscode.TreeView<ExplorerNode>;

  constructor({ bundlePath, commands, registry, ...deps }: ExplorerOnDemandDeps) {
    super();
    const bundle = separateBundle<typeof ExplorerModule>(bundlePath);
    const tree = this._register(
      lazyTreeView<ExplorerNode>(ViewIds.explorer, { showCollapseAll: true }, () => this.feature.load()),
    );
    this.view = tree.view;
    this.feature = this._register(
      new FeatureOnDemand({
        name: 'The Conversational Studio explorer',
        commandIds: EXPLORER_COMMAND_IDS,
        commands,
        start: (sink) => new (bundle().ExplorerFeature)({ ...deps, registry: registry(), commands: sink, tree }),
      }),
    );
  }
}
