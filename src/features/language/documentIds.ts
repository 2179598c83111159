// Which VS Code documents are ours: TRSX, GrXML, and a project package's dialog.json (JSON to VS Code; the
// language server names them itself: core/language/server/documentUris).
import type * as vscode from 'vscode';
import { DIALOG_FILE } from '../../core/package/layout';
import type { LanguageId } from '../../core/language/documents';

export const LANGUAGE_IDS: readonly LanguageId[] = ['trsx', 'grxml'];

/** What the language client registers: TRSX and GrXML by language, dialog.json by name among JSON files. */
export const DOCUMENT_SELECTOR: ReadonlyArray<{ language: string; pattern?: string }> = [
  ...LANGUAGE_IDS.map((language) => ({ language })),
  { language: 'json', pattern: `**/${DIALOG_FILE}` },
  { language: 'jsonc', pattern: `**/${DIALOG_FILE}` },
];

export function languageOf(doc: vscode.TextDocument): LanguageId | undefined {
  if (doc.languageId === 'trsx' || doc.languageId === 'grxml') return doc.languageId;
  if ((doc.languageId === 'json' || doc.languageId === 'jsonc') && doc.uri.path.endsWith(`/${DIALOG_FILE}`))
    return 'dialog';
  return undefined;
}
