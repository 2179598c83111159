// Restore Backup…: puts a saved remote package back on the platform. The current package is saved first, so
// a restore can be undone the same way; local edits are kept by the refresh that follows.
import { listBackups } from '../../../core/sync/backups';
import { checkBackup, restoreBackup, type RestoreOutcome } from '../../../core/sync/restore';
import { WorkspacePaths } from '../../../core/workspace/workspacePaths';
import { CommandIds } from '../../../host/commandIds';
import { argObject, type Command } from '../../../host/commands';
import { answered } from '../../../host/prompter';
import { CancelledError } from '../../../core/platform/errors';
import type { SyncCommandDeps } from '../syncDeps';
import { clientForRoot, resolveRoot } from '../syncTargets';

export class RestoreBackupCommand implements Command {
  readonly id = CommandIds.syncRestoreBackup;
  constructor(private readonly deps: SyncCommandDeps) {}

  async execute(arg?: unknown): Promise<RestoreOutcome> {
    const root = await resolveRoot(this.deps, arg, 'Restore Backup');
    const wanted = argObject(arg).backup;
    const backups = await listBackups(new WorkspacePaths(root));
    if (backups.length === 0)
      throw new Error('This folder has no backups yet; a replace push saves one before it sends anything.');
    const name =
      typeof wanted === 'string'
        ? wanted
        : await answered(
            this.deps.prompter.pick(
              backups.map((b) => ({
                label: b.name,
                description: `${(b.bytes / 1024).toFixed(0)} KiB`,
                detail: `Saved ${b.createdAt.toLocaleString()} before a ${b.reason ?? 'change'}`,
                value: b.name,
              })),
              { title: 'Restore Backup', placeholder: 'Which saved package should the project get back?' },
            ),
            'Restore Backup',
          );
    const backup = await checkBackup(root, name);
    const { client, state } = await clientForRoot(this.deps, root);
    const project = state.projectName ?? `project ${state.projectId}`;
    if (
      !(await this.deps.prompter.confirm(`Replace all content of ${project} with ${backup.name}?`, {
        action: 'Restore',
        detail: 'The package on the platform now is saved into .cstudio/backups/ first.',
      }))
    )
      throw new CancelledError('Restore cancelled; nothing was sent.');
    const outcome = await this.deps.prompter.withProgress({ title: `Restoring ${backup.name}` }, (progress, signal) =>
      restoreBackup(client, root, backup.name, { progress, signal }),
    );
    await this.deps.model.refresh(root);
    this.deps.base.refresh(root);
    const ok = outcome.job.status === 'COMPLETED';
    const text = `${ok ? 'Restored' : `Restore ${outcome.job.status.toLowerCase()}:`} ${backup.name}; the package it replaced is saved as ${outcome.savedCurrent.name}.${outcome.lockProblem ? ` ${outcome.lockProblem}` : ''}`;
    void (ok ? this.deps.prompter.info(text) : this.deps.prompter.warn(text));
    return outcome;
  }
}
