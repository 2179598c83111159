// The file access the language services need (project discovery, other locales, grammar files), behind a port
// so tests and the worker can use the real disk while the rules stay independent of where files come from.
// Synchronous on purpose: the services answer editor requests synchronously, and these are small local reads.

import { readdirSync, readFileSync, statSync } from 'node:fs';

export interface FileInfo {
  mtimeMs: number;
  size: number;
  isDirectory: boolean;
}

export interface FileSystem {
  /** The file's bytes, or undefined when it does not exist or cannot be read. */
  readFile(path: string): Uint8Array | undefined;
  stat(path: string): FileInfo | undefined;
  /** Names of the entries of a folder (empty when it does not exist). */
  readDirectory(path: string): string[];
}

/** Largest file the services read from disk (a TRSX with 100k samples is about 10 MB). */
export const MAX_FILE_BYTES = 64 * 1024 * 1024;

export const nodeFileSystem: FileSystem = {
  readFile(path) {
    try {
      const info = statSync(path);
      if (!info.isFile() || info.size > MAX_FILE_BYTES) return undefined;
      return readFileSync(path);
    } catch {
      return undefined;
    }
  },
  stat(path) {
    try {
      const info = statSync(path);
      return { mtimeMs: info.mtimeMs, size: info.size, isDirectory: info.isDirectory() };
    } catch {
      return undefined;
    }
  },
  readDirectory(path) {
    try {
      return readdirSync(path);
    } catch {
      return [];
    }
  },
};
