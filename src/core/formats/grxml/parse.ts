// GrXML text → grammar model (model.ts), built in the XML scanner's single pass (builder.ts), which also checks
// the document's structure. Building never fails: what the document says is kept even when it breaks SRGS rules,
// so the editor can still navigate it; `validate.ts` judges it. The diagnostics returned here are only decoding
// and well-formedness problems. The positioned XML tree is built on first access (xml/lazyTree.ts).

import type { Diagnostic } from '../diagnostic';
import { decodeXmlBytes } from '../xml/decode';
import { lazyXmlDocument } from '../xml/lazyTree';
import { scanXml, type XmlParseOptions } from '../xml/scanner';
import type { XmlDocument } from '../xml/tree';
import { GrammarBuilder, type GrxmlStructure } from './builder';
import type { ExpansionStore } from './expansionStore';
import type { Grammar } from './model';

export type { GrxmlStructure } from './builder';

export interface GrxmlParseResult {
  grammar: Grammar;
  /** The positioned XML tree; built the first time its nodes are read (the model and validation do without). */
  tree: XmlDocument;
  /** Decoding and XML well-formedness problems (`XML…` codes). SRGS rules are checked by `validateGrxml`. */
  diagnostics: Diagnostic[];
  /** SRGS structure problems found while reading the document; `validateGrxml` reports them with the rest. */
  structure: GrxmlStructure;
  /** The rules' expansions, numbered, as validation walks them (the rules' objects are made from them when read). */
  expansions: ExpansionStore;
}

export interface GrxmlParseOptions {
  /** Where the document came from (file path or URL); external rule references resolve against it. */
  uri?: string;
  /** Deepest element nesting kept (passed to the XML scanner; default GRXML_MAX_DEPTH). */
  maxDepth?: number;
}

/**
 * Deepest element nesting a grammar may have. Validation, matching and tag evaluation walk expansions
 * recursively (a few stack frames per level): past this depth the scanner reports XML018 at the first element
 * too deep, with its line and column, and keeps nothing deeper, so no input can exhaust the stack. Real grammars
 * nest a few dozen levels at most.
 */
export const GRXML_MAX_DEPTH = 256;

/** The text each parsed grammar was read from (kept beside the model, so the model stays plain data). */
const sourceTexts = new WeakMap<Grammar, string>();

/** The document text `grammar` was parsed from, for line numbers in messages (e.g. about a failing tag). */
export function grammarSourceText(grammar: Grammar): string | undefined {
  return sourceTexts.get(grammar);
}

export function parseGrxmlBytes(bytes: Uint8Array, options: GrxmlParseOptions = {}): GrxmlParseResult {
  const decoded = decodeXmlBytes(bytes);
  const result = parseGrxml(decoded.text, options);
  result.diagnostics = decoded.diagnostics.concat(result.diagnostics);
  return result;
}

export function parseGrxml(text: string, options: GrxmlParseOptions = {}): GrxmlParseResult {
  const xmlOptions: XmlParseOptions = { maxDepth: options.maxDepth ?? GRXML_MAX_DEPTH };
  const builder = new GrammarBuilder(text);
  const scan = scanXml(text, builder, xmlOptions);
  const structure = builder.finish();
  const grammar = builder.grammar;
  if (options.uri !== undefined) grammar.uri = options.uri;
  sourceTexts.set(grammar, text);
  return {
    grammar,
    tree: lazyXmlDocument(text, scan, xmlOptions),
    diagnostics: [...scan.errors],
    structure,
    expansions: builder.expansions,
  };
}
