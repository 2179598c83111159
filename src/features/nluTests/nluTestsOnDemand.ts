// What activation keeps of the NLU tests: a shell for each command. The feature (dist/nluTestsFeature.js, with the
// engine and core/nlu/evaluation) loads when one first runs, or when the workspace holds a test set file, so the
// Test Explorer lists the sets.
import * as vscode from 'vscode';
import { CommandIds, type CommandId } from '../../host/commandIds';
import type { CommandRegistry } from '../../host/commands';
import { FeatureOnDemand } from '../../host/featureOnDemand';
import type { Logger } from '../../core/logger';
import { separateBundle } from '../../host/separateBundle';
import type * as NluTestsModule from './nluTestsFeature';
import type { NluTestsFeature, NluTestsFeatureDeps } from './nluTestsFeature';

export const NLU_TESTS_COMMAND_IDS: readonly CommandId[] = [
  CommandIds.nluTestsShowEvaluation,
  CommandIds.nluTestsCrossValidate,
  CommandIds.nluTestsOpenLine,
  CommandIds.nluTestsShowPulling,
  CommandIds.nluTestsAddSample,
];

export interface NluTestsOnDemandDeps extends Omit<NluTestsFeatureDeps, 'commands'> {
  /** dist/nluTestsFeature.js in the extension's folder. */
  readonly bundlePath: string;
  readonly commands: CommandRegistry;
  readonly logger: Logger;
}

export function nluTestsOnDemand({
  bundlePath,
  commands,
  ...deps
}: NluTestsOnDemandDeps): FeatureOnDemand<NluTestsFeature> {
  const bundle = separateBundle<typeof NluTestsModule>(bundlePath);
  const feature = new FeatureOnDemand({
    name: 'NLU Tests',
    commandIds: NLU_TESTS_COMMAND_IDS,
    commands,
    start: (sink) => new (bundle().NluTestsFeature)({ ...deps, commands: sink }),
  });
  // The Test Explorer lists the sets only once the feature has made its controller: load it when there are any.
  vscode.workspace.findFiles(deps.settings().include, '**/node_modules/**', 1).then(
    (found) => {
      if (found.length > 0) feature.load();
    },
    (e: unknown) => deps.logger.warn('could not look for NLU test sets', e),
  );
  return feature;
}
