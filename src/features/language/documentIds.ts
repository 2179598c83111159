// How VS Code documents are named in the language services: files by their path (so the project index can match
// them with files on disk), anything else (untitled, virtual) by its URI. Also the conversions between the
// services' offsets and VS Code positions, for open documents and for files that are not open.
import * as vscode from 'vscode';
import type { TextRange } from '../../core/formats/diagnostic';
import { languageOfPath, type LanguageId } from '../../core/language/documents';
import type { LanguageServices } from '../../core/language/languageServices';

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

/** Maps service paths (document ids or file paths) back to URIs and positions. */
export class Locator {
  constructor(private readonly services: LanguageServices) {}

  uriOf(path: string): vscode.Uri {
    const open = vscode.workspace.textDocuments.find((d) => idOf(d) === path);
    return open ? open.uri : vscode.Uri.file(path);
  }

  /** The range in `path`, converted with the open document when there is one, else with the file's text. */
  range(path: string, range: TextRange): vscode.Range {
    const open = vscode.workspace.textDocuments.find((d) => idOf(d) === path);
    if (open) return new vscode.Range(open.positionAt(range.start), open.positionAt(range.end));
    const lines = this.services.projects.lines(path);
    if (!lines) return new vscode.Range(0, 0, 0, 0);
    const a = lines.position(range.start);
    const b = lines.position(range.end);
    return new vscode.Range(a.line - 1, a.column - 1, b.line - 1, b.column - 1);
  }

  location(path: string, range: TextRange): vscode.Location {
    return new vscode.Location(this.uriOf(path), this.range(path, range));
  }
}

export function isLanguageFile(uri: vscode.Uri): boolean {
  return uri.scheme === 'file' && languageOfPath(uri.fsPath) !== undefined;
}
