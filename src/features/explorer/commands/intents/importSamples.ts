import { CommandIds } from '../../../../host/commandIds';
import { resolveIntent, type ProjectTarget } from '../../targets';
import { LocaleImportCommand, type LocaleImport } from '../localeImport';

const SAMPLE_FILES = ['.trsx', '.txt'];

type IntentTarget = ProjectTarget & { intentName: string };

/** Append or replace an intent's samples of one locale from a .trsx or .txt file (a job). */
abstract class ImportSamplesCommand extends LocaleImportCommand<IntentTarget> {
  protected readonly what = 'Intent Samples';

  protected resolve(arg: unknown, title: string): Promise<IntentTarget> {
    return resolveIntent(this.deps, arg, title);
  }

  protected spec(target: IntentTarget): Omit<LocaleImport, 'replace' | 'title'> {
    const name = target.intentName;
    return {
      name,
      content: 'samples',
      kind: 'intent samples',
      extensions: SAMPLE_FILES,
      filterLabel: 'Samples (TRSX, one per line .txt)',
      replaceDetail: 'The existing samples of this intent in this locale are deleted first.',
      send: (locale, file, signal) =>
        this.replace
          ? target.client.samples.replace(target.projectId, name, locale, file, { signal })
          : target.client.samples.append(target.projectId, name, locale, file, { signal }),
      afterwards: ['intents'],
    };
  }
}

export class AppendSamplesCommand extends ImportSamplesCommand {
  readonly id = CommandIds.intentAppendSamples;
  protected readonly replace = false;
}

export class ReplaceSamplesCommand extends ImportSamplesCommand {
  readonly id = CommandIds.intentReplaceSamples;
  protected readonly replace = true;
}
