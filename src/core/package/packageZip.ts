// A project package in memory: the zip's files plus what the layout says about them (locales, metadata,
// dialog, TRSX per locale, restricted files). Reading goes through readZip, so an unsafe archive is
// refused before anything looks at its content.
import { DEFAULT_ZIP_LIMITS, readZip, writeZip, type ZipLimits } from './zip';
import {
  DIALOG_FILE, METADATA_FILE, classifyPackagePath, validatePackageLayout, type PackageIssue,
} from './layout';

export interface ProjectPackage {
  /** Every file by its package path (`/`-separated), folders omitted. */
  files: Map<string, Uint8Array>;
  /** Locales that have a `<locale>/<locale>.trsx`, sorted. */
  locales: string[];
  /** Parsed metadata.json; undefined when absent or not valid JSON (see `issues`). */
  metadata?: unknown;
  /** Parsed dialog.json; undefined when absent or not valid JSON. */
  dialog?: unknown;
  /** Decoded text of `<locale>/<locale>.trsx` per locale. */
  trsxByLocale: Map<string, string>;
  /** Paths only professional-services users may export or replace, sorted. */
  restricted: string[];
  /** Layout problems found while reading (validatePackageLayout). */
  issues: PackageIssue[];
}

/** Unpacks and describes a project package. Throws ZipSafetyError for unsafe archives. */
export function readProjectPackage(bytes: Uint8Array, limits: ZipLimits = DEFAULT_ZIP_LIMITS): ProjectPackage {
  return describePackage(readZip(bytes, limits));
}

/** Describes a package held as files (read from a zip or from a workspace folder). */
export function describePackage(files: Map<string, Uint8Array>): ProjectPackage {
  const decoder = new TextDecoder();
  const trsxByLocale = new Map<string, string>();
  const restricted: string[] = [];
  for (const [path, data] of files) {
    const info = classifyPackagePath(path);
    if (info.restricted) restricted.push(path);
    if (info.kind === 'trsx' && info.locale !== undefined) trsxByLocale.set(info.locale, decoder.decode(data));
  }
  return {
    files,
    locales: [...trsxByLocale.keys()].sort(),
    metadata: parseJson(files.get(METADATA_FILE)),
    dialog: parseJson(files.get(DIALOG_FILE)),
    trsxByLocale,
    restricted: restricted.sort(),
    issues: validatePackageLayout(files),
  };
}

/** Zips package files (sorted, reproducible bytes). Entry names are checked like on reading. */
export function writeProjectPackage(files: ReadonlyMap<string, Uint8Array>): Uint8Array {
  return writeZip(files);
}

/** The package minus its restricted files: what a regular user's export contains and may replace. */
export function withoutRestricted(files: ReadonlyMap<string, Uint8Array>): Map<string, Uint8Array> {
  return new Map([...files].filter(([path]) => !classifyPackagePath(path).restricted));
}

function parseJson(bytes: Uint8Array | undefined): unknown {
  if (!bytes) return undefined;
  try {
    return JSON.parse(new TextDecoder().decode(bytes)) as unknown;
  } catch {
    return undefined;
  }
}
