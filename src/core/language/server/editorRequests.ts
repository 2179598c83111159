// The server's side of the requests for what editors do while typing (declared in ../protocol.ts): the close tag
// to insert after `>` or `</` (XML auto-closing, as the HTML server's `html/tag` request does it).
import type { Connection } from 'vscode-languageserver';
import type { LanguageServices } from '../languageServices';
import { AutoCloseRequest } from '../protocol';
import { closeNameAfterSlash, closeTagAfterGt } from '../xml/autoClose';
import { DocumentPositions, type OpenTexts } from './conversions';
import { idOfUri } from './documentUris';

export function registerEditorRequests(connection: Connection, services: LanguageServices, texts: OpenTexts): void {
  connection.onRequest(AutoCloseRequest, (params) => {
    const id = idOfUri(params.textDocument.uri);
    const doc = services.documents.get(id);
    const text = texts.get(id);
    if (!doc || !text || doc.languageId === 'dialog') return null;
    const offset = new DocumentPositions(text).offset(params.position);
    // The text around the cursor only: joining a large file's whole text would cost more than the request.
    const { text: near, origin } = doc.around(offset);
    if (params.typed === '>') {
      const close = closeTagAfterGt(near, offset - origin);
      return close ? { text: close, cursor: 0 } : null;
    }
    const name = closeNameAfterSlash(near, offset - origin, doc.elementPathAt(offset - 2));
    return name ? { text: name, cursor: name.length } : null;
  });
}
