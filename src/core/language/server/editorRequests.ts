// Requests of ours beyond the protocol, for what editors do while typing: the close tag to insert after `>` or
// `</` (XML auto-closing, as the HTML server's `html/tag` request does it).
import type { Connection, Position, TextDocumentIdentifier } from 'vscode-languageserver';
import type { LanguageServices } from '../languageServices';
import { closeNameAfterSlash, closeTagAfterGt } from '../xml/autoClose';
import { DocumentPositions } from './conversions';
import { idOfUri } from './documentUris';

export const AUTO_CLOSE_REQUEST = 'cstudio/autoClose';

export interface AutoCloseParams {
  textDocument: TextDocumentIdentifier;
  /** Just after the typed `>` or `/`. */
  position: Position;
  typed: '>' | '/';
}

/** What to insert at the position, and where the cursor goes within it (characters from its start). */
export interface AutoCloseResult {
  text: string;
  cursor: number;
}

export function registerEditorRequests(connection: Connection, services: LanguageServices): void {
  connection.onRequest(AUTO_CLOSE_REQUEST, (params: AutoCloseParams): AutoCloseResult | null => {
    const doc = services.documents.get(idOfUri(params.textDocument.uri));
    if (!doc) return null;
    const offset = new DocumentPositions(doc).offset(params.position);
    if (params.typed === '>') {
      const close = closeTagAfterGt(doc.text, offset);
      return close ? { text: close, cursor: 0 } : null;
    }
    const name = closeNameAfterSlash(doc.text, offset, doc.elementPathAt(offset - 2));
    return name ? { text: name, cursor: name.length } : null;
  });
}
