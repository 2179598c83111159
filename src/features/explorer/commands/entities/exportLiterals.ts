import { entityLiteralsFileName } from '../../../../core/package/fileNames';
import { CommandIds } from '../../../../host/commandIds';
import { resolveEntity } from '../../targets';
import { exportToFile, type ExportResult } from '../exportToFile';
import { ExplorerCommand } from '../explorerCommand';

/** Export Entity Literals…: a zip with one `<locale>.trsx` per locale, named the way the platform names it. */
export class ExportLiteralsCommand extends ExplorerCommand {
  readonly id = CommandIds.entityExportLiterals;

  async execute(arg?: unknown): Promise<ExportResult> {
    const target = await resolveEntity(this.deps, arg, 'Export Entity Literals', (e) => e.kind === 'LIST');
    const name = target.entity.name;
    return exportToFile(this.deps, {
      title: `Export literals of "${name}"`,
      defaultName: entityLiteralsFileName(target.projectId, target.projectName, name, new Date()),
      filters: { 'Entity literals': ['zip'] },
      download: (signal) => target.client.entities.exportLiterals(target.projectId, name, { signal }),
    });
  }
}
