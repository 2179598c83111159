import { grammarsFileName } from '../../../../core/package/fileNames';
import type { GrammarsReplaceResult } from '../../../../core/platform/nluTypes';
import { CommandIds } from '../../../../host/commandIds';
import { answered } from '../../../../host/prompter';
import { resolveEntity } from '../../targets';
import { exportToFile, type ExportResult } from '../exportToFile';
import { readImportFile } from '../importFile';
import { changeProject, ExplorerCommand } from '../explorerCommand';

// Grammar operations are restricted by role on the platform (professional services, Expert): other users get
// its 403, which names the roles allowed.

/** Export Grammars…: a rule-based entity's GrXML grammars, one folder per locale, as the platform zips them. */
export class ExportGrammarsCommand extends ExplorerCommand {
  readonly id = CommandIds.entityExportGrammars;

  async execute(arg?: unknown): Promise<ExportResult> {
    const target = await resolveEntity(this.deps, arg, 'Export Grammars', (e) => e.kind === 'RULE_BASED');
    const name = target.entity.name;
    return exportToFile(this.deps, {
      title: `Export grammars of "${name}"`,
      defaultName: grammarsFileName(target.projectId, name),
      filters: { 'Grammars zip': ['zip'] },
      download: (signal) => target.client.entities.exportGrammars(target.projectId, name, { signal }),
    });
  }
}

/** Replace Grammars…: a zip of `<locale>/<name>.grxml`; locales absent from it keep their grammar. */
export class ReplaceGrammarsCommand extends ExplorerCommand {
  readonly id = CommandIds.entityReplaceGrammars;

  async execute(arg?: unknown): Promise<GrammarsReplaceResult> {
    const target = await resolveEntity(this.deps, arg, 'Replace Grammars', (e) => e.kind === 'RULE_BASED');
    const name = target.entity.name;
    const path = await answered(
      this.deps.prompter.openFile({ title: `Replace the grammars of "${name}"`, filters: { 'Grammars zip': ['zip'] } }),
      'Replace Grammars',
    );
    const file = await readImportFile(path, ['.zip'], 'a grammars zip');
    return changeProject(this.deps, target, ['entities'], {
      progress: `Replacing the grammars of "${name}"`,
      call: (signal) => target.client.entities.replaceGrammars(target.projectId, name, file, { signal }),
      done: (result) =>
        `Replaced the grammars of "${name}"${result.replacedLocales.length > 0 ? ` for ${result.replacedLocales.join(', ')}` : ''}.`,
    });
  }
}
