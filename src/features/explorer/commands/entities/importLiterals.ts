import { basename } from 'node:path';
import { CommandIds } from '../../../../host/commandIds';
import type { Command } from '../../../../host/commands';
import { answered } from '../../../../host/prompter';
import type { ExplorerCommandDeps } from '../../commandDeps';
import { runJob, type JobOutcome } from '../../jobRunner';
import { pickLocale, resolveEntity } from '../../targets';
import { readImportFile } from '../importFile';

const LITERAL_FILES = ['.trsx', '.list', '.nmlist'];

/** Append or replace a list entity's literals of one locale from a .trsx, .list or .nmlist file (a job). */
abstract class ImportLiteralsCommand implements Command {
  abstract readonly id: typeof CommandIds.entityAppendLiterals | typeof CommandIds.entityReplaceLiterals;
  protected abstract readonly replace: boolean;
  constructor(private readonly deps: ExplorerCommandDeps) {}

  async execute(arg?: unknown): Promise<JobOutcome | undefined> {
    const verb = this.replace ? 'Replace' : 'Append';
    const title = `${verb} Entity Literals`;
    const target = await resolveEntity(this.deps, arg, title, (e) => e.kind === 'LIST');
    const name = target.entity.name;
    const path = await answered(this.deps.prompter.openFile({
      title: `${title}: "${name}"`, filters: { 'Literals (TRSX, .list, .nmlist)': ['trsx', 'list', 'nmlist'] },
    }), title);
    const file = await readImportFile(path, LITERAL_FILES, 'entity literals');
    const locale = await pickLocale(this.deps, target, `${title}: locale`);
    if (this.replace) {
      const ok = await this.deps.prompter.confirm(`Replace the ${locale} literals of "${name}" with ${basename(path)}?`, {
        detail: 'The existing literal/value pairs of this locale are deleted first.', action: 'Replace',
      });
      if (!ok) return undefined;
    }
    return runJob(this.deps, target, `${verb} ${locale} literals of "${name}" from ${file.fileName}`, (signal) => this.replace
      ? target.client.entities.replaceLiterals(target.projectId, name, locale, file, { signal })
      : target.client.entities.appendLiterals(target.projectId, name, locale, file, { signal }), ['entities']);
  }
}

export class AppendLiteralsCommand extends ImportLiteralsCommand {
  readonly id = CommandIds.entityAppendLiterals;
  protected readonly replace = false;
}

export class ReplaceLiteralsCommand extends ImportLiteralsCommand {
  readonly id = CommandIds.entityReplaceLiterals;
  protected readonly replace = true;
}
