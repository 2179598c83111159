// The sandbox's persistence. Layout of the data folder:
//   state.json            core state (users, organizations, projects' settings, locks, jobs)
//   projects/<id>.json    one project's content (TRSX model per locale, restricted files, dialog.json)
//   staged/<name>         uploads accepted by a job that has not run yet
// Handlers mutate `state` (and content) in memory, then `await commit()`: the response goes out only once
// the change is on disk. Commits that arrive while a write is in flight coalesce into the next write.
// Write order (content files, then state.json, then deletions) means a crash never leaves state.json
// pointing at content that is missing; every file is replaced atomically (core/fs/atomicFile.ts).
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fsyncDir, removeTempFiles, writeFileAtomic } from '../core/fs/atomicFile';
import { CoalescingWrites } from './coalescingWrites';
import { emptyContent, normalizeState, type ProjectContent, type SandboxState } from './state';

/** State holds client secrets and tokens' signing key: readable by the owner only. */
const PRIVATE = 0o600;

export interface InitialData {
  state: SandboxState;
  contents: Map<string, ProjectContent>;
}

export class Store {
  private readonly dirtyContent = new Set<string>();
  private readonly deletedContent = new Set<string>();
  private stateDirty = false;
  /** Content texts serialized ahead of the next write (`serializeContent`); dropped when that content changes again. */
  private readonly serialized = new Map<string, string>();
  private readonly writes = new CoalescingWrites(() => this.writeNow());

  private constructor(
    readonly dir: string,
    readonly state: SandboxState,
    private readonly contents: Map<string, ProjectContent>,
  ) {}

