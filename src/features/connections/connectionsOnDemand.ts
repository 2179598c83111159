// What activation keeps of the connections feature: a shell for each of its commands. The registry and its
// commands (dist/connectionsFeature.js, with core/connections) load on the first of those commands, or when a
// feature that talks to a platform (the explorer, sync, event logs, the Utterances view) starts.
import { commandIdsIn } from '../../host/commandIds';
import { FeatureOnDemand, type ShellDeps } from '../../host/featureOnDemand';
import { separateBundle } from '../../host/separateBundle';
import type * as ConnectionsModule from './connectionsFeature';
import type { ConnectionsFeature, ConnectionsFeatureDeps } from './connectionsFeature';

export const CONNECTIONS_COMMAND_IDS = commandIdsIn('connection');

export type ConnectionsOnDemandDeps = ShellDeps<ConnectionsFeatureDeps>;

export function connectionsOnDemand({
  bundlePath,
  commands,
  ...deps
}: ConnectionsOnDemandDeps): FeatureOnDemand<ConnectionsFeature> {
  const bundle = separateBundle<typeof ConnectionsModule>(bundlePath);
  return new FeatureOnDemand({
    name: 'Connections',
    commandIds: CONNECTIONS_COMMAND_IDS,
    commands,
    start: (sink) => new (bundle().ConnectionsFeature)({ ...deps, commands: sink }),
  });
}
