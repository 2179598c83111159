// Entity edits on a project's content: create, update, change type, rename, delete. The ontology is the same
// in every locale, so each edit goes to every locale's TRSX; literals stay per locale. Every check runs before
// the first change, so a rejected request leaves the content as it was.
import { isPredefinedConcept } from '../../core/formats/trsx/predefined';
import type { ConceptRelation, DictionaryEntry, TrsxConcept, TrsxDocument } from '../../core/formats/trsx/model';
import { badRequest, notFound, type ApiError } from '../errors';
import type { ProjectContent, ProjectRecord } from '../state';
import {
  COMPATIBLE_DATA_TYPES,
  kindOf,
  setAnaphora,
  setSetting,
  trsxDataType,
  wireDataType,
  type EntityKind,
} from './entityKinds';
import type { EntityChanges, EntityDefinition, EntityUpdate, KindContent, TypeChange } from './entityPayload';
import { attachDummyGrammars, detachGrammars } from './grammars';
import { findConcept, forgetId, localeDocs, mapAnnotations, moveId } from './model';

/** Adds an entity to every locale; returns the first locale's concept. */
export function createEntity(content: ProjectContent, project: ProjectRecord, def: EntityDefinition): TrsxConcept {
  requireNewName(content, project, def.name);
  if (def.kind === 'RELATIONAL') checkRelations(content, project, def.name, def.isA, def.hasA);
  const grammarPath = def.kind === 'RULE_BASED' ? attachDummyGrammars(content, project, def.name) : undefined;
  for (const { locale, doc } of localeDocs(content, project)) {
    const concept: TrsxConcept = {
      name: def.name,
      dataType: trsxDataType(def.dataType ?? 'NOT_SET'),
      settings: [],
      relations: [],
    };
    applyChanges(concept, def);
    setKindContent(concept, def.kind, def, grammarPath);
    doc.concepts.push(concept);
    const literals = def.data?.get(locale);
    if (literals && literals.length > 0) appendLiterals(doc, def.name, literals);
  }
  return requireEntity(content, project, def.name);
}

export function updateEntity(
  content: ProjectContent,
  project: ProjectRecord,
  name: string,
  changes: EntityUpdate,
): TrsxConcept {
  const current = requireEntity(content, project, name);
  const relationsSent = changes.isA !== undefined || changes.hasA !== undefined;
  const isA = changes.isA ?? current.relations.find((r) => r.type === 'isA')?.conceptref;
  const hasA = changes.hasA ?? current.relations.filter((r) => r.type === 'hasA').map((r) => r.conceptref);
  if (relationsSent) {
    if (isA === undefined && hasA.length === 0)
      throw badRequest(`Relational entity "${name}" needs an "isA" entity and/or "hasA": {"entities": [...]}.`);
    checkRelations(content, project, name, isA, hasA);
  }
  eachConcept(content, project, name, (concept) => {
    applyChanges(concept, changes);
    if (changes.pattern !== undefined) concept.regex = changes.pattern;
    if (relationsSent) {
      concept.relations = concept.relations.filter((r) => r.type !== 'isA' && r.type !== 'hasA');
      setKindContent(concept, 'RELATIONAL', { isA, hasA }, undefined);
    }
  });
  return requireEntity(content, project, name);
}

/**
 * Changes the kind. What belonged to the old kind goes (literals of a list, the grammars of a rule-based
 * entity, a regex, relations); a rule-based entity gets a placeholder grammar per locale.
 */
