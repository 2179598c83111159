// `cstudio diff [dir]`: the semantic changes of the workspace against the base (or, with --remote, of the
// workspace against the platform's current export): intents, entities, literals and samples per locale.
import { comparePackages, type PackageComparison } from '../../core/sync/compare';
import { compareRemoteWithWorkspace } from '../../core/sync/packageComparison';
import { FolderFiles } from '../../core/sync/packageFiles';
import { requireWorkspaceState } from '../../core/sync/workspace';
import { WorkspacePaths } from '../../core/workspace/workspacePaths';
import { parseFlags } from '../args';
import { UsageError, type CliCommand, type CliIO } from '../command';
import { connectionFlags, withSession } from '../connection';
import { CONNECTION_USAGE } from '../platformCommand';
import { printJson } from '../output';
import { comparisonJson, semanticLines, workspaceRoot } from '../syncOutput';

export const syncDiff: CliCommand = {
  path: ['diff'],
  summary: 'Show the semantic changes of a pulled folder against the base (or the platform, with --remote).',
  usage:
    'Usage: cstudio diff [dir] [--remote] [--json]\n\n' +
    'Lists changed files and, for TRSX, every intent, entity, literal and sample added (+), removed (-) or changed (~).\n' +
    'Without --remote no connection is needed.\n\n' +
    CONNECTION_USAGE,
  async run(args: string[], io: CliIO): Promise<number> {
    const { values, positionals } = parseFlags(args, { ...connectionFlags, remote: { type: 'boolean' } });
    if (positionals.length > 1) throw new UsageError(`Too many arguments: ${positionals.join(' ')}.`);
    const root = await workspaceRoot(io.cwd, positionals[0]);
    let comparison: PackageComparison;
    if (values.remote === true) {
      comparison = await withSession(values, io, (session) =>
        compareRemoteWithWorkspace(session.client, root, { signal: io.signal }),
      );
    } else {
      const paths = new WorkspacePaths(root);
      const state = await requireWorkspaceState(paths);
      comparison = await comparePackages(
        new FolderFiles(paths.baseDir, 'the base'),
        new FolderFiles(root, 'the workspace'),
        { beforeRecords: state.base, signal: io.signal },
      );
    }
    const files = comparison.files.filter((f) => f.change !== 'reformatted');
    if (values.json === true) printJson(io, comparisonJson({ ...comparison, files }));
    else io.stdout(files.length === 0 ? 'No changes.\n' : `${semanticLines(files, 200, comparison).join('\n')}\n`);
    return 0;
  },
};
