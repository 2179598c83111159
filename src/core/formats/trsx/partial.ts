// Pieces of a locale document that partial TRSX files are made of: the files an import of samples or literals
// sends (the sync engine's uploads) and the ones a partial export returns (the sandbox). Both sides build them
// the same way, so the platform and the client agree on what a partial file declares.

import type { SampleNode, TrsxConcept, TrsxDocument } from './model';

/** An empty document with the header (language, version, sources) of a locale's document. */
export function headerOnly(doc: TrsxDocument): TrsxDocument {
  const out: TrsxDocument = {
    metadata: [],
    sources: doc.sources.map((s) => ({ ...s })),
    intents: [],
    concepts: [],
    dictionaries: [],
    samples: [],
  };
  if (doc.lang !== undefined) out.lang = doc.lang;
  if (doc.version !== undefined) out.version = doc.version;
  if (doc.ontologyBase !== undefined) out.ontologyBase = doc.ontologyBase;
  return out;
}

/** A concept declaration for a partial file: identity and settings, no relations. */
export function conceptStub(c: TrsxConcept): TrsxConcept {
  const stub: TrsxConcept = { name: c.name, settings: c.settings.map((s) => ({ ...s })), relations: [] };
  if (c.dataType !== undefined) stub.dataType = c.dataType;
  if (c.freetext === true) stub.freetext = true;
  if (c.dynamic === true) stub.dynamic = true;
  return stub;
}

/** The concepts annotated in sample content, at any depth, added to `into`. */
export function annotatedConcepts(nodes: readonly SampleNode[], into: Set<string> = new Set()): Set<string> {
  for (const n of nodes) {
    if (typeof n === 'string') continue;
    into.add(n.conceptref);
    annotatedConcepts(n.content, into);
  }
  return into;
}
