// What activation keeps of the event-logs feature: a shell for each command. The feature (dist/logsFeature.js,
// with core/logs) loads on the first of them; before any stream exists it has nothing to show.
import { commandIdsIn } from '../../host/commandIds';
import { FeatureOnDemand, type PlatformShellDeps } from '../../host/featureOnDemand';
import { separateBundle } from '../../host/separateBundle';
import type * as LogsModule from './logsFeature';
import type { LogsFeature, LogsFeatureDeps } from './logsFeature';

export const LOGS_COMMAND_IDS = commandIdsIn('logs');

export type LogsOnDemandDeps = PlatformShellDeps<LogsFeatureDeps>;

export function logsOnDemand({
  bundlePath,
  commands,
  registry,
  ...deps
}: LogsOnDemandDeps): FeatureOnDemand<LogsFeature> {
  const bundle = separateBundle<typeof LogsModule>(bundlePath);
  return new FeatureOnDemand({
    name: 'Event logs',
    commandIds: LOGS_COMMAND_IDS,
    commands,
    start: (sink) => new (bundle().LogsFeature)({ ...deps, registry: registry(), commands: sink }),
  });
}
