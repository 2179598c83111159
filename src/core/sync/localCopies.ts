// Copies of local files saved before a pull replaces them by the user's choice ("take the remote version"),
// so even a deliberate override never loses an edit: `.cstudio/backups/local-<time>/<package path>`.
import { WorkspacePaths } from '../workspace/workspacePaths';
import { writeConfined } from './writeFiles';
import { join } from 'node:path';

export class LocalCopies {
  private dir: string | undefined;

  constructor(private readonly paths: WorkspacePaths) {}

  /** The folder the copies went to, once one was saved. */
  get folder(): string | undefined {
    return this.dir;
  }

  async save(path: string, data: Uint8Array | undefined): Promise<void> {
    if (!data) return;
    this.dir ??= join(this.paths.backupsDir, `local-${new Date().toISOString().replace(/[:.]/g, '-')}`);
    await writeConfined(this.dir, path, data);
  }
}
