// What activation keeps of the Try panel: a shell for each command. The feature (dist/tryFeature.js, with the
// runtime client and the in-process engine that explains) loads when one first runs.
import { commandIdsIn } from '../../host/commandIds';
import { FeatureOnDemand, type ShellDeps } from '../../host/featureOnDemand';
import { separateBundle } from '../../host/separateBundle';
import type * as TryModule from './tryFeature';
import type { TryFeature, TryFeatureDeps } from './tryFeature';

export const TRY_COMMAND_IDS = commandIdsIn('try');

export type TryOnDemandDeps = ShellDeps<TryFeatureDeps>;

export function tryOnDemand({ bundlePath, commands, ...deps }: TryOnDemandDeps): FeatureOnDemand<TryFeature> {
  const bundle = separateBundle<typeof TryModule>(bundlePath);
  return new FeatureOnDemand({
    name: 'The Try panel',
    commandIds: TRY_COMMAND_IDS,
    commands,
    start: (sink) => new (bundle().TryFeature)({ ...deps, commands: sink }),
  });
}
