// Browse Package Zip…: opens any package zip read-only through the `cstudio-zip:` file system — a file picked
// from its entries opens straight from the archive, nothing is unpacked.
import * as vscode from 'vscode';
import { ZipArchive } from '../../../core/package/zipArchive';
import { CommandIds } from '../../../host/commandIds';
import type { Command } from '../../../host/commands';
import { answered } from '../../../host/prompter';
import type { SyncCommandDeps } from '../syncDeps';
import { zipUri } from '../syncUris';

export class BrowsePackageCommand implements Command {
  readonly id = CommandIds.syncBrowsePackage;
  constructor(private readonly deps: SyncCommandDeps) {}

  async execute(arg?: unknown): Promise<vscode.Uri> {
    const zip =
      arg instanceof vscode.Uri
        ? arg.fsPath
        : typeof (arg as { zip?: unknown } | undefined)?.zip === 'string'
          ? (arg as { zip: string }).zip
          : await answered(
              this.deps.prompter.openFile({ title: 'Browse Package Zip', filters: { 'Package zip': ['zip'] } }),
              'Browse Package Zip',
            );
    const archive = await ZipArchive.open(zip);
    let entries: { name: string; size: number }[];
    try {
      entries = archive.entries.map((e) => ({ name: e.name, size: e.size }));
    } finally {
      await archive.close();
    }
    const wanted = (arg as { entry?: unknown } | undefined)?.entry;
    const entry =
      typeof wanted === 'string'
        ? wanted
        : await answered(
            this.deps.prompter.pick(
              entries.map((e) => ({
                label: e.name,
                description: `${(e.size / 1024).toFixed(1)} KiB`,
                value: e.name,
              })),
              { title: `Browse ${zip}`, placeholder: 'Open which file (read-only)?' },
            ),
            'Browse Package Zip',
          );
    const uri = zipUri(zip, entry);
    await vscode.window.showTextDocument(uri, { preview: true });
    return uri;
  }
}
