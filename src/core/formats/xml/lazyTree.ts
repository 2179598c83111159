// The positioned tree of a document that was already scanned with a sink of its own (see treeBuilder.ts): its
// text and well-formedness errors are known, its nodes are built by parseXml the first time anything reads them.
// Formats that build their model in the scanning pass (GrXML) hand this out, so that callers who never look
// at the tree (validation, matching, the CLI) do not pay for it, and those who do (the editor) still get it.

import { parseXml, type XmlParseOptions, type XmlScanResult } from './scanner';
import type { XmlDoctype, XmlDocument, XmlElement, XmlNode } from './tree';

const LAZY_KEYS = ['children', 'root', 'doctype'] as const;
type LazyKey = typeof LAZY_KEYS[number];

/** `scan` must be what scanXml gave for `text` with the same `options` (so the errors are the same). */
export function lazyXmlDocument(text: string, scan: XmlScanResult, options: XmlParseOptions): XmlDocument {
  let built: XmlDocument | undefined;
  const build = (): XmlDocument => {
    if (built) return built;
    const full = parseXml(text, options);
    built = full;
    // From now on plain data properties, exactly as parseXml's document has them (absent when undefined).
    for (const key of LAZY_KEYS) {
      delete (doc as Partial<XmlDocument>)[key];
      if (full[key] !== undefined) Object.defineProperty(doc, key, { value: full[key], writable: true, enumerable: true, configurable: true });
    }
    return full;
  };
  const replace = (key: LazyKey, value: unknown): void => {
    build();
    Object.defineProperty(doc, key, { value, writable: true, enumerable: true, configurable: true });
  };
  // Own enumerable accessors, so that spreading or serializing the document builds it too. A literal, not three
  // defineProperty calls: this runs for every grammar parsed, and the literal keeps the object's fast shape.
  const doc = {
    text,
    errors: scan.errors,
    get children() { return build().children; },
    set children(value: XmlNode[]) { replace('children', value); },
    get root() { return build().root; },
    set root(value: XmlElement | undefined) { replace('root', value); },
    get doctype() { return build().doctype; },
    set doctype(value: XmlDoctype | undefined) { replace('doctype', value); },
  } as XmlDocument;
  if (scan.declaration) doc.declaration = scan.declaration; // not a node: the scan's own object will do
  return doc;
}
