// Pull Project…: a project into a new folder (from the explorer's project menu, or picked), or an update of a
// pulled folder. Remote changes merge with local edits; conflicts are listed, their files left untouched,
// and the user can settle them by keeping the local or taking the remote version of each conflicting item.
import * as vscode from 'vscode';
import { join } from 'node:path';
import { collect } from '../../../core/platform/paging';
import type { Project } from '../../../core/platform/types';
import { pull, type PullResult } from '../../../core/sync/pull';
import type { ConflictPreference } from '../../../core/sync/semantic/trsxMerge';
import { CommandIds } from '../../../host/commandIds';
import { argObject, type Command } from '../../../host/commands';
import { resolveConnection } from '../../../host/connectionPick';
import { answered } from '../../../host/prompter';
import type { SyncCommandDeps } from '../syncDeps';
import { clientForRoot, resolveRoot } from '../syncTargets';

interface PullArg {
  readonly connectionId?: unknown;
  readonly projectId?: unknown;
  readonly project?: { readonly id?: unknown; readonly displayName?: unknown };
  readonly folder?: unknown;
  readonly prefer?: unknown;
}

const KEEP_LOCAL = 'Keep Local';
const TAKE_REMOTE = 'Take Remote';

export class PullCommand implements Command {
  readonly id = CommandIds.syncPull;
  constructor(private readonly deps: SyncCommandDeps) {}

  async execute(arg?: unknown): Promise<PullResult | undefined> {
    const a: PullArg = argObject(arg);
    const projectId =
      typeof a.projectId === 'string' ? a.projectId : typeof a.project?.id === 'string' ? a.project.id : undefined;
    const prefer = a.prefer === 'local' || a.prefer === 'remote' ? a.prefer : undefined;
    if (projectId === undefined && (arg !== undefined || this.deps.model.list().length > 0)) {
      const update = await this.chooseUpdate(arg);
      if (update) return this.update(update, prefer);
    }
    return this.pullNew(a, projectId);
  }

  /** The pulled folder to update, or undefined for "another project". */
  private async chooseUpdate(arg: unknown): Promise<string | undefined> {
    if (arg !== undefined) return resolveRoot(this.deps, arg, 'Pull');
    const roots = this.deps.model.list();
    return answered(
      this.deps.prompter.pick<string | false>(
        [
          ...roots.map((r) => ({
            label: `Update ${r.status?.state.projectName ?? r.root}`,
            description: vscode.workspace.asRelativePath(r.root),
            value: r.root,
          })),
          { label: 'Pull another project…', value: false },
        ],
        { title: 'Pull', placeholder: 'Which project?' },
      ),
      'Pull',
    ).then((v) => (v === false ? undefined : v));
  }

  private async update(root: string, prefer: ConflictPreference | undefined): Promise<PullResult> {
    const { client, state } = await clientForRoot(this.deps, root);
    this.deps.logger.info(
      `pull: updating ${root} from project ${state.projectId}${prefer ? ` (conflicts: keep ${prefer})` : ''}`,
    );
    const result = await this.logged(
      root,
      this.deps.prompter.withProgress(
        { title: `Pulling ${state.projectName ?? state.projectId}` },
        (progress, signal) => pull(client, root, undefined, { progress, signal, prefer }),
      ),
    );
    await this.finished(root, result);
    return result;
  }

