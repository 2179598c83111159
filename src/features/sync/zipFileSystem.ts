// `cstudio-zip:` — a read-only file system over package zips, so any package (an export, a backup, the last
// remote export) can be browsed and diffed without unpacking it. Archives are opened through the core's
// ZipArchive (zip slip, links and bombs refused) and reopened when the file on disk changes.
import * as vscode from 'vscode';
import { stat } from 'node:fs/promises';
import { ZipArchive } from '../../core/package/zipArchive';
import { Disposable } from '../../host/lifecycle';
import { parseZipUri, zipUri } from './syncUris';

interface Opened {
  readonly archive: ZipArchive;
  readonly mtimeMs: number;
  readonly size: number;
}

export class ZipFileSystem extends Disposable implements vscode.FileSystemProvider {
  private readonly opened = new Map<string, Promise<Opened>>();
  private readonly changed = this._register(new vscode.EventEmitter<vscode.FileChangeEvent[]>());
  readonly onDidChangeFile = this.changed.event;

  /** Tells open editors that a zip was replaced (the remote export after a refresh). */
  async invalidate(zipPath: string): Promise<void> {
    const current = this.opened.get(zipPath);
    this.opened.delete(zipPath);
    if (current)
      await current.then(
        (o) => o.archive.close(),
        () => undefined,
      );
    this.changed.fire([{ type: vscode.FileChangeType.Changed, uri: zipUri(zipPath) }]);
  }

  watch(): vscode.Disposable {
    return new vscode.Disposable(() => undefined);
  }

  async stat(uri: vscode.Uri): Promise<vscode.FileStat> {
    const { zipPath, entry } = parseZipUri(uri);
    const { archive, mtimeMs } = await this.open(zipPath, uri);
    const file = archive.entry(entry);
    if (file)
      return {
        type: vscode.FileType.File,
        ctime: file.mtime.getTime(),
        mtime: file.mtime.getTime(),
        size: file.size,
        permissions: vscode.FilePermission.Readonly,
      };
    if (entry === '' || archive.names.some((n) => n.startsWith(`${entry}/`))) {
      return {
        type: vscode.FileType.Directory,
        ctime: mtimeMs,
        mtime: mtimeMs,
        size: 0,
        permissions: vscode.FilePermission.Readonly,
      };
    }
    throw vscode.FileSystemError.FileNotFound(uri);
  }

  async readDirectory(uri: vscode.Uri): Promise<[string, vscode.FileType][]> {
    const { zipPath, entry } = parseZipUri(uri);
    const { archive } = await this.open(zipPath, uri);
    const prefix = entry === '' ? '' : `${entry}/`;
    const children = new Map<string, vscode.FileType>();
    for (const name of archive.names) {
      if (!name.startsWith(prefix)) continue;
      const [first, ...rest] = name.slice(prefix.length).split('/');
      if (first) children.set(first, rest.length > 0 ? vscode.FileType.Directory : vscode.FileType.File);
    }
    if (children.size === 0 && entry !== '') throw vscode.FileSystemError.FileNotADirectory(uri);
    return [...children].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  }

  async readFile(uri: vscode.Uri): Promise<Uint8Array> {
    const { zipPath, entry } = parseZipUri(uri);
    const { archive } = await this.open(zipPath, uri);
    if (!archive.has(entry)) throw vscode.FileSystemError.FileNotFound(uri);
    return archive.read(entry);
  }

  createDirectory(uri: vscode.Uri): void {
    throw readOnly(uri);
  }
  writeFile(uri: vscode.Uri): void {
    throw readOnly(uri);
  }
  delete(uri: vscode.Uri): void {
    throw readOnly(uri);
  }
  rename(uri: vscode.Uri): void {
    throw readOnly(uri);
  }

  override dispose(): void {
    for (const pending of this.opened.values())
      void pending.then(
        (o) => o.archive.close(),
        () => undefined,
      );
    this.opened.clear();
    super.dispose();
  }

  private async open(zipPath: string, uri: vscode.Uri): Promise<Opened> {
    const info = await stat(zipPath).catch(() => undefined);
    if (!info?.isFile()) throw vscode.FileSystemError.FileNotFound(uri);
    const cached = this.opened.get(zipPath);
    if (cached) {
      const o = await cached.catch(() => undefined);
      if (o && o.mtimeMs === info.mtimeMs && o.size === info.size) return o;
      this.opened.delete(zipPath);
      if (o) await o.archive.close();
    }
    const opening = ZipArchive.open(zipPath).then((archive) => ({ archive, mtimeMs: info.mtimeMs, size: info.size }));
    this.opened.set(zipPath, opening);
    try {
      return await opening;
    } catch (err) {
      this.opened.delete(zipPath);
      throw vscode.FileSystemError.Unavailable(
        `${zipPath} cannot be read as a package: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
  }
}

function readOnly(uri: vscode.Uri): vscode.FileSystemError {
  return vscode.FileSystemError.NoPermissions(
    `${uri.path} is inside a package zip, which is read-only here. Pull the project to edit its files.`,
  );
}
