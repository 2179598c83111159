// What activation keeps of the Utterances view (issue 19): the view, with no provider yet, and a shell for each
// command. The feature (dist/discoverFeature.js) loads when the view is first expanded or a command first runs.
import { commandIdsIn } from '../../host/commandIds';
import { ViewIds } from '../../host/contextValues';
import { FeatureWithView, type PlatformShellDeps } from '../../host/featureOnDemand';
import { separateBundle } from '../../host/separateBundle';
import type * as DiscoverModule from './discoverFeature';
import type { DiscoverFeature, DiscoverFeatureDeps } from './discoverFeature';
import type { UtteranceNode } from './utterancesView';

export const DISCOVER_COMMAND_IDS = commandIdsIn('discover');

export type DiscoverOnDemandDeps = PlatformShellDeps<DiscoverFeatureDeps, 'tree'>;

export class DiscoverOnDemand extends FeatureWithView<DiscoverFeature, UtteranceNode> {
  constructor({ bundlePath, commands, registry, ...deps }: DiscoverOnDemandDeps) {
    const bundle = separateBundle<typeof DiscoverModule>(bundlePath);
    super(
      { id: ViewIds.utterances, options: { canSelectMany: true, showCollapseAll: true } },
      {
        name: 'The Utterances view',
        commandIds: DISCOVER_COMMAND_IDS,
        commands,
        start: (sink, tree) => new (bundle().DiscoverFeature)({ ...deps, registry: registry(), commands: sink, tree }),
      },
    );
  }
}
