// Semantic tokens over the protocol (full document and range): core/language/semanticTokens.ts classifies, this
// encodes its offsets as the protocol's relative line/character runs against the legend.
import {
  SemanticTokensBuilder,
  type Connection,
  type SemanticTokens,
  type SemanticTokensLegend,
} from 'vscode-languageserver';
import type { TextRange } from '../../formats/diagnostic';
import type { LanguageServices } from '../languageServices';
import { SEMANTIC_TOKEN_MODIFIERS, SEMANTIC_TOKEN_TYPES, semanticTokens } from '../semanticTokens';
import { DocumentPositions, type OpenTexts } from './conversions';
import { idOfUri } from './documentUris';

export const SEMANTIC_TOKENS_LEGEND: SemanticTokensLegend = {
  tokenTypes: [...SEMANTIC_TOKEN_TYPES],
  tokenModifiers: [...SEMANTIC_TOKEN_MODIFIERS],
};

export function registerSemanticTokens(connection: Connection, services: LanguageServices, texts: OpenTexts): void {
  const encode = (uri: string, within?: (at: DocumentPositions) => TextRange): SemanticTokens => {
    const id = idOfUri(uri);
    const doc = services.documents.get(id);
    const text = texts.get(id);
    const builder = new SemanticTokensBuilder();
    if (!doc || !text) return builder.build();
    const at = new DocumentPositions(text);
    for (const token of semanticTokens(doc, within?.(at))) {
      const start = at.position(token.range.start);
      const end = at.position(token.range.end);
      if (end.line !== start.line) continue; // the protocol's tokens are single-line; names never span lines
      const modifiers = token.modifiers.reduce((bits, m) => bits | (1 << SEMANTIC_TOKEN_MODIFIERS.indexOf(m)), 0);
      builder.push(
        start.line,
        start.character,
        end.character - start.character,
        SEMANTIC_TOKEN_TYPES.indexOf(token.type),
        modifiers,
      );
    }
    return builder.build();
  };
  connection.languages.semanticTokens.on(({ textDocument }) => encode(textDocument.uri));
  connection.languages.semanticTokens.onRange(({ textDocument, range }) =>
    encode(textDocument.uri, (at) => at.textRange(range)),
  );
}
