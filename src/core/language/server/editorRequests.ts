// Requests of ours beyond the protocol, for what editors do while typing: the close tag to insert after `>` or
// `</` (XML auto-closing, as the HTML server's `html/tag` request does it).
import type { Connection, Position, TextDocumentIdentifier } from 'vscode-languageserver';
import type { LanguageServices } from '../languageServices';
import { closeNameAfterSlash, closeTagAfterGt } from '../xml/autoClose';
import { DocumentPositions, type OpenTexts } from './conversions';
import { idOfUri } from './documentUris';

export const AUTO_CLOSE_REQUEST = 'cstudio/autoClose';

/** Sent after each publication of a document's diagnostics: `{uri, version, incremental}`. */
export const DIAGNOSTICS_PUBLISHED = 'cstudio/diagnosticsPublished';

/** Commands the server puts on code lenses; a client maps them to its own (the VS Code client: features/language). */
export const LENS_COMMANDS = {
  /** Arguments: the document URI and the position to find references from. */
  findReferences: 'cstudio.language.findReferences',
  /** Arguments: the grammar's URI and the rule to test. */
  testGrammar: 'cstudio.grammar.test',
} as const;

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

export function registerEditorRequests(connection: Connection, services: LanguageServices, texts: OpenTexts): void {
  connection.onRequest(AUTO_CLOSE_REQUEST, (params: AutoCloseParams): AutoCloseResult | null => {
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
