// The "Package Comparison" view: the files two packages differ in (each opens a side-by-side diff) and, under
// each TRSX file, the semantic report — intents, entities, literals and samples added, removed or changed.
// It shows the last comparison asked for: two zips, a zip and a folder, the platform's export and a
// workspace, or a workspace and its base. A report with a pulled folder on one side is computed again when that
// folder changes (for the platform's export: when its base changes), so it never lists what a push already sent.
import * as vscode from 'vscode';
import type { Logger } from '../../core/logger';
import type { FileChange, PackageComparison } from '../../core/sync/compare';
import { summarizeCounts } from '../../core/sync/semantic/trsxDiff';
import { CommandIds } from '../../host/commandIds';
import { ContextKeys, ViewIds } from '../../host/contextValues';
import { Disposable } from '../../host/lifecycle';
import type { SyncModel } from './syncModel';

export interface ComparisonReport {
  readonly title: string;
  readonly comparison: PackageComparison;
  /** The document of `path` on the before side (an empty one when that side lacks it). */
  readonly before: (path: string) => vscode.Uri;
  readonly after: (path: string) => vscode.Uri;
  /** Set when a side is a pulled folder: the report is computed again when that folder changes. */
  readonly source?: ComparisonSource;
}

export interface ComparisonSource {
  readonly root: string;
  /**
   * `folder`: any change of the folder's status (edits, pull, push); `base`: only a new base (a pull or a push),
   * for reports that download the platform's export.
   */
  readonly follows: 'folder' | 'base';
  /** The base the report was computed against. */
  readonly pulledAt?: string;
  readonly recompute: (signal: AbortSignal) => Promise<ComparisonReport>;
}

export type ComparisonNode =
  | { readonly kind: 'summary'; readonly text: string }
  | { readonly kind: 'file'; readonly file: FileChange }
  | { readonly kind: 'change'; readonly text: string; readonly detail?: string; readonly icon: string }
  | { readonly kind: 'more'; readonly count: number };

const MAX_CHANGES_PER_FILE = 500;
const CHANGE_ICONS = { added: 'diff-added', removed: 'diff-removed', changed: 'diff-modified' } as const;
const FILE_LABELS: Record<FileChange['change'], string> = {
  added: 'added',
  removed: 'removed',
  modified: 'modified',
  reformatted: 'layout only',
};

export class ComparisonView extends Disposable implements vscode.TreeDataProvider<ComparisonNode> {
  private report: ComparisonReport | undefined;
  private readonly changed = this._register(new vscode.EventEmitter<ComparisonNode | undefined>());
  readonly onDidChangeTreeData = this.changed.event;
  readonly view: vscode.TreeView<ComparisonNode>;
  private refreshing: { controller: AbortController; again: boolean } | undefined;

  constructor(
    private readonly model: SyncModel,
    private readonly logger: Logger,
  ) {
    super();
    this.view = this._register(
      vscode.window.createTreeView(ViewIds.syncComparison, { treeDataProvider: this, showCollapseAll: true }),
    );
    this._register(model.onDidChange((root) => this.sourceChanged(root)));
    this._register({ dispose: () => this.refreshing?.controller.abort() });
  }

  /** The report follows its folder: a pushed change leaves the list, a pulled one joins it. */
  private sourceChanged(root: string | undefined): void {
    const source = this.report?.source;
    if (!source || (root !== undefined && root !== source.root)) return;
    if (source.follows === 'base' && this.model.get(source.root)?.status?.state.pulledAt === source.pulledAt) return;
    if (this.refreshing) {
      this.refreshing.again = true;
      return;
    }
    void this.recompute(source);
  }

  private async recompute(source: ComparisonSource): Promise<void> {
    const run = { controller: new AbortController(), again: false };
    this.refreshing = run;
    try {
      const next = await source.recompute(run.controller.signal);
      // Another comparison may have been shown meanwhile: it wins.
      if (this.report?.source !== source) return;
      this.report = next;
      this.changed.fire(undefined);
    } catch (err) {
      if (!run.controller.signal.aborted)
        this.logger.warn(`the package comparison of ${source.root} could not be refreshed`, err);
    } finally {
      if (this.refreshing === run) this.refreshing = undefined;
      const current = this.report?.source;
      if (run.again && current && !run.controller.signal.aborted) this.sourceChanged(current.root);
    }
  }

