import { basename } from 'node:path';
import { CommandIds } from '../../../../host/commandIds';
import type { Command } from '../../../../host/commands';
import { answered } from '../../../../host/prompter';
import type { ExplorerCommandDeps } from '../../commandDeps';
import { runJob, type JobOutcome } from '../../jobRunner';
import { pickLocale, resolveIntent } from '../../targets';
import { readImportFile } from '../importFile';

const SAMPLE_FILES = ['.trsx', '.txt'];

/** Append or replace an intent's samples of one locale from a .trsx or .txt file (a job). */
abstract class ImportSamplesCommand implements Command {
  abstract readonly id: typeof CommandIds.intentAppendSamples | typeof CommandIds.intentReplaceSamples;
  protected abstract readonly replace: boolean;
  constructor(private readonly deps: ExplorerCommandDeps) {}

  async execute(arg?: unknown): Promise<JobOutcome | undefined> {
    const verb = this.replace ? 'Replace' : 'Append';
    const title = `${verb} Intent Samples`;
    const target = await resolveIntent(this.deps, arg, title);
    const name = target.intentName;
    const path = await answered(this.deps.prompter.openFile({
      title: `${title}: "${name}"`, filters: { 'Samples (TRSX, one per line .txt)': ['trsx', 'txt'] },
    }), title);
    const file = await readImportFile(path, SAMPLE_FILES, 'intent samples');
    const locale = await pickLocale(this.deps, target, `${title}: locale`);
    if (this.replace) {
      const ok = await this.deps.prompter.confirm(`Replace the ${locale} samples of "${name}" with ${basename(path)}?`, {
        detail: 'The existing samples of this intent in this locale are deleted first.', action: 'Replace',
      });
      if (!ok) return undefined;
    }
    return runJob(this.deps, target, `${verb} ${locale} samples of "${name}" from ${file.fileName}`, (signal) => this.replace
      ? target.client.samples.replace(target.projectId, name, locale, file, { signal })
      : target.client.samples.append(target.projectId, name, locale, file, { signal }), ['intents']);
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
