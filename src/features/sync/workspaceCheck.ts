// The workspace's own checks of a push (package layout, JSON files, every changed TRSX file), run before the
// push asks anything: a folder with errors is refused at once, not after the user chose a mode and a lock.
// The same core checks run again inside preparePush (the folder may change while the questions are open).
import { comparePackages } from '../../core/sync/compare';
import { FolderFiles } from '../../core/sync/packageFiles';
import { analyzeChanges } from '../../core/sync/planContext';
import { PushRefusedError } from '../../core/sync/pushErrors';
import { formatProblem, validateLayout, validationErrors } from '../../core/sync/validation';
import type { WorkspaceState } from '../../core/sync/workspace';
import { WorkspacePaths } from '../../core/sync/workspace';

/** Throws the push's 'invalid' refusal when the workspace has errors. */
export async function refuseInvalidWorkspace(root: string, state: WorkspaceState, signal?: AbortSignal): Promise<void> {
  const paths = new WorkspacePaths(root);
  const local = new FolderFiles(paths.root, 'the workspace');
  const base = new FolderFiles(paths.baseDir, 'the base');
  const comparison = await comparePackages(base, local, { beforeRecords: state.base, fileLevelOnly: true, signal });
  const analyzed = await analyzeChanges(local, base, comparison.files, signal);
  const errors = validationErrors([...(await validateLayout(local, signal)), ...analyzed.problems]);
  if (errors.length > 0) throw new PushRefusedError('invalid', `The workspace has ${errors.length} error(s); fix them before pushing:`, errors.slice(0, 20).map(formatProblem));
}
