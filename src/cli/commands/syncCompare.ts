// `cstudio compare <a> <b>`: two package zips, or a zip and a package folder, file by file and (for TRSX)
// semantically; `cstudio compare --remote [dir]` compares the platform's export with a pulled folder.
import { comparePackagePaths, compareRemoteWithWorkspace } from '../../core/sync/packageComparison';
import type { PackageComparison } from '../../core/sync/compare';
import { resolve } from 'node:path';
import { parseFlags } from '../args';
import { UsageError, type CliCommand, type CliIO } from '../command';
import { connectionFlags, withSession } from '../connection';
import { CONNECTION_USAGE } from '../platformCommand';
import { printJson } from '../output';
import { comparisonJson, semanticLines, workspaceRoot } from '../syncOutput';

export const syncCompare: CliCommand = {
  path: ['compare'],
  summary: "Compare two packages (zips or folders), or the platform's export with a pulled folder (--remote).",
  usage:
    'Usage: cstudio compare <a> <b> [--json]\n       cstudio compare --remote [dir] [--json]\n\n' +
    'Each side is a package zip or a package folder; zips are checked (zip slip, bombs) before anything is read.\n' +
    'Prints the files added (A), removed (D) or modified (M) from a to b and their semantic changes (TRSX; dialog.json by\n' +
    'UUID: components, nodes, mappings), with each intent or entity renamed in TRSX and dialog.json together as one R line.\n\n' +
    CONNECTION_USAGE,
  async run(args: string[], io: CliIO): Promise<number> {
    const { values, positionals } = parseFlags(args, { ...connectionFlags, remote: { type: 'boolean' } });
    let comparison: PackageComparison;
    if (values.remote === true) {
      if (positionals.length > 1) throw new UsageError(`Too many arguments: ${positionals.join(' ')}.`);
      const root = await workspaceRoot(io.cwd, positionals[0]);
      comparison = await withSession(values, io, (session) =>
        compareRemoteWithWorkspace(session.client, root, { signal: io.signal }),
      );
    } else {
      if (positionals.length !== 2)
        throw new UsageError('Give two packages to compare (zip files or package folders), or --remote.');
      comparison = await comparePackagePaths(
        resolve(io.cwd, positionals[0] ?? ''),
        resolve(io.cwd, positionals[1] ?? ''),
        { signal: io.signal },
      );
    }
    if (values.json === true) printJson(io, comparisonJson(comparison));
    else {
      io.stdout(
        `${comparison.before} → ${comparison.after}: ${comparison.files.length} file(s) differ, ${comparison.unchanged} identical.\n`,
      );
      if (comparison.files.length > 0) io.stdout(`${semanticLines(comparison.files, 200, comparison).join('\n')}\n`);
    }
    return 0;
  },
};
