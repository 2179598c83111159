import { metadataFileName } from '../../../../core/package/fileNames';
import { path } from '../../../../core/platform/paths';
import { CommandIds } from '../../../../host/commandIds';
import { resolveProject } from '../../targets';
import { exportToFile, type ExportResult } from '../exportToFile';
import { ExplorerCommand } from '../explorerCommand';

/** Export Project Metadata…: metadata.json as the platform sends it, saved as `<id>-<name>-metadata-<date>-<time>.json`. */
export class ExportMetadataCommand extends ExplorerCommand {
  readonly id = CommandIds.projectExportMetadata;

  async execute(arg?: unknown): Promise<ExportResult> {
    const target = await resolveProject(this.deps, arg, 'Export Project Metadata');
    return exportToFile(this.deps, {
      title: `Export metadata of "${target.projectName}"`,
      defaultName: metadataFileName(target.projectId, target.projectName, new Date()),
      filters: { 'Project metadata': ['json'] },
      // The raw bytes, not a re-serialised object: the file is exactly what the platform exported.
      download: (signal) =>
        target.client.download({
          method: 'GET',
          path: path`/v4/projects/${target.projectId}/metadata/.export`,
          resource: `project ${target.projectId}`,
          signal,
        }),
    });
  }
}
