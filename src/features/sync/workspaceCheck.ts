// The workspace's own checks of a push (package layout, JSON files, every changed TRSX file), run before the
// push asks anything: a folder with errors is refused at once, not after the user chose a mode and a lock.
// The same core checks run again inside preparePush (the folder may change while the questions are open).
// The same reading tells whether there is anything to push at all: a folder that matches its base (no file
// changed, or TRSX files only reformatted) and has no earlier push to settle is answered at once, without questions.
import { comparePackages } from '../../core/sync/compare';
import { FolderFiles } from '../../core/sync/packageFiles';
import { analyzeChanges } from '../../core/sync/planContext';
import { PushRefusedError } from '../../core/sync/pushErrors';
import { formatProblem, validateLayout, validationErrors } from '../../core/sync/validation';
import { readPendingPush } from '../../core/sync/pendingPush';
import type { WorkspaceState } from '../../core/sync/workspace';
import { WorkspacePaths } from '../../core/workspace/workspacePaths';

export interface WorkspaceCheck {
  /** No change a push could send, and no earlier push whose outcome must be settled first. */
  readonly nothingToPush: boolean;
}

/** Throws the push's 'invalid' refusal when the workspace has errors; else says whether there is anything to push. */
export async function refuseInvalidWorkspace(
  root: string,
  state: WorkspaceState,
  signal?: AbortSignal,
): Promise<WorkspaceCheck> {
  const paths = new WorkspacePaths(root);
  const local = new FolderFiles(paths.root, 'the workspace');
  const base = new FolderFiles(paths.baseDir, 'the base');
  const comparison = await comparePackages(base, local, { beforeRecords: state.base, fileLevelOnly: true, signal });
  const analyzed = await analyzeChanges(local, base, comparison.files, signal);
  const errors = validationErrors([...(await validateLayout(local, signal)), ...analyzed.problems]);
  if (errors.length > 0)
    throw new PushRefusedError(
      'invalid',
      `The workspace has ${errors.length} error(s); fix them before pushing:`,
      errors.slice(0, 20).map(formatProblem),
    );
  const unchanged = analyzed.locales.length === 0 && analyzed.otherFiles.length === 0;
  return { nothingToPush: unchanged && (await readPendingPush(paths)) === undefined };
}
