// Which VS Code documents are TRSX or GrXML (the language server names them itself: core/language/server/documentUris).
import type * as vscode from 'vscode';
import type { LanguageId } from '../../core/language/documents';

export const LANGUAGE_IDS: readonly LanguageId[] = ['trsx', 'grxml'];

export function languageOf(doc: vscode.TextDocument): LanguageId | undefined {
  if (doc.languageId === 'trsx' || doc.languageId === 'grxml') return doc.languageId;
  return undefined;
}
