// The zip a whole-package replace sends: the workspace's package files (metadata.json, dialog.json, each
// locale's TRSX and, only when the pull could see them, the restricted files), written entry by entry
// into a temp file and uploaded from disk, so memory stays bounded whatever the package size.
import { openAsBlob } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Blob } from 'node:buffer';
import { classifyPackagePath } from '../package/layout';
import { packFiles } from '../package/folder';
import type { FolderFiles } from './packageFiles';
import type { WorkspacePaths } from '../workspace/workspacePaths';

/** Whether a workspace file belongs in a replacement package. */
export function uploadsWithPackage(path: string, restrictedVisible: boolean): boolean {
  const info = classifyPackagePath(path);
  if (info.restricted) return restrictedVisible;
  return info.kind === 'metadata' || info.kind === 'dialog' || info.kind === 'trsx';
}

export interface PackedUpload {
  readonly file: string;
  readonly blob: Blob;
  readonly entries: string[];
  dispose(): Promise<void>;
}

export async function packWorkspace(
  local: FolderFiles,
  paths: WorkspacePaths,
  restrictedVisible: boolean,
  signal?: AbortSignal,
): Promise<PackedUpload> {
  const entries = (await local.list(signal)).filter((p) => uploadsWithPackage(p, restrictedVisible));
  await mkdir(paths.processTmpDir, { recursive: true });
  const file = join(paths.processTmpDir, `upload-${randomBytes(6).toString('hex')}.zip`);
  await packFiles(local.root, entries, file, { signal });
  const blob = await openAsBlob(file, { type: 'application/zip' });
  return { file, blob, entries, dispose: () => rm(file, { force: true }) };
}
