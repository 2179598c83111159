// What activation keeps of the connections feature: a shell for each of its commands. The registry and its
// commands (dist/connectionsFeature.js, with core/connections) load on the first of those commands, or when a
// feature that talks to a platform (the explorer, sync, event logs, the Utterances view) starts.
import { CommandIds, type CommandId } from '../../host/commandIds';
import type { CommandRegistry } from '../../host/commands';
import { FeatureOnDemand } from '../../host/featureOnDemand';
import { separateBundle } from '../../host/separateBundle';
import type * as ConnectionsModule from './connectionsFeature';
import type { ConnectionsFeature, ConnectionsFeatureDeps } from './connectionsFeature';

const C = CommandIds;
export const CONNECTIONS_COMMAND_IDS: readonly CommandId[] = [
  C.connectionAdd,
  C.connectionEdit,
  C.connectionRemove,
  C.connectionSignIn,
  C.connectionSignOut,
  C.connectionTest,
];

export interface ConnectionsOnDemandDeps extends Omit<ConnectionsFeatureDeps, 'commands'> {
  /** dist/connectionsFeature.js in the extension's folder. */
  readonly bundlePath: string;
  readonly commands: CommandRegistry;
}

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
