// The files a push sends: per-intent sample files, per-entity literal files (TRSX, in the layout the
// platform's own exports use: header, the declarations they refer to, then the content) and the ontology
// append zip (`<locale>/<locale>.trsx` plus the grammars new rule-based entities reference).
import type { DictionaryEntry, TrsxConcept, TrsxDocument, TrsxIntent, TrsxSample } from '../formats/trsx/model';
import { annotatedConcepts, conceptStub, headerOnly } from '../formats/trsx/partial';
import { writeZip } from '../package/zip';
import { trsxPath } from '../package/layout';
import { trsxBytes } from './trsxFile';

export interface UploadFile {
  readonly fileName: string;
  readonly data: Uint8Array;
}

/** How a TRSX concept encodes its entity kind (the platform's rule; only list entities have literals). */
export function entityKind(concept: TrsxConcept): 'LIST' | 'FREEFORM' | 'REGEX' | 'RULE_BASED' | 'RELATIONAL' {
  if (concept.relations.some((r) => r.type === 'isA' || r.type === 'hasA')) return 'RELATIONAL';
  if (concept.regex !== undefined) return 'REGEX';
  if (concept.ruleGrammarFileName !== undefined) return 'RULE_BASED';
  if (concept.freetext === true) return 'FREEFORM';
  return 'LIST';
}

export function samplesUpload(
  locale: string,
  source: TrsxDocument,
  intent: string,
  samples: readonly TrsxSample[],
): UploadFile {
  const doc = headerOnly(source);
  doc.intents = [{ name: intent, links: [] }];
  const used = new Set<string>();
  for (const s of samples) annotatedConcepts(s.content, used);
  doc.concepts = source.concepts.filter((c) => used.has(c.name)).map(conceptStub);
  doc.samples = samples.map((s) => ({ ...s, intentref: intent }));
  return { fileName: `${locale}-samples.trsx`, data: trsxBytes(doc) };
}

export function literalsUpload(
  locale: string,
  source: TrsxDocument,
  entity: string,
  entries: readonly DictionaryEntry[],
): UploadFile {
  const doc = headerOnly(source);
  const concept = source.concepts.find((c) => c.name === entity);
  doc.concepts = [concept ? conceptStub(concept) : { name: entity, settings: [], relations: [] }];
  doc.dictionaries = [
    { conceptref: entity, entries: entries.map((e) => ({ literal: e.literal, value: e.value ?? e.literal })) },
  ];
  return { fileName: `${locale}-literals.trsx`, data: trsxBytes(doc) };
}

export interface OntologyAdditions {
  readonly source: TrsxDocument;
  readonly intents: TrsxIntent[];
  readonly concepts: TrsxConcept[];
  /** Grammar files by their path relative to the locale folder (`grammars/X.grxml`). */
  readonly grammars: Map<string, Uint8Array>;
}

export async function ontologyUpload(byLocale: ReadonlyMap<string, OntologyAdditions>): Promise<UploadFile> {
  const files = new Map<string, Uint8Array>();
  for (const [locale, add] of byLocale) {
    const doc = headerOnly(add.source);
    doc.intents = add.intents;
    doc.concepts = add.concepts;
    files.set(trsxPath(locale), trsxBytes(doc));
    for (const [rel, data] of add.grammars) files.set(`${locale}/${rel}`, data);
  }
  return { fileName: 'ontology.zip', data: await writeZip(files) };
}
