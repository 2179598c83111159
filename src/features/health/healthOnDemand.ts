// What activation keeps of Model Health: a shell for each command. The feature (dist/healthFeature.js, with
// core/health) loads when one first runs.
import { CommandIds, type CommandId } from '../../host/commandIds';
import type { CommandRegistry } from '../../host/commands';
import { FeatureOnDemand } from '../../host/featureOnDemand';
import { separateBundle } from '../../host/separateBundle';
import type * as HealthModule from './healthFeature';
import type { HealthFeature, HealthFeatureDeps } from './healthFeature';

export const HEALTH_COMMAND_IDS: readonly CommandId[] = [
  CommandIds.healthShow,
  CommandIds.healthOpenFinding,
  CommandIds.healthApplyFix,
  CommandIds.healthFixAll,
];

export interface HealthOnDemandDeps extends Omit<HealthFeatureDeps, 'commands'> {
  /** dist/healthFeature.js in the extension's folder. */
  readonly bundlePath: string;
  readonly commands: CommandRegistry;
}

export function healthOnDemand({ bundlePath, commands, ...deps }: HealthOnDemandDeps): FeatureOnDemand<HealthFeature> {
  const bundle = separateBundle<typeof HealthModule>(bundlePath);
  return new FeatureOnDemand({
    name: 'Model Health',
    commandIds: HEALTH_COMMAND_IDS,
    commands,
    start: (sink) => new (bundle().HealthFeature)({ ...deps, commands: sink }),
  });
}
