// `cstudio pull [projectId] [dir]`: export a project into a folder (the package layout plus .cstudio/), or
// bring a pulled folder up to date, merging remote changes with local edits.
import { existsSync, statSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { findWorkspaceRoot, readWorkspaceState } from '../../core/sync/workspace';
import { WorkspacePaths } from '../../core/workspace/workspacePaths';
import { pull } from '../../core/sync/pull';
import { UsageError } from '../command';
import { printJson } from '../output';
import { platformCommand } from '../platformCommand';
import { formatPull, settleProgress } from '../syncOutput';

/** Where to pull: the given folder; else the pulled folder around cwd; else `./<projectId>`. */
async function targetDir(cwd: string, projectId: string | undefined, dir: string | undefined): Promise<string> {
  if (dir !== undefined) return resolve(cwd, dir);
  const around = await findWorkspaceRoot(cwd);
  if (around) {
    const state = await readWorkspaceState(new WorkspacePaths(around));
    if (projectId === undefined || state?.projectId === projectId) return around;
  }
  if (projectId === undefined)
    throw new UsageError(
      `${cwd} is not inside a pulled project folder; give the project to pull: cstudio pull <projectId> [dir].`,
    );
  return resolve(cwd, projectId);
}

/**
 * What a lone argument is: the folder when it looks like a path (a path separator, `.`/`..`, or absolute) or names
 * an existing folder; otherwise the project ID. Platform project IDs are numbers, so a folder whose name is only
 * digits counts as the folder only when it is a pulled project folder (`pull 1001` twice updates ./1001 either way).
 */
export function pullArguments(cwd: string, positionals: readonly string[]): { projectId?: string; dir?: string } {
  const [first, second] = positionals;
  if (first === undefined || second !== undefined) return { projectId: first, dir: second };
  const pathLike = /[\\/]/.test(first) || first === '.' || first === '..' || isAbsolute(first);
  if (pathLike) return { dir: first };
  const path = resolve(cwd, first);
  const isFolder = statSync(path, { throwIfNoEntry: false })?.isDirectory() === true;
  if (!isFolder) return { projectId: first };
  if (!/^\d+$/.test(first) || existsSync(new WorkspacePaths(path).stateFile)) return { dir: first };
  return { projectId: first };
}

export const syncPull = platformCommand({
  path: ['pull'],
  summary:
    'Pull a project into a folder, or update a pulled folder (remote changes merge with local edits; conflicts are listed).',
  synopsis:
    '[<projectId>] [dir] [--keep-local | --take-remote]\n\n' +
    '  Without dir: the pulled folder around the current one, else ./<projectId>.\n' +
    '  One argument is the folder when it looks like a path (has a /, is . or ..) or is an existing folder (one\n' +
    '  named only by digits, as project IDs are, only if it is a pulled project folder); else the project ID.\n' +
    '  --keep-local   settle conflicts with the local version of each conflicting item\n' +
    '  --take-remote  settle conflicts with the remote version (local versions are saved in .cstudio/backups/)',
  flags: { 'keep-local': { type: 'boolean' }, 'take-remote': { type: 'boolean' } },
  input: ({ flags, positionals }) => {
    if (flags['keep-local'] === true && flags['take-remote'] === true)
      throw new UsageError('Choose one of --keep-local and --take-remote.');
    if (positionals.length > 2) throw new UsageError(`Too many arguments: ${positionals.join(' ')}.`);
    return flags['keep-local'] === true ? 'local' : flags['take-remote'] === true ? 'remote' : undefined;
  },
  async run({ session, io, positionals, input: prefer, json }) {
    const { projectId, dir } = pullArguments(io.cwd, positionals);
    const root = await targetDir(io.cwd, projectId, dir);
    const result = await pull(session.client, root, projectId, {
      signal: io.signal,
      prefer,
      progress: settleProgress(io),
    });
    if (json) printJson(io, result);
    else io.stdout(formatPull(result));
    return result.conflicts.length > 0 ? 1 : 0;
  },
});
