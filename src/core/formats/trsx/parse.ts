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

/**
 * How TRSX text is scanned into a tree: whitespace between the elements of structural sections is not kept as text
 * nodes (see `elementOnly`), and elements scan their attributes again from the text when read (`lazyAttributes`):
 * the language server keeps a tree per open document, and attribute objects were a third of it.
 */
export const TRSX_XML_OPTIONS: XmlParseOptions = { elementOnly: ELEMENT_ONLY, lazyAttributes: true };

export function parseTrsx(text: string, options?: XmlParseOptions): TrsxParseResult {
  const tree = parseXml(text, { ...TRSX_XML_OPTIONS, ...options });
  const { document, index } = readTrsx(tree.root);
  return { document, tree, diagnostics: [...tree.errors], index };
}

/** Decodes (BOM, declared encoding, UTF-8 by default) then parses; decoding problems come first. */
export function parseTrsxBytes(bytes: Uint8Array, options?: XmlParseOptions): TrsxParseResult {
  const decoded = decodeXmlBytes(bytes);
  const result = parseTrsx(decoded.text, options);
  result.diagnostics = decoded.diagnostics.concat(result.diagnostics);
  return result;
}
