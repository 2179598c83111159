// The layout rules of a project package (platform-api.md, "Project package (zip) and metadata export"):
//   metadata.json, dialog.json, <locale>/<locale>.trsx, and the restricted files <locale>/grammars/*,
//   <locale>/_client_prons.txt, <locale>/_tmfe.tsv (professional-services users only).
// A replacement zip "must follow this same structure", so a pushed folder is checked against these rules.
import { isLocaleName, LOCALE_EXAMPLE } from './locale';

export type PackagePathKind = 'metadata' | 'dialog' | 'trsx' | 'grammar' | 'prons' | 'tmfe' | 'unknown';

export interface PackagePathInfo {
  kind: PackagePathKind;
  /** The locale folder the path lives in, when it lives in one. */
  locale?: string;
  /** Only professional-services users get these in exports and may replace them. */
  restricted: boolean;
}

export const METADATA_FILE = 'metadata.json';
export const DIALOG_FILE = 'dialog.json';
export const PRONS_FILE = '_client_prons.txt';
export const TMFE_FILE = '_tmfe.tsv';
export const GRAMMARS_FOLDER = 'grammars';

/** Where a TRSX file of `locale` belongs in a package. */
export function trsxPath(locale: string): string {
  return `${locale}/${locale}.trsx`;
}

/** Classifies one package path (`/`-separated, relative). */
export function classifyPackagePath(path: string): PackagePathInfo {
  if (path === METADATA_FILE) return { kind: 'metadata', restricted: false };
  if (path === DIALOG_FILE) return { kind: 'dialog', restricted: false };
  const segments = path.split('/');
  const [first, second] = segments;
  if (segments.length < 2 || !first || !second) return { kind: 'unknown', restricted: false };
  const locale = first;
  if (segments.length === 2 && second === `${locale}.trsx`) return { kind: 'trsx', locale, restricted: false };
  if (segments.length === 2 && second === PRONS_FILE) return { kind: 'prons', locale, restricted: true };
  if (segments.length === 2 && second === TMFE_FILE) return { kind: 'tmfe', locale, restricted: true };
  if (second === GRAMMARS_FOLDER && segments.length > 2 && segments.at(-1) !== '')
    return { kind: 'grammar', locale, restricted: true };
  return { kind: 'unknown', locale, restricted: false };
}

/**
 * Why `path` cannot be a file of a package at all (undefined when it can, known to the layout or not): a package
 * holds files at its root and in locale folders only, so a file in any other folder (`‥/‥/x`, `docs/x`) is no part
 * of one — a pull that wrote it would leave the folder refused by every push (PKG003).
 */
export function foreignPackagePath(path: string): string | undefined {
  const segments = path.split('/');
  const first = segments[0] ?? '';
  if (segments.length < 2 || isLocaleName(first)) return undefined;
  return `lies in folder "${first}", which is no locale folder; a project package holds metadata.json, dialog.json and <locale>/ folders (like ${LOCALE_EXAMPLE}/) only`;
}

export type PackageIssueCode =
  | 'PKG001'
  | 'PKG002'
  | 'PKG003'
  | 'PKG004'
  | 'PKG005'
  | 'PKG006'
  | 'PKG007'
  | 'PKG008'
  | 'PKG009';

export interface PackageIssue {
  /** Stable code (table below). */
  code: PackageIssueCode;
  severity: 'error' | 'warning' | 'info';
  message: string;
  /** The package path the issue is about, when there is one. */
  path?: string;
}

// PKG001 metadata.json missing                      error
// PKG002 a .trsx file not at <locale>/<locale>.trsx  error
// PKG003 locale folder name does not look like en-US error
// PKG004 a file the layout does not know             warning
// PKG005 metadata.json or dialog.json is not JSON    error
// PKG006 no TRSX file at all                         warning
// PKG007 a locale folder without its TRSX file       warning
// PKG008 restricted files present                    info (regular users cannot replace them)
// PKG009 a grammar file that is not .grxml           warning

