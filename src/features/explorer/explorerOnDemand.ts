// What activation keeps of the explorer: the view (with no provider yet) and a shell for each of its commands.
// The feature itself (dist/explorerFeature.js: its tree nodes, models and commands in one bundle, so the commands'
// `instanceof` checks on nodes hold) loads when the view first asks for its roots or a command first runs.
import { commandIdsIn } from '../../host/commandIds';
import { ViewIds } from '../../host/contextValues';
import { FeatureWithView, type PlatformShellDeps } from '../../host/featureOnDemand';
import { separateBundle } from '../../host/separateBundle';
import type * as ExplorerModule from './explorerFeature';
import type { ExplorerFeature, ExplorerFeatureDeps } from './explorerFeature';
import type { ExplorerNode } from './explorerNode';

export const EXPLORER_COMMAND_IDS = commandIdsIn(
  'node',
  'project',
  'channel',
  'entity',
  'intent',
  'job',
  'build',
  'appConfig',
  'bot',
  'envConfig',
  'locks',
  'entityTypes',
  'applications',
);

export type ExplorerOnDemandDeps = PlatformShellDeps<ExplorerFeatureDeps, 'tree'>;

export class ExplorerOnDemand extends FeatureWithView<ExplorerFeature, ExplorerNode> {
  constructor({ bundlePath, commands, registry, ...deps }: ExplorerOnDemandDeps) {
    const bundle = separateBundle<typeof ExplorerModule>(bundlePath);
    super(
      { id: ViewIds.explorer, options: { showCollapseAll: true } },
      {
        name: 'The Conversational Studio explorer',
        commandIds: EXPLORER_COMMAND_IDS,
        commands,
        start: (sink, tree) => new (bundle().ExplorerFeature)({ ...deps, registry: registry(), commands: sink, tree }),
      },
    );
  }
}
