// Wire shapes of entities and intents (real-client-shapes.md): entities wrapped in a per-kind key
// (`{listEntity: {id, name, isDynamic, dataType, settings, …}}`), intents as `{id, name, isInBaseOntology, links}`.
import { isPredefinedConcept } from '../../core/formats/trsx/predefined';
import type { TrsxConcept } from '../../core/formats/trsx/model';
import type { ProjectContent, ProjectRecord } from '../state';
import { anaphoraOf, kindOf, settingsOf, wireDataType, WRAPPER_KEY, type EntityKind } from './entityKinds';
import { annotatedConcepts } from '../../core/formats/trsx/partial';
import { localeDocs, nluId, unique } from './model';

export type EntityView = Record<string, Record<string, unknown>>;

/** One custom entity; `detail` adds the per-locale literals of a list entity (`data`). */
export function entityView(
  project: ProjectRecord,
  content: ProjectContent,
  concept: TrsxConcept,
  detail = false,
): EntityView {
  const kind = kindOf(concept);
  const view: Record<string, unknown> = {
    id: nluId(project, content, 'entity', concept.name),
    name: concept.name,
    isDynamic: concept.dynamic === true,
    dataType: wireDataType(concept),
    settings: settingsOf(concept),
    anaphora: anaphoraOf(concept),
  };
  // mix-cli shows `dataSource` (the prebuilt data source a concept comes from, TRSX `sourceref`).
  if (concept.sourceref !== undefined) view.dataSource = concept.sourceref;
  const docs = localeDocs(content, project);
  if (kind === 'LIST') {
    const entries = docs.map(({ locale, doc }) => ({
      locale,
      entries: doc.dictionaries.filter((d) => d.conceptref === concept.name).flatMap((d) => d.entries),
    }));
    view.numLiterals = entries.reduce((n, e) => n + e.entries.length, 0);
    if (detail) view.data = Object.fromEntries(entries.map((e) => [e.locale, { entries: groupByMeaning(e.entries) }]));
  } else if (kind === 'REGEX') {
    view.pattern = concept.regex;
    if (detail) {
      view.patterns = Object.fromEntries(
        docs.map(({ locale, doc }) => [locale, doc.concepts.find((c) => c.name === concept.name)?.regex ?? '']),
      );
    }
  } else if (kind === 'RELATIONAL') {
    const isA = concept.relations.find((r) => r.type === 'isA')?.conceptref;
    const hasA = concept.relations.filter((r) => r.type === 'hasA').map((r) => r.conceptref);
    if (isA !== undefined) view.isA = isA;
    if (hasA.length > 0) view.hasA = { entities: hasA };
  } else if (kind === 'RULE_BASED') {
    // mix-cli's grammars fixture: `localeBasedGrammars: {<locale>: <file name>}`.
    view.localeBasedGrammars = Object.fromEntries(
      docs.flatMap(({ locale, doc }) => {
        const file = doc.concepts.find((c) => c.name === concept.name)?.ruleGrammarFileName;
        return file === undefined ? [] : [[locale, file.split('/').pop() ?? file]];
      }),
    );
    if (detail) view.grammarFileName = concept.ruleGrammarFileName;
  }
  return { [WRAPPER_KEY[kind]]: view };
}

/** A predefined entity (`nuance_*`, DATE, TIME, YES_NO, REF_*): see core/formats/trsx/predefined.ts. */
export function baseEntityView(project: ProjectRecord, content: ProjectContent, name: string): EntityView {
  return {
    [WRAPPER_KEY.BASE]: {
      id: nluId(project, content, 'entity', name),
      name,
      isDynamic: false,
      dataType: 'NOT_SET',
      settings: { isSensitive: false, canonicalize: true },
    },
  };
}

/** Predefined entities the project uses: linked from an intent, related to, or annotated in a sample. */
export function usedBaseEntities(project: ProjectRecord, content: ProjectContent): string[] {
  const used: string[] = [];
  for (const { doc } of localeDocs(content, project)) {
    for (const i of doc.intents) for (const l of i.links) used.push(l.conceptref);
    for (const c of doc.concepts) for (const r of c.relations) used.push(r.conceptref);
    for (const s of doc.samples) for (const item of annotatedConcepts(s.content)) used.push(item);
  }
  const declared = new Set(localeDocs(content, project).flatMap(({ doc }) => doc.concepts.map((c) => c.name)));
  return unique(used)
    .filter((n) => isPredefinedConcept(n) && !declared.has(n))
    .sort();
}

/** Every entity of the project (custom first, in declaration order, then the predefined ones it uses). */
export function listEntityViews(
  project: ProjectRecord,
  content: ProjectContent,
  kind: EntityKind | undefined,
): EntityView[] {
  const seen = new Set<string>();
  const views: EntityView[] = [];
  for (const { doc } of localeDocs(content, project)) {
    for (const c of doc.concepts) {
      if (seen.has(c.name)) continue;
      seen.add(c.name);
      if (kind === undefined || kindOf(c) === kind) views.push(entityView(project, content, c));
    }
  }
  if (kind === undefined || kind === 'BASE')
    for (const n of usedBaseEntities(project, content)) views.push(baseEntityView(project, content, n));
  return views;
}

function groupByMeaning(
  entries: ReadonlyArray<{ literal: string; value?: string }>,
): Array<{ meaning: string; patterns: string[] }> {
  const groups = new Map<string, string[]>();
  for (const e of entries) {
    const meaning = e.value ?? e.literal;
    const list = groups.get(meaning) ?? [];
    list.push(e.literal);
    groups.set(meaning, list);
  }
  return [...groups].map(([meaning, patterns]) => ({ meaning, patterns }));
}

export function intentView(project: ProjectRecord, content: ProjectContent, name: string): Record<string, unknown> {
  const source = localeDocs(content, project)
    .map(({ doc }) => doc.intents.find((i) => i.name === name)?.sourceref)
    .find((s) => s !== undefined);
  const links = unique(
    localeDocs(content, project).flatMap(
      ({ doc }) => doc.intents.find((i) => i.name === name)?.links.map((l) => l.conceptref) ?? [],
    ),
  );
  return {
    id: nluId(project, content, 'intent', name),
    name,
    // Project intents only: the platform's base-ontology intents are not modelled.
    isInBaseOntology: false,
    links: links.map((entityRef) => ({ entityRef })),
    // mix-cli's intents fixture: the prebuilt data source of an intent (TRSX `sourceref`).
    ...(source === undefined ? {} : { dataSource: source }),
  };
}
