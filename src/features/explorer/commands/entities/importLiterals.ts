import { CommandIds } from '../../../../host/commandIds';
import type { JobOutcome } from '../../jobRunner';
import { resolveEntity } from '../../targets';
import { importForLocale } from '../localeImport';
import { ExplorerCommand } from '../explorerCommand';

const LITERAL_FILES = ['.trsx', '.list', '.nmlist'];

/** Append or replace a list entity's literals of one locale from a .trsx, .list or .nmlist file (a job). */
abstract class ImportLiteralsCommand extends ExplorerCommand {
  abstract override readonly id: typeof CommandIds.entityAppendLiterals | typeof CommandIds.entityReplaceLiterals;
  protected abstract readonly replace: boolean;

  async execute(arg?: unknown): Promise<JobOutcome | undefined> {
    const title = `${this.replace ? 'Replace' : 'Append'} Entity Literals`;
    const target = await resolveEntity(this.deps, arg, title, (e) => e.kind === 'LIST');
    const name = target.entity.name;
    return importForLocale(this.deps, target, {
      replace: this.replace, title, name, content: 'literals', kind: 'entity literals',
      extensions: LITERAL_FILES, filterLabel: 'Literals (TRSX, .list, .nmlist)',
      replaceDetail: 'The existing literal/value pairs of this locale are deleted first.',
      send: (locale, file, signal) => this.replace
        ? target.client.entities.replaceLiterals(target.projectId, name, locale, file, { signal })
        : target.client.entities.appendLiterals(target.projectId, name, locale, file, { signal }),
      afterwards: ['entities'],
    });
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