  get current(): ComparisonReport | undefined {
    return this.report;
  }

  /** Shows a report and reveals the view. */
  async show(report: ComparisonReport): Promise<void> {
    this.refreshing?.controller.abort();
    this.refreshing = undefined;
    this.report = report;
    this.view.title = 'Package Comparison';
    this.view.description = report.title;
    await vscode.commands.executeCommand('setContext', ContextKeys.syncHasComparison, true);
    this.changed.fire(undefined);
    await vscode.commands.executeCommand(`${ViewIds.syncComparison}.focus`);
  }

  /** Opens the side-by-side diff of one file of the current report. */
  async openDiff(path: string): Promise<void> {
    const report = this.report;
    if (!report) throw new Error('No package comparison is shown; run "Compare Packages…" first.');
    await vscode.commands.executeCommand(
      'vscode.diff',
      report.before(path),
      report.after(path),
      `${path} (${report.title})`,
      { preview: true },
    );
  }

  getTreeItem(node: ComparisonNode): vscode.TreeItem {
    switch (node.kind) {
      case 'summary': {
        const item = new vscode.TreeItem(node.text, vscode.TreeItemCollapsibleState.None);
        item.iconPath = new vscode.ThemeIcon('info');
        return item;
      }
      case 'file': {
        const f = node.file;
        const hasChildren = (f.semantic?.changes.length ?? 0) > 0;
        const item = new vscode.TreeItem(
          f.path,
          hasChildren ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.None,
        );
        const summary = f.semantic ? summarizeCounts(f.semantic.counts).join('; ') : '';
        item.description = [FILE_LABELS[f.change], summary, f.problem ?? ''].filter(Boolean).join(' · ');
        item.iconPath = new vscode.ThemeIcon(
          f.change === 'added' ? 'diff-added' : f.change === 'removed' ? 'diff-removed' : 'diff-modified',
        );
        item.resourceUri = vscode.Uri.file(`/${f.path}`);
        item.tooltip = `${f.path}: ${FILE_LABELS[f.change]}. Click to compare side by side.`;
        item.contextValue = `comparisonFile:${f.change}`;
        item.command = {
          command: CommandIds.syncOpenComparisonDiff,
          title: 'Compare Side by Side',
          arguments: [{ path: f.path }],
        };
        return item;
      }
      case 'change': {
        const item = new vscode.TreeItem(node.text, vscode.TreeItemCollapsibleState.None);
        item.iconPath = new vscode.ThemeIcon(node.icon);
        item.description = node.detail;
        item.tooltip = node.detail ? `${node.text}: ${node.detail}` : node.text;
        return item;
      }
      case 'more':
        return new vscode.TreeItem(`… and ${node.count} more changes`, vscode.TreeItemCollapsibleState.None);
    }
  }

  getChildren(node?: ComparisonNode): ComparisonNode[] {
    const report = this.report;
    if (!report) return [];
    if (!node) {
      const c = report.comparison;
      const text =
        c.files.length === 0
          ? `Identical (${c.unchanged} files)`
          : `${c.files.length} file(s) differ, ${c.unchanged} identical`;
      return [{ kind: 'summary', text }, ...c.files.map((file): ComparisonNode => ({ kind: 'file', file }))];
    }
    if (node.kind !== 'file') return [];
    const changes = node.file.semantic?.changes ?? [];
    const shown: ComparisonNode[] = changes.slice(0, MAX_CHANGES_PER_FILE).map((c) => ({
      kind: 'change',
      icon: CHANGE_ICONS[c.change],
      text: `${c.change === 'added' ? '+' : c.change === 'removed' ? '−' : '~'} ${c.label}`,
      detail: c.detail,
    }));
    if (changes.length > MAX_CHANGES_PER_FILE)
      shown.push({ kind: 'more', count: changes.length - MAX_CHANGES_PER_FILE });
    return shown;
  }
}
