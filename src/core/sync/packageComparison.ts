// "Compare Packages": two zips, a zip and a folder, or a project's remote export and the workspace. Each side
// is opened read-only (zips are checked for zip slip and bombs first), compared file by file and, for TRSX,
// semantically; the sides are closed afterwards.
import type { PlatformClient } from '../platform/client';
import type { Progress } from '../progress';
import { comparePackages, type PackageComparison } from './compare';
import { FolderFiles, openPackageFiles } from './packageFiles';
import { downloadExport, requireSameConnection } from './remote';
import { requireWorkspaceState } from './workspace';
import { WorkspacePaths } from '../workspace/workspacePaths';

export interface ComparisonOptions {
  readonly signal?: AbortSignal;
  readonly progress?: Progress;
}

/** Compares two packages given as paths (each a zip file or a package folder). */
export async function comparePackagePaths(
  before: string,
  after: string,
  options: ComparisonOptions = {},
): Promise<PackageComparison> {
  const a = await openPackageFiles(before);
  try {
    const b = await openPackageFiles(after);
    try {
      return await comparePackages(a, b, options);
    } finally {
      await b.close();
    }
  } finally {
    await a.close();
  }
}

/**
 * Compares the project's current remote export (before) with the workspace (after). The export stays in
 * `.cstudio/remote.zip`, so each file can then be opened side by side.
 */
export async function compareRemoteWithWorkspace(
  client: PlatformClient,
  dir: string,
  options: ComparisonOptions = {},
): Promise<PackageComparison & { remoteZip: string }> {
  const paths = new WorkspacePaths(dir);
  const state = await requireWorkspaceState(paths);
  requireSameConnection(client, state, paths.root);
  const remote = await downloadExport(client, state.projectId, paths, options);
  try {
    const comparison = await comparePackages(remote.files, new FolderFiles(paths.root, 'the workspace'), options);
    return { ...comparison, remoteZip: remote.path };
  } finally {
    await remote.files.close();
  }
}