  /** Opens a data folder; an empty or new folder is filled by `initial()` and written before this returns. */
  static async open(dir: string, initial: () => InitialData): Promise<{ store: Store; created: boolean }> {
    await mkdir(join(dir, 'projects'), { recursive: true, mode: 0o700 });
    await mkdir(join(dir, 'staged'), { recursive: true, mode: 0o700 });
    await Promise.all([dir, join(dir, 'projects'), join(dir, 'staged')].map(removeTempFiles));
    const statePath = join(dir, 'state.json');
    let text: string | undefined;
    try {
      text = await readFile(statePath, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
    if (text === undefined) {
      const data = initial();
      const store = new Store(dir, data.state, data.contents);
      store.stateDirty = true;
      for (const id of data.contents.keys()) store.dirtyContent.add(id);
      await store.commit();
      return { store, created: true };
    }
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch (err) {
      throw new Error(
        `${statePath} is not valid JSON (${(err as Error).message}); the sandbox will not overwrite it. Move it away or choose another --data folder.`,
      );
    }
    const state = normalizeState(raw, statePath);
    const contents = new Map<string, ProjectContent>();
    for (const project of state.projects) contents.set(project.id, await readContent(dir, project.id));
    const store = new Store(dir, state, contents);
    await store.removeOrphans();
    return { store, created: false };
  }

  /** The content of a project (an empty one when the project has none yet). Mutate, then `touchContent`. */
  content(projectId: string): ProjectContent {
    let c = this.contents.get(projectId);
    if (!c) {
      c = emptyContent();
      this.contents.set(projectId, c);
    }
    return c;
  }

  setContent(projectId: string, content: ProjectContent): void {
    this.contents.set(projectId, content);
    this.touchContent(projectId);
  }

  touchContent(projectId: string): void {
    this.serialized.delete(projectId);
    this.deletedContent.delete(projectId);
    this.dirtyContent.add(projectId);
    this.stateDirty = true;
  }

  deleteContent(projectId: string): void {
    this.serialized.delete(projectId);
    this.contents.delete(projectId);
    this.dirtyContent.delete(projectId);
    this.deletedContent.add(projectId);
    this.stateDirty = true;
  }

  /**
   * Serializes the changed contents now, for the next write to use: the bulk of persisting a large project (tens of
   * MB of JSON, synchronous) can then come before a moment that must follow it, such as a job's end stamp.
   */
  serializeContent(): void {
    for (const id of this.dirtyContent) {
      const content = this.contents.get(id);
      if (content && !this.serialized.has(id)) this.serialized.set(id, JSON.stringify(content));
    }
  }

  /** Persists every change made so far; resolves once it is durable. */
  commit(): Promise<void> {
    this.stateDirty = true;
    return this.writes.request();
  }

  /** Waits for writes in flight (used on close). */
  flush(): Promise<void> {
    return this.writes.flush();
  }

  /** Saves an upload for a job to apply later; returns its name under `staged/`. */
  async stage(data: Uint8Array, extension: string): Promise<string> {
    const name = `${randomUUID()}${extension}`;
    await writeFileAtomic(join(this.dir, 'staged', name), data, PRIVATE);
    return name;
  }

  readStaged(name: string): Promise<Buffer> {
    return readFile(join(this.dir, 'staged', safeName(name)));
  }

  async removeStaged(name: string): Promise<void> {
    await rm(join(this.dir, 'staged', safeName(name)), { force: true });
  }

  private async writeNow(): Promise<void> {
    // Snapshot synchronously so mutations made while the write runs go to the next one.
    // Every changed content that still exists, serialized (ahead of time by serializeContent, or now).
    this.serializeContent();
    const contentTexts = [...this.serialized];
    this.serialized.clear();
    const deleted = [...this.deletedContent];
    const stateText = this.stateDirty ? JSON.stringify(this.state, null, 1) : undefined;
    this.dirtyContent.clear();
    this.deletedContent.clear();
    this.stateDirty = false;
    try {
      for (const [id, text] of contentTexts) await writeFileAtomic(contentPath(this.dir, id), text, PRIVATE);
      if (stateText !== undefined) await writeFileAtomic(join(this.dir, 'state.json'), stateText, PRIVATE);
      for (const id of deleted) await rm(contentPath(this.dir, id), { force: true });
      if (deleted.length > 0) await fsyncDir(join(this.dir, 'projects'));
    } catch (err) {
      // Nothing was lost in memory: mark it all dirty again so the next commit retries.
      for (const [id] of contentTexts) this.dirtyContent.add(id);
      for (const id of deleted) this.deletedContent.add(id);
      this.stateDirty = true;
      throw err;
    }
  }

  /** Removes content and staged files that no state entry refers to (left by a crash mid-commit). */
  private async removeOrphans(): Promise<void> {
    const projects = new Set(this.state.projects.map((p) => p.id));
    for (const name of await readdir(join(this.dir, 'projects'))) {
      const id = name.replace(/\.json$/, '');
      if (name.endsWith('.json') && !projects.has(id)) await rm(join(this.dir, 'projects', name), { force: true });
    }
    const staged = new Set(
      this.state.jobs.flatMap((j) => (j.task && 'stagedFile' in j.task ? [j.task.stagedFile] : [])),
    );
    for (const name of await readdir(join(this.dir, 'staged'))) {
      if (!staged.has(name)) await rm(join(this.dir, 'staged', name), { force: true });
    }
  }
}

function safeName(name: string): string {
  if (!/^[A-Za-z0-9._-]+$/.test(name) || name.startsWith('.')) throw new Error(`Invalid staged file name "${name}".`);
  return name;
}

function contentPath(dir: string, projectId: string): string {
  if (!/^\d+$/.test(projectId)) throw new Error(`Invalid project id "${projectId}" for a content file.`);
  return join(dir, 'projects', `${projectId}.json`);
}

async function readContent(dir: string, projectId: string): Promise<ProjectContent> {
  const path = contentPath(dir, projectId);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return emptyContent();
    throw err;
  }
  try {
    const c = JSON.parse(text) as ProjectContent;
    if (c.formatVersion !== 1 || typeof c.locales !== 'object') throw new Error('formatVersion 1 expected');
    return c;
  } catch (err) {
    throw new Error(
      `${path} is not a valid project content file (${(err as Error).message}); the sandbox will not overwrite it.`,
    );
  }
}
