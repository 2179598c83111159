// The positioned tree of a document that was already scanned with a sink of its own (see treeBuilder.ts): its
// text and well-formedness errors are known, its nodes are built by parseXml the first time anything reads them.
// Formats that build their model in the scanning pass (GrXML) hand this out, so that callers who never look
// at the tree (validation, matching, the CLI) do not pay for it, and those who do (the editor) still get it.

import { parseXml, type XmlParseOptions, type XmlScanResult } from './scanner';
import type { XmlDocument } from './tree';

const LAZY_KEYS = ['children', 'root', 'doctype'] as const;
type LazyKey = (typeof LAZY_KEYS)[number];

/** Where a lazy document keeps what building it needs (a non-enumerable property: spreads and comparisons skip it). */
const PENDING = Symbol('lazy XML tree');

interface Pending {
  readonly options: XmlParseOptions;
}
type LazyDocument = XmlDocument & { [PENDING]?: Pending };

/** Builds the tree once; from then on the lazy keys are plain data properties, exactly as parseXml has them. */
function build(doc: LazyDocument): XmlDocument {
  const pending = doc[PENDING] as Pending;
  const full = parseXml(doc.text, pending.options);
  for (const key of LAZY_KEYS) {
    delete (doc as Partial<XmlDocument>)[key];
    if (full[key] !== undefined)
      Object.defineProperty(doc, key, { value: full[key], writable: true, enumerable: true, configurable: true });
  }
  return full;
}

function accessor(key: LazyKey): PropertyDescriptor {
  return {
    get(this: LazyDocument) {
      return build(this)[key];
    },
    set(this: LazyDocument, value: unknown) {
      build(this);
      Object.defineProperty(this, key, { value, writable: true, enumerable: true, configurable: true });
    },
    enumerable: true,
    configurable: true,
  };
}

/**
 * Own enumerable accessors (spreading or serializing the document builds it too), the same functions for every
 * document: accessors made anew per document (closures) gave each document a hidden class of its own, and the
 * garbage collector then kept copying them (most of a small grammar's parse time went there).
 */
const ACCESSORS: PropertyDescriptorMap = {
  children: accessor('children'),
  root: accessor('root'),
  doctype: accessor('doctype'),
};

/** `scan` must be what scanXml gave for `text` with the same `options` (so the errors are the same). */
export function lazyXmlDocument(text: string, scan: XmlScanResult, options: XmlParseOptions): XmlDocument {
  const doc = { text, errors: scan.errors } as LazyDocument;
  Object.defineProperty(doc, PENDING, { value: { options } });
  Object.defineProperties(doc, ACCESSORS);
  if (scan.declaration) doc.declaration = scan.declaration; // not a node: the scan's own object will do
  return doc;
}
