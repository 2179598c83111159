// `cstudio status [dir]`: local changes against the base and, unless --offline, remote changes since the
// pull (a fresh export).
import { workspaceStatus, type WorkspaceStatus } from '../../core/sync/status';
import { parseFlags } from '../args';
import { UsageError, type CliCommand, type CliIO } from '../command';
import { connectionFlags, withSession } from '../connection';
import { CONNECTION_USAGE } from '../platformCommand';
import { printJson } from '../output';
import { formatStatus, settleProgress, statusJson, workspaceRoot } from '../syncOutput';

export const syncStatus: CliCommand = {
  path: ['status'],
  summary: 'Show what changed locally and on the platform since the last pull (ahead, behind, conflicts).',
  usage:
    'Usage: cstudio status [dir] [--json] [--offline]\n\n' +
    'Local changes against the base, with TRSX changes per locale; remote changes since the pull (skipped with --offline).\n' +
    'The JSON output\'s "sync" is clean, ahead, behind, diverged or conflict.\n\n' +
    CONNECTION_USAGE,
  async run(args: string[], io: CliIO): Promise<number> {
    const { values, positionals } = parseFlags(args, { ...connectionFlags, offline: { type: 'boolean' } });
    if (positionals.length > 1) throw new UsageError(`Too many arguments: ${positionals.join(' ')}.`);
    const root = await workspaceRoot(io.cwd, positionals[0]);
    // Without any connection configured, the local side is still worth showing.
    const connected = values.sandbox === true || (values['base-url'] ?? io.env.CSTUDIO_BASE_URL) !== undefined;
    if (values.offline !== true && !connected)
      io.stderr('No connection configured (CSTUDIO_BASE_URL, --base-url or --sandbox): the remote is not checked.\n');
    const status: WorkspaceStatus =
      values.offline === true || !connected
        ? await workspaceStatus(root, { signal: io.signal })
        : await withSession(values, io, (session) =>
            workspaceStatus(root, { signal: io.signal, client: session.client, progress: settleProgress(io) }),
          );
    if (values.json === true) printJson(io, statusJson(status));
    else io.stdout(formatStatus(status));
    return 0;
  },
};
