// Entity literals: the export (a zip with one `<locale>.trsx` per locale holding the entity and its
// dictionary) and the imports (.trsx, .list, .nmlist for one locale). Append adds the literal/value pairs
// the locale lacks; replace first deletes the entity's pairs in that locale.
import { parseList } from '../../core/formats/lists/list';
import { parseNmlist } from '../../core/formats/lists/nmlist';
import type { DictionaryEntry, TrsxConcept } from '../../core/formats/trsx/model';
import { badRequest } from '../errors';
import type { ProjectContent, ProjectRecord } from '../state';
import { appendLiterals, pairKey } from './entityEdits';
import { parseTrsxUpload, rejectErrors, uploadFormat } from './fileChecks';
import { conceptStub } from '../../core/formats/trsx/partial';
import { perLocaleTrsxZip } from './localeZip';
import { conceptNames, intentNames, localeContent } from './model';

/** The literal/value pairs of `entity` in an uploaded file (400 with the file's diagnostics when invalid). */
export function readLiteralsUpload(
  data: Uint8Array,
  fileName: string,
  entity: string,
  project: ProjectRecord,
  content: ProjectContent,
): DictionaryEntry[] {
  const format = uploadFormat(fileName, data, ['trsx', 'list', 'nmlist'], 'entity literal imports');
  const label = `The file${fileName ? ` "${fileName}"` : ''}`;
  if (format === 'list' || format === 'nmlist') {
    const parsed = format === 'list' ? parseList(data) : parseNmlist(data);
    rejectErrors(label, parsed.diagnostics, parsed.text);
    return dedupe(parsed.entries.map((e) => ({ literal: e.literal, value: e.value })));
  }
  const doc = parseTrsxUpload(data, label, {
    knownConcepts: conceptNames(content, project),
    knownIntents: intentNames(content, project),
  });
  const others = [...new Set(doc.dictionaries.map((d) => d.conceptref).filter((c) => c !== entity))];
  if (others.length > 0) {
    throw badRequest(
      `${label} holds literals of ${others.map((o) => `"${o}"`).join(', ')}; a literals import for entity "${entity}" takes only its literals (use the ontology append for several entities).`,
    );
  }
  if (!doc.dictionaries.some((d) => d.conceptref === entity)) {
    throw badRequest(
      `${label} holds no <dictionary conceptref="${entity}">; export the entity's literals to see the expected layout.`,
    );
  }
  return dedupe(
    doc.dictionaries.flatMap((d) => d.entries).map((e) => ({ literal: e.literal, value: e.value ?? e.literal })),
  );
}

export interface LiteralsOutcome {
  added: number;
  unchanged: number;
  deleted: number;
}

/** Applies an import to one locale: replace deletes the entity's pairs there first. */
export function importLiterals(
  content: ProjectContent,
  locale: string,
  entity: string,
  entries: readonly DictionaryEntry[],
  mode: 'append' | 'replace',
): LiteralsOutcome {
  const doc = localeContent(content, locale).trsx;
  if (mode === 'append') return { ...appendLiterals(doc, entity, entries), deleted: 0 };
  const before = new Set(
    doc.dictionaries.filter((d) => d.conceptref === entity).flatMap((d) => d.entries.map(pairKey)),
  );
  const incoming = new Set(entries.map(pairKey));
  let kept = false;
  // The first dictionary element keeps its place in the document, emptied; the pairs then come in file order.
  doc.dictionaries = doc.dictionaries.flatMap((d) => {
    if (d.conceptref !== entity) return [d];
    if (kept) return [];
    kept = true;
    return [{ ...d, entries: [] }];
  });
  appendLiterals(doc, entity, entries);
  const unchanged = [...incoming].filter((k) => before.has(k)).length;
  return { added: incoming.size - unchanged, unchanged, deleted: [...before].filter((k) => !incoming.has(k)).length };
}

/** One `<locale>.trsx` per locale with the entity's declaration and its dictionary (empty when it has none). */
export function literalsZip(
  content: ProjectContent,
  concept: TrsxConcept,
  locales: readonly string[],
  at: Date,
): Promise<Uint8Array> {
  return perLocaleTrsxZip(content, locales, at, (doc, source) => {
    const declared = source.concepts.find((c) => c.name === concept.name) ?? concept;
    doc.concepts = [conceptStub(declared)];
    const entries = source.dictionaries
      .filter((d) => d.conceptref === concept.name)
      .flatMap((d) => d.entries.map((e) => ({ ...e })));
    doc.dictionaries = [{ conceptref: concept.name, entries }];
  });
}

function dedupe(entries: DictionaryEntry[]): DictionaryEntry[] {
  const seen = new Set<string>();
  return entries.filter((e) => {
    const key = pairKey(e);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
