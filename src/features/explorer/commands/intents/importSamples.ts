import { CommandIds } from '../../../../host/commandIds';
import type { JobOutcome } from '../../jobRunner';
import { resolveIntent } from '../../targets';
import { importForLocale } from '../localeImport';
import { ExplorerCommand } from '../explorerCommand';

const SAMPLE_FILES = ['.trsx', '.txt'];

/** Append or replace an intent's samples of one locale from a .trsx or .txt file (a job). */
abstract class ImportSamplesCommand extends ExplorerCommand {
  abstract override readonly id: typeof CommandIds.intentAppendSamples | typeof CommandIds.intentReplaceSamples;
  protected abstract readonly replace: boolean;

  async execute(arg?: unknown): Promise<JobOutcome | undefined> {
    const title = `${this.replace ? 'Replace' : 'Append'} Intent Samples`;
    const target = await resolveIntent(this.deps, arg, title);
    const name = target.intentName;
    return importForLocale(this.deps, target, {
      replace: this.replace, title, name, content: 'samples', kind: 'intent samples',
      extensions: SAMPLE_FILES, filterLabel: 'Samples (TRSX, one per line .txt)',
      replaceDetail: 'The existing samples of this intent in this locale are deleted first.',
      send: (locale, file, signal) => this.replace
        ? target.client.samples.replace(target.projectId, name, locale, file, { signal })
        : target.client.samples.append(target.projectId, name, locale, file, { signal }),
      afterwards: ['intents'],
    });
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
