// One read-only view over the places a package can be: a workspace folder, the base copy, a zip on disk
// (an export, a backup, a user's file) or files in memory. Comparison, status and merge read through it,
// one file at a time.
import { open, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { readWholeFile } from '../fs/readWhole';
import { listPackageFolder } from '../package/folder';
import { throwIfAborted } from '../progress';
import { sha256, StreamingHash } from './hashing';
import { EntryScratch, ZipArchive } from '../package/zipArchive';

export interface PackageFiles {
  /** Says what this is in messages: "the workspace", "backup 2024-…zip". */
  readonly label: string;
  /** Package paths (`/`-separated), sorted. */
  list(signal?: AbortSignal): Promise<string[]>;
  /** The file's bytes, or undefined when the package has no such file. */
  read(path: string, signal?: AbortSignal): Promise<Uint8Array | undefined>;
  /** The file's sha256, or undefined when absent. */
  hash(path: string, signal?: AbortSignal): Promise<string | undefined>;
  /**
   * The file's bytes, valid only until the next `hash` or `readTransient` of this package or of any other sharing
   * its scratch buffers (see EntryScratch): for a caller that keeps nothing of them, so no file-sized garbage.
   */
  readTransient(path: string, signal?: AbortSignal): Promise<Uint8Array | undefined>;
  close(): Promise<void>;
}

/** Zip entries larger than this are hashed as a stream rather than inflated whole. */
const STREAM_ABOVE = 32 * 1024 * 1024;
/** Files are hashed through one buffer of this size, reused: reading each whole left its size in garbage. */
const HASH_BUFFER = 1024 * 1024;

/**
 * A folder laid out as a package; dot-files and dot-folders (`.cstudio/`, `.git/`) are not part of it. With a
 * `scratch`, a file is hashed and read transiently in one read into its buffer (one file-system request, no
 * garbage); without, hashed through a small buffer.
 */
export class FolderFiles implements PackageFiles {
  readonly root: string;
  private cache: string[] | undefined;
  private hashBuffer: Buffer | undefined;

  constructor(
    dir: string,
    readonly label: string = dir,
    private readonly scratch?: EntryScratch,
  ) {
    this.root = resolve(dir);
  }

  async list(signal?: AbortSignal): Promise<string[]> {
    this.cache ??= await listPackageFolder(this.root, { signal });
    return [...this.cache];
  }

  fullPath(path: string): string {
    return join(this.root, ...path.split('/'));
  }

  async read(path: string): Promise<Uint8Array | undefined> {
    return readWholeFile(this.fullPath(path)).catch(absent);
  }

  async readTransient(path: string): Promise<Uint8Array | undefined> {
    const scratch = this.scratch;
    if (!scratch) return this.read(path);
    return readWholeFile(this.fullPath(path), (size) => scratch.output(size)).catch(absent);
  }

  async hash(path: string, signal?: AbortSignal): Promise<string | undefined> {
    if (this.scratch) {
      const info = await stat(this.fullPath(path)).catch(absent);
      if (!info?.isFile()) return undefined;
      const data = await this.readTransient(path);
      return data ? sha256(data) : undefined;
    }
    const info = await stat(this.fullPath(path)).catch(absent);
    if (!info?.isFile()) return undefined;
    const handle = await open(this.fullPath(path), 'r').catch(absent);
    if (!handle) return undefined;
    try {
      this.hashBuffer ??= Buffer.allocUnsafe(HASH_BUFFER);
      const hash = new StreamingHash();
      for (;;) {
        throwIfAborted(signal);
        const { bytesRead } = await handle.read(this.hashBuffer, 0, HASH_BUFFER, null);
        if (bytesRead === 0) break;
        hash.update(this.hashBuffer.subarray(0, bytesRead));
      }
      return hash.digest();
    } finally {
      await handle.close();
    }
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

/** An entry of an earlier export: its stored digest and the sha256 of its bytes. */
export interface KnownEntry {
  readonly storedDigest: string;
  readonly hash: string;
}

/** A package zip on disk, read entry by entry. */
export class ZipFiles implements PackageFiles {
  /** Hashes already computed: an entry is inflated to hash it, so each is hashed once. */
  private readonly hashes = new Map<string, string>();
  /**
   * The entry inflated last: a pull hashes an entry, then reads it to merge and to stage it, and each read would
   * otherwise inflate the whole file again into a new buffer (garbage the size of the file, three times).
   */
  private last: { readonly path: string; readonly bytes: Uint8Array } | undefined;
  /** Stored digests (ZipArchive.storedDigest) computed so far. */
  private readonly storedDigests = new Map<string, string>();
  /** `scratch`: where entries' stored bytes are read to be hashed, one buffer for the whole archive (or more). */
  private constructor(
    readonly archive: ZipArchive,
    readonly label: string,
    private readonly scratch: EntryScratch,
    private readonly knownStored: Readonly<Record<string, KnownEntry>>,
  ) {}

  /**
   * `known`: entry hashes recorded earlier for this very file (see remoteDigest.ts), so they are not recomputed;
   * `knownStored`: entries of an earlier export by path, whose hash holds for an entry stored the same way.
   */
  static async open(
    path: string,
    label: string = path,
    scratch: EntryScratch = new EntryScratch(),
    known?: Readonly<Record<string, string>>,
    knownStored: Readonly<Record<string, KnownEntry>> = {},
  ): Promise<ZipFiles> {
    const files = new ZipFiles(await ZipArchive.open(path), label, scratch, knownStored);
    for (const [name, hash] of Object.entries(known ?? {})) if (files.archive.has(name)) files.hashes.set(name, hash);
    return files;
  }

  /** The entry's stored digest (ZipArchive.storedDigest), or undefined when absent. */
  async storedDigest(path: string, signal?: AbortSignal): Promise<string | undefined> {
    if (!this.archive.has(path)) return undefined;
    let digest = this.storedDigests.get(path);
    if (digest === undefined) {
      digest = await this.archive.storedDigest(path, this.scratch, signal);
      this.storedDigests.set(path, digest);
    }
    return digest;
  }

  list(): Promise<string[]> {
    return Promise.resolve(this.archive.names);
  }

  /** The buffers this archive's entries are inflated in to be hashed; a folder read alongside may share them. */
  get scratchBuffers(): EntryScratch {
    return this.scratch;
  }

  async readTransient(path: string, signal?: AbortSignal): Promise<Uint8Array | undefined> {
    const entry = this.archive.entry(path);
    if (!entry) return undefined;
    if (entry.size > STREAM_ABOVE) return this.archive.read(path, signal);
    return this.inflated(path, signal);
  }

  /** The entry's bytes, inflated once for consecutive reads of the same entry. */
  private async inflated(path: string, signal?: AbortSignal): Promise<Uint8Array> {
    if (this.last?.path === path) return this.last.bytes;
    this.last = undefined; // dropped before the next is inflated, so two are never held
    const bytes = await this.archive.readInto(path, this.scratch, signal);
    this.last = { path, bytes };
    return bytes;
  }

  async read(path: string, signal?: AbortSignal): Promise<Uint8Array | undefined> {
    return this.archive.has(path) ? this.archive.read(path, signal) : undefined;
  }

  async hash(path: string, signal?: AbortSignal): Promise<string | undefined> {
    if (!this.archive.has(path)) return undefined;
    const known = this.hashes.get(path);
    if (known !== undefined) return known;
    // Stored as in the earlier export: the same bytes, so the same hash, and nothing inflated.
    const earlier = this.knownStored[path];
    if (earlier && earlier.storedDigest === (await this.storedDigest(path, signal))) {
      this.hashes.set(path, earlier.hash);
      return earlier.hash;
    }
    let digest: string;
    if ((this.archive.entry(path)?.size ?? 0) <= STREAM_ABOVE) digest = sha256(await this.inflated(path, signal));
    else {
      const h = new StreamingHash();
      for await (const chunk of this.archive.chunks(path, signal)) h.update(chunk);
      digest = h.digest();
    }
    this.hashes.set(path, digest);
    return digest;
  }

  close(): Promise<void> {
    this.last = undefined;
    return this.archive.close();
  }
}

/** Files held in memory (tests, small uploads). */
export class MapFiles implements PackageFiles {
  constructor(
    private readonly files: ReadonlyMap<string, Uint8Array>,
    readonly label: string,
  ) {}

  list(): Promise<string[]> {
    return Promise.resolve([...this.files.keys()].filter((n) => !n.endsWith('/')).sort());
  }

  read(path: string): Promise<Uint8Array | undefined> {
    return Promise.resolve(this.files.get(path));
  }

  hash(path: string): Promise<string | undefined> {
    const data = this.files.get(path);
    return Promise.resolve(data ? sha256(data) : undefined);
  }

  readTransient(path: string): Promise<Uint8Array | undefined> {
    return this.read(path);
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

/** A folder or a zip file, whichever `path` is. */
export async function openPackageFiles(path: string, label?: string): Promise<PackageFiles> {
  const info = await stat(path).catch((e: NodeJS.ErrnoException) => {
    throw new Error(
      `Cannot open ${path}: ${e.code === 'ENOENT' ? 'no such file or folder' : e.message}. Give a package zip or a project folder.`,
    );
  });
  return info.isDirectory() ? new FolderFiles(path, label ?? path) : ZipFiles.open(path, label ?? path);
}

function absent(err: NodeJS.ErrnoException): undefined {
  if (err.code === 'ENOENT' || err.code === 'ENOTDIR' || err.code === 'EISDIR') return undefined;
  throw err;
}
