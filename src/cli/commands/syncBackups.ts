// `cstudio backups list|restore [dir]`: the remote packages saved before destructive pushes, and putting one
// back (after saving the current remote package, so a restore can be undone too).
import { listBackups } from '../../core/sync/backups';
import { checkBackup, restoreBackup } from '../../core/sync/restore';
import { PushRefusedError } from '../../core/sync/pushErrors';
import { WorkspacePaths } from '../../core/workspace/workspacePaths';
import { parseFlags } from '../args';
import { UsageError, type CliCommand, type CliIO } from '../command';
import { confirm } from '../confirm';
import { printJson, printRows } from '../output';
import { platformCommand } from '../platformCommand';
import { workspaceRoot } from '../syncOutput';

export const backupsList: CliCommand = {
  path: ['backups', 'list'],
  summary: 'List the remote packages saved in a pulled folder before destructive pushes.',
  usage: 'Usage: cstudio backups list [dir] [--json]',
  async run(args: string[], io: CliIO): Promise<number> {
    const { values, positionals } = parseFlags(args, { json: { type: 'boolean' } });
    if (positionals.length > 1) throw new UsageError(`Too many arguments: ${positionals.join(' ')}.`);
    const backups = await listBackups(new WorkspacePaths(await workspaceRoot(io.cwd, positionals[0])));
    printRows(
      io,
      backups,
      [
        { header: 'NAME', value: (b) => b.name },
        { header: 'SAVED', value: (b) => b.createdAt.toISOString() },
        { header: 'BEFORE', value: (b) => b.reason },
        { header: 'BYTES', value: (b) => b.bytes },
      ],
      values.json === true,
      'No backups yet; a replace push saves one before it sends anything.',
    );
    return 0;
  },
};

export const backupsRestore = platformCommand({
  path: ['backups', 'restore'],
  summary: 'Put a saved package back on the platform (the newest unless --backup NAME); asks first unless --yes.',
  synopsis: '[dir] [--backup NAME] [--yes] [--lock] [--notes TEXT]',
  flags: { backup: { type: 'string' }, yes: { type: 'boolean' }, lock: { type: 'boolean' }, notes: { type: 'string' } },
  input: ({ positionals }) => {
    if (positionals.length > 1) throw new UsageError(`Too many arguments: ${positionals.join(' ')}.`);
    return { dir: positionals[0] };
  },
  async run({ session, io, flags, input: { dir }, json }) {
    const root = await workspaceRoot(io.cwd, dir);
    try {
      const backup = await checkBackup(root, flags.backup);
      if (flags.yes !== true) {
        await confirm(
          io,
          `Replace ALL content of the project with backup ${backup.name} (the current package is saved first)? [y/N] `,
        );
      }
      const outcome = await restoreBackup(session.client, root, backup.name, {
        signal: io.signal,
        lock: flags.lock === true ? { notes: flags.notes ?? 'cstudio backups restore' } : undefined,
      });
      if (json) printJson(io, outcome);
      else {
        io.stdout(
          `Restored ${outcome.restored.name} (job ${outcome.job.id} ${outcome.job.status}); the package it replaced is saved as ${outcome.savedCurrent.name}.\n`,
        );
        if (outcome.lockProblem) io.stdout(`${outcome.lockProblem}\n`);
        if (outcome.refresh && !outcome.refresh.ok) io.stdout(`The base was not refreshed: ${outcome.refresh.error}\n`);
      }
      return outcome.job.status === 'COMPLETED' ? 0 : 1;
    } catch (err) {
      if (!(err instanceof PushRefusedError)) throw err;
      io.stderr(`cstudio backups restore: ${err.message}\n`);
      return 1;
    }
  },
});
