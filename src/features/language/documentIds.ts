// How VS Code documents are named in the language services: files by their path (so the project index can match
// them with files on disk), anything else (untitled, virtual) by its URI.
import * as vscode from 'vscode';
import { languageOfPath, type LanguageId } from '../../core/language/documents';

export const LANGUAGE_IDS: readonly LanguageId[] = ['trsx', 'grxml'];

export function languageOf(doc: vscode.TextDocument): LanguageId | undefined {
  if (doc.languageId === 'trsx' || doc.languageId === 'grxml') return doc.languageId;
  return undefined;
}

export function idOf(doc: vscode.TextDocument): string {
  return doc.uri.scheme === 'file' ? doc.uri.fsPath : doc.uri.toString();
}

export function pathOf(doc: vscode.TextDocument): string | undefined {
  return doc.uri.scheme === 'file' ? doc.uri.fsPath : undefined;
}

export function isLanguageFile(uri: vscode.Uri): boolean {
  return uri.scheme === 'file' && languageOfPath(uri.fsPath) !== undefined;
}
