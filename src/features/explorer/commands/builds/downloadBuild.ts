import { CommandIds } from '../../../../host/commandIds';
import type { Command } from '../../../../host/commands';
import type { ExplorerCommandDeps } from '../../commandDeps';
import { exportToFile, type ExportResult } from '../exportToFile';
import { resolveBuild } from './buildTarget';

/** Download Build…: the build's zip (its manifest and what it was built from), saved where the user says. */
export class DownloadBuildCommand implements Command {
  readonly id = CommandIds.buildDownload;
  constructor(private readonly deps: ExplorerCommandDeps) {}

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