export function changeEntityType(
  content: ProjectContent,
  project: ProjectRecord,
  name: string,
  change: TypeChange,
): TrsxConcept {
  const current = requireEntity(content, project, name);
  const oldKind = kindOf(current);
  if (change.newType === 'RELATIONAL') checkRelations(content, project, name, change.isA, change.hasA);
  const dataType =
    change.dataType ??
    (COMPATIBLE_DATA_TYPES[change.newType].includes(wireDataType(current)) ? wireDataType(current) : 'NOT_SET');
  const keepGrammar = oldKind === 'RULE_BASED' && change.newType === 'RULE_BASED';
  if (oldKind === 'RULE_BASED' && !keepGrammar) detachGrammars(content, project, current);
  const grammarPath =
    change.newType === 'RULE_BASED' && !keepGrammar
      ? attachDummyGrammars(content, project, name)
      : current.ruleGrammarFileName;
  for (const { locale, doc } of localeDocs(content, project)) {
    const concept = doc.concepts.find((c) => c.name === name);
    if (!concept) continue;
    if (oldKind === 'LIST' && change.newType !== 'LIST')
      doc.dictionaries = doc.dictionaries.filter((d) => d.conceptref !== name);
    delete concept.freetext;
    delete concept.regex;
    delete concept.ruleGrammarFileName;
    if (change.newType !== 'LIST') delete concept.dynamic;
    concept.relations = concept.relations.filter((r) => r.type !== 'isA' && r.type !== 'hasA');
    concept.dataType = trsxDataType(dataType);
    const regexKept =
      oldKind === 'REGEX' && change.newType === 'REGEX' && change.pattern === undefined ? current.regex : undefined;
    setKindContent(concept, change.newType, { ...change, pattern: change.pattern ?? regexKept }, grammarPath);
    const literals = change.data?.get(locale);
    if (literals && literals.length > 0) appendLiterals(doc, name, literals);
  }
  return requireEntity(content, project, name);
}

/** Renames the entity and every reference to it: dictionaries, intent links, relations, sample annotations. */
export function renameEntity(content: ProjectContent, project: ProjectRecord, from: string, to: string): TrsxConcept {
  requireEntity(content, project, from);
  if (from === to) throw badRequest(`Entity "${from}" already has that name.`);
  requireNewName(content, project, to);
  for (const { doc } of localeDocs(content, project)) {
    for (const c of doc.concepts) {
      if (c.name === from) c.name = to;
      for (const r of c.relations) if (r.conceptref === from) r.conceptref = to;
    }
    for (const d of doc.dictionaries) if (d.conceptref === from) d.conceptref = to;
    for (const i of doc.intents) for (const l of i.links) if (l.conceptref === from) l.conceptref = to;
    for (const s of doc.samples) s.content = mapAnnotations(s.content, from, to);
  }
  moveId(project, content, 'entity', from, to);
  return requireEntity(content, project, to);
}

/**
 * Deletes the entity with its literals and grammars, removes intent links to it and unwraps its annotations
 * (the sample text stays). Refused (400) while another entity relates to it.
 */
export function deleteEntity(content: ProjectContent, project: ProjectRecord, name: string): void {
  const concept = requireEntity(content, project, name);
  const dependents = new Set<string>();
  for (const { doc } of localeDocs(content, project)) {
    for (const c of doc.concepts)
      if (c.name !== name && c.relations.some((r) => r.conceptref === name)) dependents.add(c.name);
  }
  if (dependents.size > 0) {
    throw badRequest(
      `Entity "${name}" cannot be deleted: ${[...dependents].map((d) => `"${d}"`).join(', ')} relate${dependents.size === 1 ? 's' : ''} to it. Change or delete ${dependents.size === 1 ? 'that entity' : 'those entities'} first.`,
    );
  }
  detachGrammars(content, project, concept);
  for (const { doc } of localeDocs(content, project)) {
    doc.concepts = doc.concepts.filter((c) => c.name !== name);
    doc.dictionaries = doc.dictionaries.filter((d) => d.conceptref !== name);
    for (const i of doc.intents) i.links = i.links.filter((l) => l.conceptref !== name);
    for (const s of doc.samples) s.content = mapAnnotations(s.content, name, undefined);
  }
  forgetId(content, 'entity', name);
}

/** The custom entity named `name` (404 when the project has none). */
export function requireEntity(content: ProjectContent, project: ProjectRecord, name: string): TrsxConcept {
  const concept = findConcept(content, project, name);
  if (!concept) {
    const hint = isPredefinedConcept(name) ? ` "${name}" is a predefined entity, which cannot be changed.` : '';
    throw notFoundEntity(project, name, hint);
  }
  return concept;
}

export function notFoundEntity(project: ProjectRecord, name: string, hint = ''): ApiError {
  return notFound(`Entity "${name}" not found in project ${project.id}.${hint}`);
}