/** Checks a package's file list (and its JSON files' syntax) against the layout rules. */
export function validatePackageLayout(files: ReadonlyMap<string, Uint8Array> | readonly string[]): PackageIssue[] {
  const paths = files instanceof Map ? [...files.keys()] : [...(files as readonly string[])];
  const issues: PackageIssue[] = [];
  if (!paths.includes(METADATA_FILE)) {
    issues.push({
      code: 'PKG001',
      severity: 'error',
      message: `The package has no ${METADATA_FILE} at its root; export the project again or restore the file.`,
    });
  }
  const localesWithTrsx = new Set<string>();
  const localeFolders = new Set<string>();
  const restricted: string[] = [];
  for (const path of paths.sort()) {
    const info = classifyPackagePath(path);
    if (info.locale !== undefined) localeFolders.add(info.locale);
    if (info.restricted) restricted.push(path);
    if (info.kind === 'trsx' && info.locale !== undefined) localesWithTrsx.add(info.locale);
    if (info.kind === 'unknown') issues.push(unknownFileIssue(path));
    if (info.kind === 'grammar' && !/\.grxml$/i.test(path)) {
      issues.push({
        code: 'PKG009',
        severity: 'warning',
        path,
        message: `${path} is in a grammars folder but is not a .grxml file; the platform expects GrXML grammars there.`,
      });
    }
    if ((info.kind === 'metadata' || info.kind === 'dialog') && files instanceof Map) {
      const problem = jsonProblem(files.get(path));
      if (problem)
        issues.push({
          code: 'PKG005',
          severity: 'error',
          path,
          message: `${path} is not valid JSON (${problem}); fix or restore it.`,
        });
    }
  }
  for (const locale of [...localeFolders].sort()) {
    if (!isLocaleName(locale)) {
      issues.push({
        code: 'PKG003',
        severity: 'error',
        path: `${locale}/`,
        message: `Folder "${locale}" is not a locale name like "en-US"; locale folders are named language-REGION.`,
      });
    } else if (!localesWithTrsx.has(locale)) {
      issues.push({
        code: 'PKG007',
        severity: 'warning',
        path: `${locale}/`,
        message: `Locale folder ${locale}/ has no ${trsxPath(locale)}; add it or remove the folder.`,
      });
    }
  }
  if (localesWithTrsx.size === 0) {
    issues.push({
      code: 'PKG006',
      severity: 'warning',
      message: 'The package has no <locale>/<locale>.trsx file, so it carries no NLU ontology.',
    });
  }
  if (restricted.length > 0) {
    issues.push({
      code: 'PKG008',
      severity: 'info',
      message: `${restricted.length} restricted file(s) (grammars, pronunciations, transformations): only professional-services users can replace them.`,
    });
  }
  return issues;
}

function unknownFileIssue(path: string): PackageIssue {
  const name = path.split('/').at(-1) ?? path;
  if (name.toLowerCase().endsWith('.trsx')) {
    const folder = path.includes('/') ? path.split('/')[0] : undefined;
    const where =
      folder && isLocaleName(folder) ? trsxPath(folder) : '<locale>/<locale>.trsx (for example en-US/en-US.trsx)';
    return {
      code: 'PKG002',
      severity: 'error',
      path,
      message: `${path} is not where a TRSX file belongs; move it to ${where}.`,
    };
  }
  return {
    code: 'PKG004',
    severity: 'warning',
    path,
    message: `${path} is not part of the package layout; the platform may ignore or reject it.`,
  };
}

function jsonProblem(bytes: Uint8Array | undefined): string | undefined {
  if (!bytes) return undefined;
  try {
    JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    return undefined;
  } catch (e) {
    return e instanceof TypeError ? 'not UTF-8' : (e as Error).message;
  }
}

export function hasPackageErrors(issues: readonly PackageIssue[]): boolean {
  return issues.some((i) => i.severity === 'error');
}
