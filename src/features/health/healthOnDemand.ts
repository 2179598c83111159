// What activation keeps of Model Health: a shell for each command. The feature (dist/healthFeature.js, with
// core/health) loads when one first runs.
import { commandIdsIn } from '../../host/commandIds';
import { FeatureOnDemand, type ShellDeps } from '../../host/featureOnDemand';
import { separateBundle } from '../../host/separateBundle';
import type * as HealthModule from './healthFeature';
import type { HealthFeature, HealthFeatureDeps } from './healthFeature';

export const HEALTH_COMMAND_IDS = commandIdsIn('health');

export type HealthOnDemandDeps = ShellDeps<HealthFeatureDeps>;

export function healthOnDemand({ bundlePath, commands, ...deps }: HealthOnDemandDeps): FeatureOnDemand<HealthFeature> {
  const bundle = separateBundle<typeof HealthModule>(bundlePath);
  return new FeatureOnDemand({
    name: 'Model Health',
    commandIds: HEALTH_COMMAND_IDS,
    commands,
    start: (sink) => new (bundle().HealthFeature)({ ...deps, commands: sink }),
  });
}