function requireNewName(content: ProjectContent, project: ProjectRecord, name: string): void {
  if (isPredefinedConcept(name))
    throw badRequest(
      `"${name}" is the name of a predefined entity; choose another name (names starting with nuance_ are reserved).`,
    );
  if (findConcept(content, project, name))
    throw badRequest(
      `Project ${project.id} already has an entity named "${name}"; names are case-sensitive, choose another.`,
    );
}

/** Relation targets must exist, differ from the entity, and isA must not loop back to it. */
function checkRelations(
  content: ProjectContent,
  project: ProjectRecord,
  name: string,
  isA: string | undefined,
  hasA: readonly string[] | undefined,
): void {
  for (const target of [...(isA === undefined ? [] : [isA]), ...(hasA ?? [])]) {
    if (target === name) throw badRequest(`Entity "${name}" cannot relate to itself.`);
    if (!isPredefinedConcept(target) && !findConcept(content, project, target)) {
      throw badRequest(
        `Entity "${name}" relates to "${target}", which is neither an entity of project ${project.id} nor a predefined entity.`,
      );
    }
  }
  const seen = new Set<string>([name]);
  for (let next = isA; next !== undefined; ) {
    if (seen.has(next))
      throw badRequest(`Entity "${name}" isA "${isA ?? ''}" would make an isA cycle through "${next}".`);
    seen.add(next);
    next = findConcept(content, project, next)?.relations.find((r) => r.type === 'isA')?.conceptref;
  }
}

function eachConcept(
  content: ProjectContent,
  project: ProjectRecord,
  name: string,
  fn: (concept: TrsxConcept, doc: TrsxDocument) => void,
): void {
  requireEntity(content, project, name);
  for (const { doc } of localeDocs(content, project)) {
    const concept = doc.concepts.find((c) => c.name === name);
    if (concept) fn(concept, doc);
  }
}

function applyChanges(concept: TrsxConcept, changes: EntityChanges): void {
  if (changes.dataType !== undefined) concept.dataType = trsxDataType(changes.dataType);
  if (changes.isDynamic !== undefined) {
    if (changes.isDynamic) concept.dynamic = true;
    else delete concept.dynamic;
  }
  if (changes.settings.isSensitive !== undefined)
    setSetting(concept, 'isSensitive', String(changes.settings.isSensitive));
  if (changes.settings.canonicalize !== undefined)
    setSetting(concept, 'canonicalize', String(changes.settings.canonicalize));
  if (changes.anaphora !== undefined) setAnaphora(concept, changes.anaphora);
}

function setKindContent(
  concept: TrsxConcept,
  kind: EntityKind,
  content: KindContent,
  grammarPath: string | undefined,
): void {
  switch (kind) {
    case 'FREEFORM':
      concept.freetext = true;
      break;
    case 'REGEX':
      concept.regex = content.pattern;
      break;
    case 'RULE_BASED':
      concept.ruleGrammarFileName = grammarPath;
      break;
    case 'RELATIONAL': {
      const relations: ConceptRelation[] = [];
      if (content.isA !== undefined) relations.push({ type: 'isA', conceptref: content.isA });
      for (const e of content.hasA ?? []) relations.push({ type: 'hasA', conceptref: e });
      concept.relations = [...relations, ...concept.relations];
      break;
    }
    case 'LIST':
    case 'BASE':
      break;
  }
}

/** Adds literal/value pairs to the entity's dictionary in one document, skipping pairs it already has. */
export function appendLiterals(
  doc: TrsxDocument,
  entity: string,
  entries: readonly DictionaryEntry[],
): { added: number; unchanged: number } {
  let dictionary = doc.dictionaries.find((d) => d.conceptref === entity);
  if (!dictionary) {
    dictionary = { conceptref: entity, entries: [] };
    doc.dictionaries.push(dictionary);
  }
  const all = doc.dictionaries.filter((d) => d.conceptref === entity).flatMap((d) => d.entries);
  const have = new Set(all.map((e) => pairKey(e)));
  let added = 0;
  for (const e of entries) {
    const key = pairKey(e);
    if (have.has(key)) continue;
    have.add(key);
    dictionary.entries.push({ literal: e.literal, value: e.value ?? e.literal });
    added++;
  }
  return { added, unchanged: entries.length - added };
}

export function pairKey(e: Pick<DictionaryEntry, 'literal' | 'value'>): string {
  return `${e.literal}\u0000${e.value ?? e.literal}`;
}
