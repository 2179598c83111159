// One status bar item for the pulled folder of the active editor (or the only one): ahead, behind, conflict
// or in sync. Clicking it checks the platform (Status).
import * as vscode from 'vscode';
import { CommandIds } from '../../host/commandIds';
import { Disposable } from '../../host/lifecycle';
import type { RootStatus, SyncModel } from './syncModel';

export class SyncStatusBar extends Disposable {
  private readonly item = this._register(
    vscode.window.createStatusBarItem('cstudio.sync', vscode.StatusBarAlignment.Left, 40),
  );

  constructor(private readonly model: SyncModel) {
    super();
    this.item.name = 'Conversational Studio Sync';
    this.item.command = CommandIds.syncStatus;
    this._register(model.onDidChange(() => this.update()));
    this._register(vscode.window.onDidChangeActiveTextEditor(() => this.update()));
    this.update();
  }

  get text(): string {
    return this.item.text;
  }

  private current(): RootStatus | undefined {
    const file = vscode.window.activeTextEditor?.document.uri;
    const root = file?.scheme === 'file' ? this.model.rootOf(file.fsPath) : undefined;
    const roots = this.model.list();
    return (root ? this.model.get(root) : undefined) ?? (roots.length === 1 ? roots[0] : undefined);
  }

  private update(): void {
    const r = this.current();
    if (!r) {
      this.item.hide();
      return;
    }
    const project = r.status?.state.projectName ?? r.status?.state.projectId ?? 'project';
    const ahead = r.status?.ahead ?? 0;
    this.item.backgroundColor = undefined;
    if (r.error) {
      this.item.text = '$(error) Sync';
      this.item.tooltip = `The status of ${r.root} could not be read: ${r.error}`;
    } else if (r.sync === 'conflict' || r.sync === 'diverged') {
      this.item.text = `$(warning) ${project}: ${r.sync === 'conflict' ? 'conflict' : `↑${ahead} ↓${r.behind ?? 0}`}`;
      this.item.tooltip =
        r.sync === 'conflict'
          ? 'The last pull left conflicts: pull again choosing a side (Keep Local or Take Remote).'
          : 'Local and remote both changed: pull (your edits are kept) before pushing.';
      this.item.backgroundColor = new vscode.ThemeColor('statusBarItem.warningBackground');
    } else {
      const behind = r.behind === undefined ? '?' : String(r.behind);
      this.item.text =
        r.sync === 'clean' ? `$(check) ${project}` : `$(cloud-upload) ${ahead} $(cloud-download) ${behind} ${project}`;
      this.item.tooltip = `${project}: ${ahead} local change(s), ${r.behind === undefined ? 'remote not checked yet' : `${r.behind} remote change(s)`}. Click to check the platform.`;
    }
    this.item.show();
  }
}