  private async pullNew(a: PullArg, given: string | undefined): Promise<PullResult> {
    const entry = await resolveConnection(this.deps.registry, this.deps.prompter, a, { title: 'Pull Project' });
    const { client } = await this.deps.registry.session(entry.id);
    let projectId = given;
    let name = typeof a.project?.displayName === 'string' ? a.project.displayName : undefined;
    if (projectId === undefined) {
      const projects = await this.deps.prompter.withProgress({ title: 'Listing projects' }, (_p, signal) =>
        collect(client.projects.list({ signal })),
      );
      const chosen = await answered(
        this.deps.prompter.pick<Project>(
          projects.map((p) => ({ label: p.displayName, description: `#${p.id}`, value: p })),
          { title: 'Pull Project', placeholder: 'Project' },
        ),
        'Pull Project',
      );
      projectId = chosen.id;
      name = chosen.displayName;
    }
    const folder = typeof a.folder === 'string' ? a.folder : await this.askFolder(projectId, name);
    this.deps.logger.info(
      `pull: project ${projectId}${name ? ` "${name}"` : ''} into ${folder} (connection ${entry.name})`,
    );
    const result = await this.logged(
      folder,
      this.deps.prompter.withProgress({ title: `Pulling project ${name ?? projectId}` }, (progress, signal) =>
        pull(client, folder, projectId, { progress, signal }),
      ),
    );
    await this.finished(folder, result);
    const inWorkspace = vscode.workspace.getWorkspaceFolder(vscode.Uri.file(folder)) !== undefined;
    if (!inWorkspace) {
      void this.deps.prompter
        .info(`Pulled into ${folder}, which is outside the open folders.`, 'Open Folder')
        .then((choice) => {
          if (choice === 'Open Folder')
            void vscode.commands.executeCommand('vscode.openFolder', vscode.Uri.file(folder), { forceNewWindow: true });
        });
    }
    return result;
  }

  /** The pull's outcome in the log: what changed in the folder, or why it failed. */
  private async logged(root: string, pending: Promise<PullResult>): Promise<PullResult> {
    try {
      const r = await pending;
      const list = (what: string, paths: readonly string[]): string =>
        paths.length > 0 ? `; ${what}: ${paths.join(', ')}` : '';
      this.deps.logger.info(
        `pull: ${root} ${r.fresh ? 'pulled' : 'updated'} from project ${r.projectId}` +
          `${list('updated', r.updated)}${list('merged', r.merged)}${list('deleted', r.deleted)}${list('kept local', r.keptLocal)}` +
          `${list(
            'conflicts',
            r.conflicts.map((c) => c.path),
          )}${r.updated.length + r.merged.length + r.deleted.length === 0 && !r.fresh ? '; nothing changed' : ''}`,
      );
      return r;
    } catch (err) {
      this.deps.logger.info(
        `pull: ${root} failed: ${err instanceof Error ? err.message.split('\n', 1)[0] : String(err)}`,
      );
      throw err;
    }
  }

  private async askFolder(projectId: string, name: string | undefined): Promise<string> {
    const parent = vscode.workspace.workspaceFolders?.find((f) => f.uri.scheme === 'file')?.uri.fsPath;
    const safe = `${projectId}${name ? `-${name.replace(/[^A-Za-z0-9._-]+/g, '-')}` : ''}`;
    return answered(
      this.deps.prompter.input({
        title: 'Pull Project',
        prompt: 'Folder to pull into (created when missing; a pulled folder of this project is updated)',
        value: parent ? join(parent, safe) : safe,
        validate: (v) => (v.trim() === '' ? 'Give a folder.' : undefined),
      }),
      'Pull Project',
    );
  }

  private async finished(root: string, result: PullResult): Promise<void> {
    await this.deps.model.rescan();
    await this.deps.model.remoteAtBase(root);
    this.deps.base.refresh(root);
    const touched = result.updated.length + result.merged.length + result.deleted.length;
    if (result.conflicts.length > 0) {
      const items = result.conflicts.flatMap((c) =>
        c.items.map((i) => `${c.path}: ${i.label} (local ${i.local}, remote ${i.remote})`),
      );
      void this.deps.prompter
        .warn(
          `${result.conflicts.length} file(s) have conflicts and were left untouched: ${items.slice(0, 3).join('; ')}${items.length > 3 ? '; …' : ''}`,
          KEEP_LOCAL,
          TAKE_REMOTE,
        )
        .then((choice) => {
          if (choice === KEEP_LOCAL || choice === TAKE_REMOTE)
            void vscode.commands.executeCommand(CommandIds.syncPull, {
              root,
              prefer: choice === KEEP_LOCAL ? 'local' : 'remote',
            });
        });
      return;
    }
    const kept = result.keptLocal.length > 0 ? `; your edits in ${result.keptLocal.length} file(s) were kept` : '';
    void this.deps.prompter.info(
      result.fresh
        ? `Pulled project ${result.projectId} into ${vscode.workspace.asRelativePath(root)}.`
        : touched === 0
          ? `Project ${result.projectId} is up to date${kept}.`
          : `Updated ${touched} file(s) from the platform${kept}.`,
    );
  }
}
