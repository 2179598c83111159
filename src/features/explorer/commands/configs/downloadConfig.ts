import * as vscode from 'vscode';
import { CommandIds } from '../../../../host/commandIds';
import { geographyDeployments } from '../../nodes/applicationNodes';
import { exportToFile, type ExportResult } from '../exportToFile';
import { resolveConfig } from './configTarget';
import { ExplorerCommand } from '../explorerCommand';

/**
 * Download Deployed Configuration…: the zip the runtime serves (app-config.json, the builds, the dialog
 * interface), saved where the user says, then opened read-only in the package browser (`cstudio-zip:`).
 */
export class DownloadConfigCommand extends ExplorerCommand {
  readonly id = CommandIds.appConfigDownload;

  async execute(arg?: unknown): Promise<ExportResult> {
    const target = await resolveConfig(this.deps, arg, 'Download Configuration');
    const { config } = target;
    if (!geographyDeployments(config).some((d) => d.status === 'DEPLOYED')) {
      throw new Error(
        `Configuration "${config.tag}" (${config.id}) is not deployed; only a deployed configuration can be downloaded. Deploy it first.`,
      );
    }
    const result = await exportToFile(this.deps, {
      title: `Download configuration "${config.tag}" (${config.id})`,
      defaultName: `app-config-${config.id}.zip`,
      filters: { 'Configuration archive': ['zip'] },
      download: (signal) => target.client.appConfigs.download(config.id, { signal }),
    });
    await vscode.commands.executeCommand(CommandIds.syncBrowsePackage, { zip: result.file, entry: 'app-config.json' });
    return result;
  }
}
