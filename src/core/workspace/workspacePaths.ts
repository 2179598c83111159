// Where a pulled project folder keeps its private state (docs/architecture.md, "Contracts worth knowing"): the
// names only, with no file access, so the language server, discover and file helpers can name them without
// loading the sync code that writes them (core/sync/workspace.ts owns the state's content).
import { join, resolve } from 'node:path';
import { ownerTag } from '../fs/processOwner';

/** The name of a pulled workspace's private folder. */
export const STATE_DIR = '.cstudio';
/** The file in STATE_DIR that makes a folder a pulled project. */
export const STATE_FILE = 'state.json';
/** The folder in STATE_DIR that holds the package as last pulled. */
export const BASE_FOLDER = 'base';

/** Paths of one workspace. */
export class WorkspacePaths {
  readonly root: string;
  constructor(dir: string) {
    this.root = resolve(dir);
  }
  get stateDir(): string {
    return join(this.root, STATE_DIR);
  }
  get stateFile(): string {
    return join(this.stateDir, STATE_FILE);
  }
  get baseDir(): string {
    return join(this.stateDir, BASE_FOLDER);
  }
  get backupsDir(): string {
    return join(this.stateDir, 'backups');
  }
  get remoteZip(): string {
    return join(this.stateDir, 'remote.zip');
  }
  get tmpDir(): string {
    return join(this.stateDir, 'tmp');
  }
  /** This process's own temp folder: two commands in one folder never remove each other's downloads. */
  get processTmpDir(): string {
    return join(this.tmpDir, ownerTag());
  }
  file(path: string): string {
    return join(this.root, ...path.split('/'));
  }
  baseFile(path: string): string {
    return join(this.baseDir, ...path.split('/'));
  }
}
