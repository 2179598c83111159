// Compare Packages…: two package zips, a zip and a folder, or the platform's export and a pulled folder. The
// files that differ are listed in the Package Comparison view, each opening a side-by-side diff (zip sides
// through the read-only `cstudio-zip:` file system), with the semantic report under each TRSX file.
import * as vscode from 'vscode';
import { stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { PlatformClient } from '../../../core/platform/client';
import type { Progress } from '../../../core/progress';
import { comparePackagePaths, compareRemoteWithWorkspace } from '../../../core/sync/packageComparison';
import { CommandIds } from '../../../host/commandIds';
import { argObject, type Command } from '../../../host/commands';
import { answered } from '../../../host/prompter';
import type { ComparisonReport } from '../comparisonView';
import type { SyncCommandDeps } from '../syncDeps';
import { clientForRoot, resolveRoot } from '../syncTargets';
import { emptyUri, zipUri } from '../syncUris';

type Kind = 'zips' | 'zipFolder' | 'remote';

export class ComparePackagesCommand implements Command {
  readonly id = CommandIds.syncComparePackages;
  constructor(private readonly deps: SyncCommandDeps) {}

  async execute(arg?: unknown): Promise<ComparisonReport> {
    const a = argObject<'before' | 'after' | 'remote'>(arg);
    if (typeof a.before === 'string' && typeof a.after === 'string') return this.paths(a.before, a.after);
    if (a.remote !== undefined) return this.remote(a.remote);
    const kind = await answered(
      this.deps.prompter.pick<Kind>(
        [
          { label: 'Two Package Zips', value: 'zips' },
          { label: 'A Package Zip and a Folder', value: 'zipFolder' },
          { label: "The Platform's Export and a Pulled Folder", value: 'remote' },
        ],
        { title: 'Compare Packages', placeholder: 'What should be compared?' },
      ),
      'Compare Packages',
    );
    if (kind === 'remote') return this.remote(undefined);
    const before = await answered(
      this.deps.prompter.openFile({
        title: 'Compare Packages: the first package zip',
        filters: { 'Package zip': ['zip'] },
      }),
      'Compare Packages',
    );
    const after =
      kind === 'zips'
        ? await answered(
            this.deps.prompter.openFile({
              title: 'Compare Packages: the second package zip',
              filters: { 'Package zip': ['zip'] },
            }),
            'Compare Packages',
          )
        : await this.pickFolder();
    return this.paths(before, after);
  }

  private async paths(before: string, after: string): Promise<ComparisonReport> {
    const report = await this.deps.prompter.withProgress({ title: 'Comparing packages' }, (progress, signal) =>
      this.pathsReport(before, after, progress, signal),
    );
    await this.deps.comparison.show(report);
    return report;
  }

  /** Two zips, or a zip and a folder; a pulled folder's report is computed again when its files change. */
  private async pathsReport(
    before: string,
    after: string,
    progress: Progress | undefined,
    signal: AbortSignal,
  ): Promise<ComparisonReport> {
    const comparison = await comparePackagePaths(before, after, { progress, signal });
    // A folder side opens its files; a zip side opens entries through the read-only cstudio-zip: file system.
    const side = async (path: string): Promise<(p: string) => vscode.Uri> =>
      (await stat(path)).isDirectory() ? (p) => vscode.Uri.file(join(path, ...p.split('/'))) : (p) => zipUri(path, p);
    const left = await side(before);
    const right = await side(after);
    const pulled = this.deps.model.get(after);
    return {
      title: `${basename(before)} ↔ ${basename(after)}`,
      comparison,
      before: (p) => (comparison.files.find((f) => f.path === p)?.change === 'added' ? emptyUri(p) : left(p)),
      after: (p) => (comparison.files.find((f) => f.path === p)?.change === 'removed' ? emptyUri(p) : right(p)),
      source: pulled
        ? {
            root: after,
            follows: 'folder',
            pulledAt: pulled.status?.state.pulledAt,
            recompute: (s) => this.pathsReport(before, after, undefined, s),
          }
        : undefined,
    };
  }

  private async remote(arg: unknown): Promise<ComparisonReport> {
    const root = await resolveRoot(this.deps, arg, 'Compare with the Platform');
    const { client, state } = await clientForRoot(this.deps, root);
    const report = await this.deps.prompter.withProgress(
      { title: `Exporting ${state.projectName ?? state.projectId}` },
      (progress, signal) => this.remoteReport(client, root, progress, signal),
    );
    await this.deps.comparison.show(report);
    return report;
  }

  /** The platform's export against the folder; exported again when the folder's base changes (a pull or a push). */
  private async remoteReport(
    client: PlatformClient,
    root: string,
    progress: Progress | undefined,
    signal: AbortSignal,
  ): Promise<ComparisonReport> {
    const comparison = await compareRemoteWithWorkspace(client, root, { progress, signal });
    await this.deps.zipFs.invalidate(comparison.remoteZip);
    const pulledAt = this.deps.model.get(root)?.status?.state.pulledAt;
    return {
      title: `platform ↔ ${basename(root)}`,
      comparison,
      before: (p) =>
        comparison.files.find((f) => f.path === p)?.change === 'added' ? emptyUri(p) : zipUri(comparison.remoteZip, p),
      after: (p) =>
        comparison.files.find((f) => f.path === p)?.change === 'removed'
          ? emptyUri(p)
          : vscode.Uri.file(join(root, ...p.split('/'))),
      source: { root, follows: 'base', pulledAt, recompute: (s) => this.remoteReport(client, root, undefined, s) },
    };
  }

  /** A folder: a pulled project folder, or one of the window's folders. */
  private async pickFolder(): Promise<string> {
    const folders = [
      ...this.deps.model.list().map((r) => ({
        label: r.status?.state.projectName ?? basename(r.root),
        description: vscode.workspace.asRelativePath(r.root),
        value: r.root,
      })),
      ...(vscode.workspace.workspaceFolders ?? [])
        .filter((f) => f.uri.scheme === 'file')
        .map((f) => ({ label: f.name, description: f.uri.fsPath, value: f.uri.fsPath })),
    ];
    if (folders.length === 0) throw new Error('Open a folder (or pull a project) to compare a package with.');
    return answered(
      this.deps.prompter.pick(folders, { title: 'Compare Packages: the folder', placeholder: 'Package folder' }),
      'Compare Packages',
    );
  }
}
