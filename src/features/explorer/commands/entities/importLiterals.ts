import type { Entity } from '../../../../core/platform/nluTypes';
import { CommandIds } from '../../../../host/commandIds';
import { resolveEntity, type ProjectTarget } from '../../targets';
import { LocaleImportCommand, type LocaleImport } from '../localeImport';

const LITERAL_FILES = ['.trsx', '.list', '.nmlist'];

type EntityTarget = ProjectTarget & { entity: Entity };

/** Append or replace a list entity's literals of one locale from a .trsx, .list or .nmlist file (a job). */
abstract class ImportLiteralsCommand extends LocaleImportCommand<EntityTarget> {
  protected readonly what = 'Entity Literals';

  protected resolve(arg: unknown, title: string): Promise<EntityTarget> {
    return resolveEntity(this.deps, arg, title, (e) => e.kind === 'LIST');
  }

  protected spec(target: EntityTarget): Omit<LocaleImport, 'replace' | 'title'> {
    const name = target.entity.name;
    return {
      name,
      content: 'literals',
      kind: 'entity literals',
      extensions: LITERAL_FILES,
      filterLabel: 'Literals (TRSX, .list, .nmlist)',
      replaceDetail: 'The existing literal/value pairs of this locale are deleted first.',
      send: (locale, file, signal) =>
        this.replace
          ? target.client.entities.replaceLiterals(target.projectId, name, locale, file, { signal })
          : target.client.entities.appendLiterals(target.projectId, name, locale, file, { signal }),
      afterwards: ['entities'],
    };
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
