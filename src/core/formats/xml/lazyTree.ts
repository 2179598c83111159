// The positioned tree of a document that was already scanned with a sink of its own (see treeBuilder.ts): its
// text and well-formedness errors are known, its nodes are built by parseXml the first time anything reads them.
// Formats that build their model in the scanning pass (GrXML) hand this out, so that callers who never look
// at the tree (validation, matching, the CLI) do not pay for it, and those who do (the editor) still get it.

import { parseXml, type XmlParseOptions, type XmlScanResult } from './scanner';
import type { XmlDocument } from './tree';

const LAZY_KEYS = ['children', 'root', 'doctype'] as const;

/** `scan` must be what scanXml gave for `text` with the same `options` (so the errors are the same). */
export function lazyXmlDocument(text: string, scan: XmlScanResult, options: XmlParseOptions): XmlDocument {
  const doc = { text, errors: scan.errors } as XmlDocument;
  if (scan.declaration) doc.declaration = scan.declaration; // not a node: the scan's own object will do
  const build = (): XmlDocument => {
    const full = parseXml(text, options);
    // From now on plain data properties, exactly as parseXml's document has them (absent when undefined).
    for (const key of LAZY_KEYS) {
      delete (doc as Partial<XmlDocument>)[key];
      if (full[key] !== undefined) Object.defineProperty(doc, key, { value: full[key], writable: true, enumerable: true, configurable: true });
    }
    return full;
  };
  for (const key of LAZY_KEYS) {
    // Own enumerable accessors, so that spreading or serializing the document builds it too.
    Object.defineProperty(doc, key, {
      get: () => build()[key],
      set: (value: unknown) => { build(); Object.defineProperty(doc, key, { value, writable: true, enumerable: true, configurable: true }); },
      enumerable: true, configurable: true,
    });
  }
  return doc;
}
