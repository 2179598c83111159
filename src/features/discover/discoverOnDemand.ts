// What activation keeps of the Utterances view (issue 19): the view, with no provider yet, and a shell for each
// command. The feature (dist/discoverFeature.js) loads when the view is first expanded or a command first runs.
import type * as vscode from 'vscode';
import type { ConnectionRegistry } from '../../core/connections/connectionRegistry';
import { CommandIds, type CommandId } from '../../host/commandIds';
import type { CommandRegistry } from '../../host/commands';
import { ViewIds } from '../../host/contextValues';
import { FeatureOnDemand } from '../../host/featureOnDemand';
import { lazyTreeView } from '../../host/lazyTreeView';
import { Disposable } from '../../host/lifecycle';
import { separateBundle } from '../../host/separateBundle';
import type * as DiscoverModule from './discoverFeature';
import type { DiscoverFeature, DiscoverFeatureDeps } from './discoverFeature';
import type { UtteranceNode } from './utterancesView';

const C = CommandIds;
export const DISCOVER_COMMAND_IDS: readonly CommandId[] = [
  C.discoverOpen,
  C.discoverShowMore,
  C.discoverFilter,
  C.discoverAdd,
  C.discoverAddAs,
  C.discoverIgnore,
  C.discoverResetIgnored,
  C.discoverPlay,
  C.discoverStop,
];

export interface DiscoverOnDemandDeps extends Omit<DiscoverFeatureDeps, 'commands' | 'tree' | 'registry'> {
  /** The connections, loaded with their own feature when this one starts. */
  readonly registry: () => ConnectionRegistry;
  /** dist/discoverFeature.js in the extension's folder. */
  readonly bundlePath: string;
  readonly commands: CommandRegistry;
}

export class DiscoverOnDemand extends Disposable {
  readonly feature: FeatureOnDemand<DiscoverFeature>;
  readonly view: vscode.TreeView<UtteranceNode>;

  constructor({ bundlePath, commands, registry, ...deps }: DiscoverOnDemandDeps) {
    super();
    const bundle = separateBundle<typeof DiscoverModule>(bundlePath);
    const tree = this._register(
      lazyTreeView<UtteranceNode>(ViewIds.utterances, { canSelectMany: true, showCollapseAll: true }, () =>
        this.feature.load(),
      ),
    );
    this.view = tree.view;
    this.feature = this._register(
      new FeatureOnDemand({
        name: 'The Utterances view',
        commandIds: DISCOVER_COMMAND_IDS,
        commands,
        start: (sink) => new (bundle().DiscoverFeature)({ ...deps, registry: registry(), commands: sink, tree }),
      }),
    );
  }
}
