// TRSX text (or bytes) → model + positioned tree + source index. Parsing never throws: well-formedness
// problems come back as diagnostics and the model holds whatever could be read.

import type { Diagnostic } from '../diagnostic';
import { decodeXmlBytes } from '../xml/decode';
import { parseXml, type XmlParseOptions } from '../xml/scanner';
import type { XmlDocument } from '../xml/tree';
import type { TrsxDocument } from './model';
import { readTrsx } from './read';
import { ELEMENT_ONLY } from './schema';
import type { TrsxIndex } from './source-index';

export interface TrsxParseResult {
  document: TrsxDocument;
  tree: XmlDocument;
  /** Decoding and well-formedness diagnostics (`XML…`); `validateTrsx` adds the TRSX rules. */
  diagnostics: Diagnostic[];
  index: TrsxIndex;
}

/** Whitespace between the elements of structural sections is not kept as text nodes (see `elementOnly`). */
export function parseTrsx(text: string, options?: XmlParseOptions): TrsxParseResult {
  const tree = parseXml(text, { elementOnly: ELEMENT_ONLY, ...options });
  const { document, index } = readTrsx(tree.root);
  return { document, tree, diagnostics: [...tree.errors], index };
}

/** Decodes (BOM, declared encoding, UTF-8 by default) then parses; decoding problems come first. */
export function parseTrsxBytes(bytes: Uint8Array, options?: XmlParseOptions): TrsxParseResult {
  const decoded = decodeXmlBytes(bytes);
  const result = parseTrsx(decoded.text, options);
  result.diagnostics.unshift(...decoded.diagnostics);
  return result;
}
