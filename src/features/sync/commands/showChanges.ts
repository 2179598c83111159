// Show Changes: the semantic report of a pulled folder against its base (what a push would carry), in the
// Package Comparison view; each file opens the diff of its base copy against the working file.
import * as vscode from 'vscode';
import { basename, join } from 'node:path';
import type { Progress } from '../../../core/progress';
import { comparePackages } from '../../../core/sync/compare';
import { FolderFiles } from '../../../core/sync/packageFiles';
import { requireWorkspaceState } from '../../../core/sync/workspace';
import { WorkspacePaths } from '../../../core/workspace/workspacePaths';
import { CommandIds } from '../../../host/commandIds';
import type { Command } from '../../../host/commands';
import type { ComparisonReport } from '../comparisonView';
import type { SyncCommandDeps } from '../syncDeps';
import { resolveRoot } from '../syncTargets';
import { baseUri, emptyUri } from '../syncUris';

export class ShowChangesCommand implements Command {
  readonly id = CommandIds.syncShowChanges;
  constructor(private readonly deps: SyncCommandDeps) {}

  async execute(arg?: unknown): Promise<ComparisonReport> {
    const root = await resolveRoot(this.deps, arg, 'Show Changes');
    const report = await this.deps.prompter.withProgress({ title: 'Comparing with the base' }, (progress, signal) =>
      changesReport(root, progress, signal),
    );
    await this.deps.comparison.show(report);
    return report;
  }
}

/** The folder against its base; computed again (quietly) whenever the folder's status changes. */
async function changesReport(
  root: string,
  progress: Progress | undefined,
  signal: AbortSignal,
): Promise<ComparisonReport> {
  const paths = new WorkspacePaths(root);
  const state = await requireWorkspaceState(paths);
  const comparison = await comparePackages(
    new FolderFiles(paths.baseDir, 'base'),
    new FolderFiles(root, basename(root)),
    { beforeRecords: state.base, progress, signal },
  );
  const files = comparison.files.filter((f) => f.change !== 'reformatted');
  const working = (p: string): string => join(root, ...p.split('/'));
  return {
    title: `base ↔ ${basename(root)}`,
    comparison: { ...comparison, files },
    before: (p) => (files.find((f) => f.path === p)?.change === 'added' ? emptyUri(p) : baseUri(working(p))),
    after: (p) => (files.find((f) => f.path === p)?.change === 'removed' ? emptyUri(p) : vscode.Uri.file(working(p))),
    source: { root, follows: 'folder', pulledAt: state.pulledAt, recompute: (s) => changesReport(root, undefined, s) },
  };
}
