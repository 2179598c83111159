// What activation keeps of the Try panel: a shell for each command. The feature (dist/tryFeature.js, with the
// runtime client and the in-process engine that explains) loads when one first runs.
import { CommandIds, type CommandId } from '../../host/commandIds';
import type { CommandRegistry } from '../../host/commands';
import { FeatureOnDemand } from '../../host/featureOnDemand';
import { separateBundle } from '../../host/separateBundle';
import type * as TryModule from './tryFeature';
import type { TryFeature, TryFeatureDeps } from './tryFeature';

export const TRY_COMMAND_IDS: readonly CommandId[] = [
  CommandIds.tryUtterance,
  CommandIds.tryAgain,
  CommandIds.tryAddSample,
  CommandIds.tryOpenSample,
  CommandIds.tryTestGrammar,
];

export interface TryOnDemandDeps extends Omit<TryFeatureDeps, 'commands'> {
  /** dist/tryFeature.js in the extension's folder. */
  readonly bundlePath: string;
  readonly commands: CommandRegistry;
}

export function tryOnDemand({ bundlePath, commands, ...deps }: TryOnDemandDeps): FeatureOnDemand<TryFeature> {
  const bundle = separateBundle<typeof TryModule>(bundlePath);
  return new FeatureOnDemand({
    name: 'The Try panel',
    commandIds: TRY_COMMAND_IDS,
    commands,
    start: (sink) => new (bundle().TryFeature)({ ...deps, commands: sink }),
  });
}
