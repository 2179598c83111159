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
  constructor(
    message: string,
    readonly entry?: string,
  ) {
    super(message);
    this.name = 'ZipSafetyError';
  }
}

/**
 * Rejects names that would escape the target folder (`..`, absolute paths, drive letters, backslashes, NUL) and
 * names that are a second spelling of another (a "." or empty segment: `./en-US/en-US.trsx` is en-US/en-US.trsx).
 * The one entry-name rule: every reader and writer of a zip asks here, so none accepts what another refuses.
 */
export function checkEntryName(name: string): void {
  // A folder entry ends with "/": its last segment is empty by design.
  const segments = (name.endsWith('/') ? name.slice(0, -1) : name).split('/');
  const problem =
    name.length === 0
      ? 'an empty name'
      : name.includes('\0')
        ? 'a NUL character'
        : name.includes('\\')
          ? 'a backslash (Windows path separator)'
          : name.startsWith('/')
            ? 'an absolute path'
            : /^[A-Za-z]:/.test(name)
              ? 'a drive letter'
              : segments.some((seg) => seg === '..')
                ? 'a ".." segment'
                : segments.some((seg) => seg === '.')
                  ? 'a "." segment (another spelling of the path without it)'
                  : segments.some((seg) => seg === '')
                    ? 'an empty segment (another spelling of the path without it)'
                    : undefined;
  if (problem)
    throw new ZipSafetyError(
      `Zip entry "${name}" has ${problem}; refusing to read an archive that could write outside its folder.`,
      name,
    );
}
