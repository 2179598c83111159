// Project-wide NLU operations over ProjectContent. The ontology (intents, concepts) is the same in every
// locale's TRSX, so structural edits go to each locale; literals (dictionaries) and samples are per locale.
// Entities and intents have no id in TRSX: their id is derived from the project's ontology id and the name,
// and kept across a rename through `content.nluIds`.
import { createHash } from 'node:crypto';
import type { SampleNode, TrsxConcept, TrsxDocument, TrsxIntent } from '../../core/formats/trsx/model';
import { badRequest } from '../errors';
import { emptyDocument } from '../projectPackage';
import type { LocaleContent, ProjectContent, ProjectRecord } from '../state';

export interface LocaleDoc {
  locale: string;
  doc: TrsxDocument;
  files: Record<string, string>;
}

/** The content of one project locale, created (empty) when the project has none yet. */
export function localeContent(content: ProjectContent, locale: string): LocaleContent {
  let lc = content.locales[locale];
  if (!lc) {
    lc = { trsx: emptyDocument(locale), files: {} };
    content.locales[locale] = lc;
  }
  return lc;
}

/** Every project locale's document, in the project's language order. */
export function localeDocs(content: ProjectContent, project: ProjectRecord): LocaleDoc[] {
  return project.languages.map((locale) => {
    const lc = localeContent(content, locale);
    return { locale, doc: lc.trsx, files: lc.files };
  });
}

/** The concept named `name` in the first locale that declares it. */
export function findConcept(content: ProjectContent, project: ProjectRecord, name: string): TrsxConcept | undefined {
  for (const { doc } of localeDocs(content, project)) {
    const c = doc.concepts.find((x) => x.name === name);
    if (c) return c;
  }
  return undefined;
}

export function findIntent(content: ProjectContent, project: ProjectRecord, name: string): TrsxIntent | undefined {
  for (const { doc } of localeDocs(content, project)) {
    const i = doc.intents.find((x) => x.name === name);
    if (i) return i;
  }
  return undefined;
}

/** Names of every declared concept (union over locales, first-seen order). */
export function conceptNames(content: ProjectContent, project: ProjectRecord): string[] {
  return unique(localeDocs(content, project).flatMap(({ doc }) => doc.concepts.map((c) => c.name)));
}

export function intentNames(content: ProjectContent, project: ProjectRecord): string[] {
  return unique(localeDocs(content, project).flatMap(({ doc }) => doc.intents.map((i) => i.name)));
}

export function unique<T>(items: readonly T[]): T[] {
  return [...new Set(items)];
}

export type NluKind = 'entity' | 'intent';

/** The wire id of an entity or intent: the kept one after a rename, else derived from the name. */
export function nluId(project: ProjectRecord, content: ProjectContent, kind: NluKind, name: string): string {
  return content.nluIds?.[`${kind}:${name}`] ?? derivedId(`${project.ontologyId}\u0000${kind}\u0000${name}`);
}

/** Moves the id to the new name, so a renamed entity or intent keeps it. */
export function moveId(project: ProjectRecord, content: ProjectContent, kind: NluKind, from: string, to: string): void {
  const id = nluId(project, content, kind, from);
  const ids = { ...(content.nluIds ?? {}) };
  delete ids[`${kind}:${from}`];
  ids[`${kind}:${to}`] = id;
  content.nluIds = ids;
}

export function forgetId(content: ProjectContent, kind: NluKind, name: string): void {
  if (content.nluIds) delete content.nluIds[`${kind}:${name}`];
}

/** A UUID-shaped (version 5 style) id from a hash, stable across restarts without being stored. */
function derivedId(seed: string): string {
  const h = createHash('sha256').update(seed).digest('hex');
  const variant = (8 | (parseInt(h.charAt(16), 16) & 3)).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const CONTROL = /[\u0000-\u001f\u007f]/;
export const MAX_NAME_LENGTH = 255;

/** An entity or intent name: case-sensitive, any character except control characters, not blank. */
export function requireNluName(value: unknown, field: string, what: string): string {
  if (typeof value !== 'string') throw badRequest(`Field "${field}" must be a string naming the ${what}.`);
  if (value.trim() === '') throw badRequest(`Field "${field}" must not be blank; give the ${what} a name.`);
  if (value.length > MAX_NAME_LENGTH)
    throw badRequest(
      `Field "${field}" is ${value.length} characters long; a ${what} name has at most ${MAX_NAME_LENGTH}.`,
    );
  if (CONTROL.test(value))
    throw badRequest(
      `Field "${field}" contains a control character (tab, newline, …); remove it from the ${what} name.`,
    );
  return value;
}

/** Rewrites annotations of `from` in sample content: renamed to `to`, or unwrapped (text kept) when `to` is undefined. */
export function mapAnnotations(nodes: readonly SampleNode[], from: string, to: string | undefined): SampleNode[] {
  const out: SampleNode[] = [];
  for (const n of nodes) {
    if (typeof n === 'string') {
      pushText(out, n);
      continue;
    }
    const content = mapAnnotations(n.content, from, to);
    if (n.conceptref === from && to === undefined) {
      for (const c of content) {
        if (typeof c === 'string') pushText(out, c);
        else out.push(c);
      }
      continue;
    }
    out.push({ conceptref: n.conceptref === from && to !== undefined ? to : n.conceptref, content });
  }
  return out;
}

/** Appends text, merging with a previous text run (the parser never yields adjacent runs). */
function pushText(out: SampleNode[], text: string): void {
  const last = out[out.length - 1];
  if (typeof last === 'string') out[out.length - 1] = last + text;
  else if (text !== '') out.push(text);
}

/** True when some annotation (at any depth) refers to `name`. */
export function annotates(nodes: readonly SampleNode[], name: string): boolean {
  return nodes.some((n) => typeof n !== 'string' && (n.conceptref === name || annotates(n.content, name)));
}

/** The locales an export covers: repeated `?locales=` (or `?locale=`), all project languages by default. */
export function exportLocales(query: URLSearchParams, project: ProjectRecord): string[] {
  const asked = [...query.getAll('locales'), ...query.getAll('locale')]
    .flatMap((l) => l.split(','))
    .map((l) => l.trim())
    .filter(Boolean);
  if (asked.length === 0) return [...project.languages];
  for (const l of asked) {
    if (!project.languages.includes(l))
      throw badRequest(
        `Project ${project.id} has no language ${l}; its languages are ${project.languages.join(', ')}.`,
      );
  }
  return project.languages.filter((l) => asked.includes(l));
}

/** The `?locale=` of an import: required unless the project has a single language. */
export function importLocale(query: URLSearchParams, project: ProjectRecord): string {
  const locale =
    query.get('locale') ?? query.get('locales') ?? (project.languages.length === 1 ? project.languages[0] : undefined);
  if (!locale)
    throw badRequest(
      `Say which language the file is for with ?locale=; project ${project.id} has ${project.languages.join(', ')}.`,
    );
  if (!project.languages.includes(locale))
    throw badRequest(
      `Project ${project.id} has no language ${locale}; its languages are ${project.languages.join(', ')}.`,
    );
  return locale;
}
