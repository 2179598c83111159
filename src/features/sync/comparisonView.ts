// The "Package Comparison" view: the files two packages differ in (each opens a side-by-side diff) and, under
// each TRSX file, the semantic report — intents, entities, literals and samples added, removed or changed.
// It shows the last comparison asked for: two zips, a zip and a folder, the platform's export and a
// workspace, or a workspace and its base.
import * as vscode from 'vscode';
import type { FileChange, PackageComparison } from '../../core/sync/compare';
import { summarizeCounts } from '../../core/sync/semantic/trsxDiff';
import { CommandIds } from '../../host/commandIds';
import { ContextKeys, ViewIds } from '../../host/contextValues';
import { Disposable } from '../../host/lifecycle';

export interface ComparisonReport {
  readonly title: string;
  readonly comparison: PackageComparison;
  /** The document of `path` on the before side (an empty one when that side lacks it). */
  readonly before: (path: string) => vscode.Uri;
  readonly after: (path: string) => vscode.Uri;
}

export type ComparisonNode =
  | { readonly kind: 'summary'; readonly text: string }
  | { readonly kind: 'file'; readonly file: FileChange }
  | { readonly kind: 'change'; readonly text: string; readonly detail?: string; readonly icon: string }
  | { readonly kind: 'more'; readonly count: number };

const MAX_CHANGES_PER_FILE = 500;
const CHANGE_ICONS = { added: 'diff-added', removed: 'diff-removed', changed: 'diff-modified' } as const;
const FILE_LABELS: Record<FileChange['change'], string> = { added: 'added', removed: 'removed', modified: 'modified', reformatted: 'layout only' };

export class ComparisonView extends Disposable implements vscode.TreeDataProvider<ComparisonNode> {
  private report: ComparisonReport | undefined;
  private readonly changed = this._register(new vscode.EventEmitter<ComparisonNode | undefined>());
  readonly onDidChangeTreeData = this.changed.event;
  readonly view: vscode.TreeView<ComparisonNode>;

  constructor() {
    super();
    this.view = this._register(vscode.window.createTreeView(ViewIds.syncComparison, { treeDataProvider: this, showCollapseAll: true }));
  }

  get current(): ComparisonReport | undefined {
    return this.report;
  }

  /** Shows a report and reveals the view. */
  async show(report: ComparisonReport): Promise<void> {
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
    await vscode.commands.executeCommand('vscode.diff', report.before(path), report.after(path), `${path} (${report.title})`, { preview: true });
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
        const item = new vscode.TreeItem(f.path, hasChildren ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.None);
        const summary = f.semantic ? summarizeCounts(f.semantic.counts).join('; ') : '';
        item.description = [FILE_LABELS[f.change], summary, f.problem ?? ''].filter(Boolean).join(' · ');
        item.iconPath = new vscode.ThemeIcon(f.change === 'added' ? 'diff-added' : f.change === 'removed' ? 'diff-removed' : 'diff-modified');
        item.resourceUri = vscode.Uri.file(`/${f.path}`);
        item.tooltip = `${f.path}: ${FILE_LABELS[f.change]}. Click to compare side by side.`;
        item.contextValue = `comparisonFile:${f.change}`;
        item.command = { command: CommandIds.syncOpenComparisonDiff, title: 'Compare Side by Side', arguments: [{ path: f.path }] };
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
      const text = c.files.length === 0 ? `Identical (${c.unchanged} files)` : `${c.files.length} file(s) differ, ${c.unchanged} identical`;
      return [{ kind: 'summary', text }, ...c.files.map((file): ComparisonNode => ({ kind: 'file', file }))];
    }
    if (node.kind !== 'file') return [];
    const changes = node.file.semantic?.changes ?? [];
    const shown: ComparisonNode[] = changes.slice(0, MAX_CHANGES_PER_FILE).map((c) => ({
      kind: 'change', icon: CHANGE_ICONS[c.change],
      text: `${c.change === 'added' ? '+' : c.change === 'removed' ? '−' : '~'} ${c.label}`,
      detail: c.detail,
    }));
    if (changes.length > MAX_CHANGES_PER_FILE) shown.push({ kind: 'more', count: changes.length - MAX_CHANGES_PER_FILE });
    return shown;
  }
}
