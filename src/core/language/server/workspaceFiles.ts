// The TRSX and GrXML files of the workspace folders, for workspace symbols. Listed once, again after files change.
import { join } from 'node:path';
import { languageOfPath } from '../documents';
import type { FileSystem } from '../fileSystem';
import { STATE_DIR } from '../../workspace/workspacePaths';

const SKIPPED = new Set(['node_modules', STATE_DIR, '.git']);
const MAX_FILES = 5000;

export class WorkspaceFiles {
  private rootList: string[] = [];
  private cached: string[] | undefined;

  constructor(private readonly fs: FileSystem) {}

  get roots(): readonly string[] {
    return this.rootList;
  }

  setRoots(roots: readonly string[]): void {
    this.rootList = [...roots];
    this.cached = undefined;
  }

  changeRoots(added: ReadonlyArray<string | undefined>, removed: ReadonlyArray<string | undefined>): void {
    const gone = new Set(removed);
    this.setRoots([...this.rootList.filter((r) => !gone.has(r)), ...added.filter((r): r is string => r !== undefined)]);
  }

  invalidate(): void {
    this.cached = undefined;
  }

  list(): string[] {
    this.cached ??= this.walk();
    return this.cached;
  }

  private walk(): string[] {
    const out: string[] = [];
    const folders = [...this.rootList];
    while (folders.length > 0 && out.length < MAX_FILES) {
      const folder = folders.pop() as string;
      for (const name of this.fs.readDirectory(folder)) {
        if (SKIPPED.has(name)) continue;
        const path = join(folder, name);
        if (languageOfPath(name)) out.push(path);
        else if (this.fs.stat(path)?.isDirectory) folders.push(path);
      }
    }
    return out.sort();
  }
}
