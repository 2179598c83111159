// What activation keeps of the NLU tests: a shell for each command. The feature (dist/nluTestsFeature.js, with the
// engine and core/nlu/evaluation) loads when one first runs, or when the workspace holds a test set file, so the
// Test Explorer lists the sets.
import * as vscode from 'vscode';
import { commandIdsIn } from '../../host/commandIds';
import { FeatureOnDemand, type ShellDeps } from '../../host/featureOnDemand';
import type { Logger } from '../../core/logger';
import { separateBundle } from '../../host/separateBundle';
import type * as NluTestsModule from './nluTestsFeature';
import type { NluTestsFeature, NluTestsFeatureDeps } from './nluTestsFeature';

export const NLU_TESTS_COMMAND_IDS = commandIdsIn('nluTests');

export interface NluTestsOnDemandDeps extends ShellDeps<NluTestsFeatureDeps> {
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
