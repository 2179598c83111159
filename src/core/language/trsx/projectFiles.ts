// The other locale files of the project a TRSX file belongs to, for cross-file completion, hover, navigation
// and rename. Names come from cheap header parses (project/projectIndex.ts), references from full parses.

import type { LanguageContext } from '../types';
import type { Project } from '../project/projectIndex';
import { trsxSymbols, type TrsxSymbols } from './symbols';

export interface LocaleFile {
  locale: string;
  path: string;
}

/** The project's locale files other than `path` (empty when `path` is not in a project). */
export function otherLocaleFiles(ctx: LanguageContext, path: string | undefined): LocaleFile[] {
  const project = path === undefined ? undefined : ctx.projects.projectOf(path);
  if (!project || path === undefined) return [];
  return project.locales.filter((l) => l.trsxPath !== path).map((l) => ({ locale: l.locale, path: l.trsxPath }));
}

/** The locale of `path` in its project, if it is one of the project's locale files. */
export function localeOf(project: Project | undefined, path: string | undefined): string | undefined {
  return project?.locales.find((l) => l.trsxPath === path)?.locale;
}

/** Declarations (intents, concepts, dictionaries) of the other locale files. */
export function otherLocaleDeclarations(
  ctx: LanguageContext,
  path: string | undefined,
): Array<LocaleFile & { symbols: TrsxSymbols }> {
  const out: Array<LocaleFile & { symbols: TrsxSymbols }> = [];
  for (const file of otherLocaleFiles(ctx, path)) {
    const header = ctx.projects.trsxHeader(file.path);
    if (header) out.push({ ...file, symbols: trsxSymbols(header) });
  }
  return out;
}

/** Full symbol tables (references included) of the other locale files. */
export function otherLocaleSymbols(
  ctx: LanguageContext,
  path: string | undefined,
): Array<LocaleFile & { symbols: TrsxSymbols }> {
  const out: Array<LocaleFile & { symbols: TrsxSymbols }> = [];
  for (const file of otherLocaleFiles(ctx, path)) {
    const result = ctx.projects.trsx(file.path);
    if (result) out.push({ ...file, symbols: trsxSymbols(result) });
  }
  return out;
}
