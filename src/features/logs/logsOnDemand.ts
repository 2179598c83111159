// What activation keeps of the event-logs feature: a shell for each command. The feature (dist/logsFeature.js,
// with core/logs) loads on the first of them; before any stream exists it has nothing to show.
import type { ConnectionRegistry } from '../../core/connections/connectionRegistry';
import { CommandIds, type CommandId } from '../../host/commandIds';
import type { CommandRegistry } from '../../host/commands';
import { FeatureOnDemand } from '../../host/featureOnDemand';
import { separateBundle } from '../../host/separateBundle';
import type * as LogsModule from './logsFeature';
import type { LogsFeature, LogsFeatureDeps } from './logsFeature';

const C = CommandIds;
export const LOGS_COMMAND_IDS: readonly CommandId[] = [
  C.logsStream,
  C.logsFilter,
  C.logsPause,
  C.logsResume,
  C.logsStop,
  C.logsActions,
  C.logsShowRecord,
  C.logsSave,
  C.logsPlayAudio,
  C.logsSaveAudio,
  C.logsSimulate,
];

export interface LogsOnDemandDeps extends Omit<LogsFeatureDeps, 'commands' | 'registry'> {
  /** The connections, loaded with their own feature when this one starts. */
  readonly registry: () => ConnectionRegistry;
  /** dist/logsFeature.js in the extension's folder. */
  readonly bundlePath: string;
  readonly commands: CommandRegistry;
}

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
