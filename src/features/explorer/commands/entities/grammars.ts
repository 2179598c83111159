import { grammarsFileName } from '../../../../core/package/fileNames';
import type { GrammarsReplaceResult } from '../../../../core/platform/nluTypes';
import { CommandIds } from '../../../../host/commandIds';
import type { Command } from '../../../../host/commands';
import { answered } from '../../../../host/prompter';
import type { ExplorerCommandDeps } from '../../commandDeps';
import { refreshProject } from '../../refreshAfter';
import { resolveEntity } from '../../targets';
import { exportToFile, type ExportResult } from '../exportToFile';
import { readImportFile } from '../importFile';

// Grammar operations are restricted by role on the platform (professional services, Expert): other users get
// its 403, which names the roles allowed.

/** Export Grammars…: a rule-based entity's GrXML grammars, one folder per locale, as the platform zips them. */
export class ExportGrammarsCommand implements Command {
  readonly id = CommandIds.entityExportGrammars;
  constructor(private readonly deps: ExplorerCommandDeps) {}

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
export class ReplaceGrammarsCommand implements Command {
  readonly id = CommandIds.entityReplaceGrammars;
  constructor(private readonly deps: ExplorerCommandDeps) {}

  async execute(arg?: unknown): Promise<GrammarsReplaceResult> {
    const target = await resolveEntity(this.deps, arg, 'Replace Grammars', (e) => e.kind === 'RULE_BASED');
    const name = target.entity.name;
    const path = await answered(this.deps.prompter.openFile({ title: `Replace the grammars of "${name}"`, filters: { 'Grammars zip': ['zip'] } }), 'Replace Grammars');
    const file = await readImportFile(path, ['.zip'], 'a grammars zip');
    const result = await this.deps.prompter.withProgress({ title: `Replacing the grammars of "${name}"` }, (_p, signal) =>
      target.client.entities.replaceGrammars(target.projectId, name, file, { signal }));
    refreshProject(this.deps.model, target.connectionId, target.projectId, 'entities');
    void this.deps.prompter.info(`Replaced the grammars of "${name}"${result.replacedLocales.length > 0 ? ` for ${result.replacedLocales.join(', ')}` : ''}.`);
    return result;
  }
}
