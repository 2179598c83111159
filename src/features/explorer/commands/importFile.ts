// Import commands read the chosen file whole (imports are small text files or zips) after checking its
// extension, so a wrong file is refused here with a message naming it, before anything reaches the platform.
import { readFile, stat } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import type { ImportFile } from '../../../core/platform/nluTypes';

/** Imports larger than this are refused before reading (the platform's request limit is 64 MiB). */
export const MAX_IMPORT_BYTES = 64 * 1024 * 1024;

export async function readImportFile(path: string, allowed: readonly string[], what: string): Promise<ImportFile> {
  const ext = extname(path).toLowerCase();
  if (!allowed.includes(ext)) {
    throw new Error(`${basename(path)} cannot be imported as ${what}: use a ${allowed.join(', ')} file.`);
  }
  const info = await stat(path).catch((e: NodeJS.ErrnoException) => {
    throw new Error(`Cannot read ${path}: ${e.code === 'ENOENT' ? 'no such file' : e.message}.`);
  });
  if (!info.isFile()) throw new Error(`${path} is not a file.`);
  if (info.size > MAX_IMPORT_BYTES)
    throw new Error(`${basename(path)} is ${info.size} bytes; imports are limited to ${MAX_IMPORT_BYTES} bytes.`);
  return { data: await readFile(path), fileName: basename(path) };
}
