// The Source Control view: one source control per pulled folder, with its conflicts, local changes (against
// the base, quick diffs in the gutter) and remote changes since the pull. Clicking a change opens the diff of
// the base against the working file; the resource menu also offers the remote against the working file.
import * as vscode from 'vscode';
import { join } from 'node:path';
import type { FileChange } from '../../core/sync/compare';
import { summarizeCounts } from '../../core/sync/semantic/trsxDiff';
import { CommandIds } from '../../host/commandIds';
import { Disposable } from '../../host/lifecycle';
import type { RootStatus, SyncModel } from './syncModel';
import { baseUri } from './syncUris';

export const SCM_ID = 'cstudio';

interface RootControl {
  readonly control: vscode.SourceControl;
  readonly conflicts: vscode.SourceControlResourceGroup;
  readonly local: vscode.SourceControlResourceGroup;
  readonly remote: vscode.SourceControlResourceGroup;
}

const LETTERS: Record<FileChange['change'], string> = { added: 'A', removed: 'D', modified: 'M', reformatted: 'R' };

export class SyncScmView extends Disposable {
  private readonly controls = new Map<string, RootControl>();

  constructor(private readonly model: SyncModel) {
    super();
    this._register(model.onDidChange((root) => this.update(root)));
    this._register({
      dispose: () => {
        for (const c of this.controls.values()) c.control.dispose();
        this.controls.clear();
      },
    });
  }

  /** What the view shows for a folder (the extension-host tests read it). */
  resources(root: string): { conflicts: string[]; local: string[]; remote: string[] } {
    const c = this.controls.get(root);
    const labels = (g: vscode.SourceControlResourceGroup | undefined): string[] =>
      (g?.resourceStates ?? []).map((r) => vscode.workspace.asRelativePath(r.resourceUri, false));
    return { conflicts: labels(c?.conflicts), local: labels(c?.local), remote: labels(c?.remote) };
  }

  private update(root: string | undefined): void {
    const known = new Set(this.model.list().map((r) => r.root));
    for (const [r, c] of this.controls) {
      if (!known.has(r)) {
        c.control.dispose();
        this.controls.delete(r);
      }
    }
    for (const status of this.model.list()) {
      if (root === undefined || status.root === root) this.render(status);
    }
  }

  private render(status: RootStatus): void {
    const state = status.status?.state;
    const c =
      this.controls.get(status.root) ??
      this.create(
        status.root,
        state
          ? `${state.projectName ?? `Project ${state.projectId}`} (${state.connection.name ?? 'platform'})`
          : 'Conversational Studio',
      );
    const local = (status.status?.local ?? []).filter((f) => f.change !== 'reformatted');
    c.local.resourceStates = local.map((f) => this.resource(status.root, f, 'local'));
    c.remote.resourceStates = (status.remote?.files ?? []).map((f) => this.resource(status.root, f, 'remote'));
    c.conflicts.resourceStates = (status.status?.conflicts ?? []).map((conflict) => ({
      resourceUri: vscode.Uri.file(join(status.root, ...conflict.path.split('/'))),
      decorations: {
        tooltip: conflict.items.map((i) => `${i.label}: local ${i.local}, remote ${i.remote}`).join('\n'),
        iconPath: new vscode.ThemeIcon('warning'),
      },
      command: {
        command: CommandIds.syncOpenRemoteDiff,
        title: 'Compare with Remote',
        arguments: [vscode.Uri.file(join(status.root, ...conflict.path.split('/')))],
      },
    }));
    c.control.count = local.length + c.conflicts.resourceStates.length;
  }

  private resource(root: string, f: FileChange, side: 'local' | 'remote'): vscode.SourceControlResourceState {
    const uri = vscode.Uri.file(join(root, ...f.path.split('/')));
    const summary = f.semantic ? summarizeCounts(f.semantic.counts).join('; ') : '';
    const tooltip = `${LETTERS[f.change]} ${f.path}${summary ? ` — ${summary}` : ''}${side === 'remote' ? ' (changed on the platform since the pull)' : ''}`;
    return {
      resourceUri: uri,
      contextValue: `${side}:${f.change}`,
      decorations: { tooltip, strikeThrough: f.change === 'removed', faded: side === 'remote' },
      command:
        side === 'local'
          ? { command: CommandIds.syncOpenBaseDiff, title: 'Compare with Base', arguments: [uri] }
          : { command: CommandIds.syncOpenRemoteDiff, title: 'Compare with Remote', arguments: [uri] },
    };
  }

  private create(root: string, label: string): RootControl {
    const control = vscode.scm.createSourceControl(SCM_ID, label, vscode.Uri.file(root));
    control.inputBox.visible = false;
    control.quickDiffProvider = {
      provideOriginalResource: (uri) =>
        uri.scheme === 'file' && this.model.rootOf(uri.fsPath) === root ? baseUri(uri.fsPath) : undefined,
    };
    const conflicts = control.createResourceGroup('conflicts', 'Conflicts');
    const local = control.createResourceGroup('local', 'Local Changes');
    const remote = control.createResourceGroup('remote', 'Remote Changes (since the pull)');
    for (const g of [conflicts, local, remote]) g.hideWhenEmpty = true;
    const rc = { control, conflicts, local, remote };
    this.controls.set(root, rc);
    return rc;
  }
}
