import { CommandIds } from '../../../../host/commandIds';
import { exportToFile, type ExportResult } from '../exportToFile';
import { resolveBuild } from './buildTarget';
import { ExplorerCommand } from '../explorerCommand';

/** Download Build…: the build's zip (its manifest and what it was built from), saved where the user says. */
export class DownloadBuildCommand extends ExplorerCommand {
  readonly id = CommandIds.buildDownload;

  async execute(arg?: unknown): Promise<ExportResult> {
    const target = await resolveBuild(this.deps, arg, 'Download Build');
    const label = target.build.buildLabel;
    return exportToFile(this.deps, {
      title: `Download build ${label}`,
      defaultName: `${label}.zip`,
      filters: { 'Build archive': ['zip'] },
      download: (signal) => target.client.builds.download(label, { signal }),
    });
  }
}
