import { packageFileName } from '../../../../core/package/fileNames';
import { CommandIds } from '../../../../host/commandIds';
import { resolveProject } from '../../targets';
import { exportToFile, type ExportResult } from '../exportToFile';
import { ExplorerCommand } from '../explorerCommand';

/** Export Project Package…: the zip, saved as `<id>-<name>-<yyyy-mm-dd>-<hh-mm-ss>.zip` (GMT) unless renamed. */
export class ExportPackageCommand extends ExplorerCommand {
  readonly id = CommandIds.projectExportPackage;

  async execute(arg?: unknown): Promise<ExportResult> {
    const target = await resolveProject(this.deps, arg, 'Export Project Package');
    return exportToFile(this.deps, {
      title: `Export package of "${target.projectName}"`,
      defaultName: packageFileName(target.projectId, target.projectName, new Date()),
      filters: { 'Project package': ['zip'] },
      download: (signal) => target.client.projects.exportPackage(target.projectId, { signal }),
    });
  }
}
