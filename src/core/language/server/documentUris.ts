// How the language server names documents: files by their path (so the project index matches them with files on
// disk), anything else (untitled, virtual) by its URI. The client's own URI spelling is kept for every document it
// opened, so diagnostics and edits go back under the exact URI it knows.
import { fileURLToPath, pathToFileURL } from 'node:url';
import { languageOfPath, type LanguageId } from '../documents';

export function idOfUri(uri: string): string {
  if (!uri.startsWith('file:')) return uri;
  try {
    return fileURLToPath(uri);
  } catch {
    return uri;
  }
}

export function pathOfUri(uri: string): string | undefined {
  return uri.startsWith('file:') ? idOfUri(uri) : undefined;
}

/** The language of a document the client opened: its language id, else its file name. */
export function languageOfDocument(languageId: string, uri: string): LanguageId | undefined {
  if (languageId === 'trsx' || languageId === 'grxml') return languageId;
  if (languageId === 'xml' || languageId === '') return languageOfPath(idOfUri(uri));
  // A project package's dialog.json (core/dialog); other JSON files are not ours.
  if (languageId === 'json' || languageId === 'jsonc')
    return languageOfPath(idOfUri(uri)) === 'dialog' ? 'dialog' : undefined;
  return undefined;
}

export class UriBook {
  private readonly uris = new Map<string, string>();

  remember(id: string, uri: string): void {
    this.uris.set(id, uri);
  }

  forget(id: string): void {
    this.uris.delete(id);
  }

  /** The URI of a document id or file path: the client's spelling when it opened it, else a file URI. */
  uriOf(id: string): string {
    return this.uris.get(id) ?? (id.includes('://') || id.startsWith('untitled:') ? id : pathToFileURL(id).href);
  }
}
