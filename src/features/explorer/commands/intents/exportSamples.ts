import { intentSamplesFileName } from '../../../../core/package/fileNames';
import { CommandIds } from '../../../../host/commandIds';
import { resolveIntent } from '../../targets';
import { exportToFile, type ExportResult } from '../exportToFile';
import { ExplorerCommand } from '../explorerCommand';

/** Export Intent Samples…: a zip with one `<locale>.trsx` per locale, named the way the platform names it. */
export class ExportSamplesCommand extends ExplorerCommand {
  readonly id = CommandIds.intentExportSamples;

  async execute(arg?: unknown): Promise<ExportResult> {
    const target = await resolveIntent(this.deps, arg, 'Export Intent Samples');
    const name = target.intentName;
    return exportToFile(this.deps, {
      title: `Export samples of "${name}"`,
      defaultName: intentSamplesFileName(target.projectId, target.projectName, name, new Date()),
      filters: { 'Intent samples': ['zip'] },
      download: (signal) => target.client.samples.export(target.projectId, name, { signal }),
    });
  }
}
