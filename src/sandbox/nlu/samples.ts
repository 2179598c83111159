// Samples of one intent: the export (a zip with one `<locale>.trsx` per locale holding the intent, the entities
// its samples use and its samples) and the imports (.trsx or .txt for one locale). A sample that is already
// there (same text and annotations) gets its count raised instead of a second copy; replace first deletes the
// intent's samples in that locale.
import { samplesFromTxt, parseSamplesTxt } from '../../core/formats/lists/samplesTxt';
import type { TrsxDocument, TrsxSample } from '../../core/formats/trsx/model';
import { isPredefinedConcept } from '../../core/formats/trsx/predefined';
import { annotatedSampleKey } from '../../core/formats/trsx/sample-text';
import { badRequest } from '../errors';
import type { ProjectContent, ProjectRecord } from '../state';
import { parseTrsxUpload, rejectErrors, uploadFormat } from './fileChecks';
import { annotatedConcepts, conceptStub } from '../../core/formats/trsx/partial';
import { perLocaleTrsxZip } from './localeZip';
import { conceptNames, intentNames, localeContent } from './model';

/** The samples of `intent` in an uploaded file (400 with the file's diagnostics when invalid). */
export function readSamplesUpload(
  data: Uint8Array,
  fileName: string,
  intent: string,
  project: ProjectRecord,
  content: ProjectContent,
): TrsxSample[] {
  const format = uploadFormat(fileName, data, ['trsx', 'txt'], 'sample imports');
  const label = `The file${fileName ? ` "${fileName}"` : ''}`;
  if (format === 'txt') {
    const parsed = parseSamplesTxt(data);
    rejectErrors(label, parsed.diagnostics, parsed.text);
    return samplesFromTxt(intent, parsed);
  }
  const concepts = conceptNames(content, project);
  const doc = parseTrsxUpload(data, label, { knownConcepts: concepts, knownIntents: intentNames(content, project) });
  const others = [...new Set(doc.samples.map((s) => s.intentref).filter((i) => i !== intent))];
  if (others.length > 0) {
    throw badRequest(
      `${label} holds samples of ${others.map((o) => `"${o}"`).join(', ')}; a samples import for intent "${intent}" takes only its samples (use the ontology append for several intents).`,
    );
  }
  requireKnownConcepts(doc.samples, new Set(concepts), label, project);
  return doc.samples.map((s) => structuredClone(s));
}

/** Annotations must name entities of the project (or predefined ones): a samples import adds no entity. */
function requireKnownConcepts(
  samples: readonly TrsxSample[],
  known: ReadonlySet<string>,
  label: string,
  project: ProjectRecord,
): void {
  const used = new Set<string>();
  for (const s of samples) annotatedConcepts(s.content, used);
  const unknown = [...used].filter((c) => !known.has(c) && !isPredefinedConcept(c));
  if (unknown.length > 0) {
    throw badRequest(
      `${label} annotates ${unknown.map((u) => `"${u}"`).join(', ')}, which project ${project.id} does not have; create the entities first (or import them with the ontology append).`,
    );
  }
}

export interface SamplesOutcome {
  /** New samples. */
  added: number;
  /** Samples already there whose count went up. */
  counted: number;
  deleted: number;
}

/** Applies an import to one locale. */
export function importSamples(
  content: ProjectContent,
  locale: string,
  intent: string,
  samples: readonly TrsxSample[],
  mode: 'append' | 'replace',
): SamplesOutcome {
  const doc = localeContent(content, locale).trsx;
  let deleted = 0;
  if (mode === 'replace') {
    const before = doc.samples.length;
    doc.samples = doc.samples.filter((s) => s.intentref !== intent);
    deleted = before - doc.samples.length;
  }
  return {
    ...mergeSamples(
      doc,
      samples.map((s) => ({ ...s, intentref: intent })),
    ),
    deleted,
  };
}

/** Adds samples to a document; one that is already there (same intent, text and annotations) adds to its count. */
export function mergeSamples(doc: TrsxDocument, samples: readonly TrsxSample[]): { added: number; counted: number } {
  const index = new Map<string, TrsxSample>();
  for (const s of doc.samples) index.set(sampleKey(s), s);
  let added = 0;
  let counted = 0;
  for (const incoming of samples) {
    const key = sampleKey(incoming);
    const existing = index.get(key);
    if (existing) {
      existing.count = (existing.count ?? 1) + (incoming.count ?? 1);
      counted++;
      continue;
    }
    const copy: TrsxSample = { ...structuredClone(incoming), count: incoming.count ?? 1 };
    doc.samples.push(copy);
    index.set(key, copy);
    added++;
  }
  return { added, counted };
}

function sampleKey(s: TrsxSample): string {
  return `${s.intentref}\u0000${annotatedSampleKey(s.content)}`;
}

/** One `<locale>.trsx` per locale: the intent, stubs of the entities its samples and links use, its samples. */
export function samplesZip(
  content: ProjectContent,
  intent: string,
  locales: readonly string[],
  at: Date,
): Promise<Uint8Array> {
  return perLocaleTrsxZip(content, locales, at, (doc, source) => {
    const declared = source.intents.find((i) => i.name === intent);
    doc.intents = [declared ? structuredClone(declared) : { name: intent, links: [] }];
    doc.samples = source.samples.filter((s) => s.intentref === intent).map((s) => structuredClone(s));
    const used = new Set(doc.intents[0]?.links.map((l) => l.conceptref) ?? []);
    for (const s of doc.samples) annotatedConcepts(s.content, used);
    doc.concepts = source.concepts.filter((c) => used.has(c.name)).map(conceptStub);
  });
}
