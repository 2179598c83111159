// What every zip path here refuses, in one place (the in-memory reader and writer, the on-disk archive, the
// directory parser they share, unpacking): the limits, the error, and the entry-name rule against zip slip.

export interface ZipLimits {
  /** Total uncompressed bytes across entries. */
  maxTotalBytes: number;
  /** Number of entries (files and folders). */
  maxEntries: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = { maxTotalBytes: 512 * 1024 * 1024, maxEntries: 20_000 };

export class ZipSafetyError extends Error {
  constructor(message: string, readonly entry?: string) {
    super(message);
    this.name = 'ZipSafetyError';
  }
}

/** Rejects names that would escape the target folder: `..`, absolute paths, drive letters, backslashes, NUL. */
export function checkEntryName(name: string): void {
  const problem =
    name.length === 0 ? 'an empty name'
      : name.includes('\0') ? 'a NUL character'
        : name.includes('\\') ? 'a backslash (Windows path separator)'
          : name.startsWith('/') ? 'an absolute path'
            : /^[A-Za-z]:/.test(name) ? 'a drive letter'
              : name.split('/').some((seg) => seg === '..') ? 'a ".." segment'
                : undefined;
  if (problem) throw new ZipSafetyError(`Zip entry "${name}" has ${problem}; refusing to read an archive that could write outside its folder.`, name);
}
