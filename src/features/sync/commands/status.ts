// Check Sync Status: compares the pulled folder with its base and the platform's current export, updates the
// Source Control view and the status bar, and says where things stand.
import * as vscode from 'vscode';
import { WorkspacePaths } from '../../../core/workspace/workspacePaths';
import { CommandIds } from '../../../host/commandIds';
import type { Command } from '../../../host/commands';
import type { RootStatus } from '../syncModel';
import type { SyncCommandDeps } from '../syncDeps';
import { clientForRoot, resolveRoot } from '../syncTargets';

const MESSAGES = {
  clean: 'is in sync with the platform',
  ahead: 'has local changes to push',
  behind: 'changed on the platform: pull to bring the changes in',
  diverged: 'changed both locally and on the platform: pull (your edits are kept), then push',
  conflict: 'has conflicts from the last pull: pull again choosing Keep Local or Take Remote',
} as const;

export class StatusCommand implements Command {
  readonly id = CommandIds.syncStatus;
  constructor(private readonly deps: SyncCommandDeps) {}

  async execute(arg?: unknown): Promise<RootStatus> {
    const root = await resolveRoot(this.deps, arg, 'Check Sync Status');
    const { client, state } = await clientForRoot(this.deps, root);
    const status = await this.deps.prompter.withProgress(
      { title: `Checking ${state.projectName ?? state.projectId}` },
      (_p, signal) => this.deps.model.checkRemote(root, client, signal),
    );
    await this.deps.zipFs.invalidate(new WorkspacePaths(root).remoteZip);
    const ahead = status.status?.ahead ?? 0;
    const sync = status.sync === 'unknown' ? 'clean' : status.sync;
    void this.deps.prompter
      .info(
        `${state.projectName ?? `Project ${state.projectId}`} ${MESSAGES[sync]} (${ahead} local, ${status.behind ?? 0} remote change(s)).`,
        'Show Changes',
      )
      .then((choice) => {
        if (choice === 'Show Changes') void vscode.commands.executeCommand(CommandIds.syncShowChanges, { root });
      });
    return status;
  }
}
