// The dialog.json and a TRSX document of the project a file belongs to, for the cross-file features (rename,
// references, hover) that start in either file.

import { LanguageDocument } from '../documents';
import type { DialogModel } from '../../dialog/dialogModel';
import type { LanguageContext } from '../types';

/** The dialog.json of the project `path` belongs to: its id (the open document's, else the path) and model. */
export function projectDialog(
  ctx: LanguageContext,
  path: string | undefined,
): { id: string; path: string; model: DialogModel } | undefined {
  const project = path === undefined ? undefined : ctx.projects.projectOf(path);
  const dialogPath = project && ctx.projects.dialogPath(project);
  const model = dialogPath ? ctx.projects.dialog(dialogPath) : undefined;
  if (!dialogPath || !model) return undefined;
  return { id: ctx.documents.byPath(dialogPath)?.id ?? dialogPath, path: dialogPath, model };
}

/**
 * A TRSX document of the project (the open one, else read from disk) to start a rename from when it begins in
 * dialog.json; undefined when the project has no locale file.
 */
export function projectTrsxDocument(ctx: LanguageContext, anyProjectPath: string): LanguageDocument | undefined {
  const project = ctx.projects.projectOf(anyProjectPath);
  const first = project?.locales[0];
  if (!project || !first) return undefined;
  const open = ctx.documents.byPath(first.trsxPath);
  if (open?.languageId === 'trsx') return open;
  const text = ctx.projects.text(first.trsxPath);
  return text === undefined ? undefined : new LanguageDocument(first.trsxPath, 'trsx', 0, text, first.trsxPath);
}
