// The project ontology as a zip: the export (`<locale>/<locale>.trsx`, plus `<locale>/grammars/<name>/<name>.grxml`
// for professional-services users) and the append, which adds the intents, entities, literals and samples of
// such a zip to the project. A rule-based concept's `ruleGrammarFileName` is a path relative to its locale folder.
import type { TrsxConcept, TrsxDocument } from '../../core/formats/trsx/model';
import { buildTrsx } from '../../core/formats/trsx/build';
import { writeZip } from '../../core/package/zip';
import { GRAMMARS_FOLDER, trsxPath } from '../../core/package/layout';
import { badRequest, forbidden } from '../errors';
import type { ProjectContent, ProjectRecord } from '../state';
import { appendLiterals } from './entityEdits';
import { kindOf } from './entityKinds';
import { parseTrsxUpload, readUploadZip } from './fileChecks';
import { checkGrammar, dummyGrammar, newGrammarPath } from './grammars';
import { conceptNames, findConcept, intentNames, localeContent, localeDocs } from './model';
import { mergeSamples } from './samples';

const encoder = new TextEncoder();

/** The folder name of a grammar in the ontology layout: its file name without `.grxml`. */
function grammarBase(path: string): string {
  return (path.split('/').pop() ?? path).replace(/\.grxml$/i, '');
}

export async function ontologyZip(
  content: ProjectContent,
  project: ProjectRecord,
  locales: readonly string[],
  includeGrammars: boolean,
  at: Date,
): Promise<Uint8Array> {
  const files = new Map<string, Uint8Array>();
  for (const locale of locales) {
    const lc = localeContent(content, locale);
    const doc = structuredClone(lc.trsx);
    for (const c of doc.concepts) {
      const stored = c.ruleGrammarFileName;
      if (stored === undefined) continue;
      const base = grammarBase(stored);
      c.ruleGrammarFileName = `${GRAMMARS_FOLDER}/${base}/${base}.grxml`;
      const b64 = lc.files[stored];
      if (includeGrammars && b64 !== undefined)
        files.set(`${locale}/${c.ruleGrammarFileName}`, Buffer.from(b64, 'base64'));
    }
    files.set(trsxPath(locale), encoder.encode(buildTrsx(doc)));
  }
  return await writeZip(files, at);
}

export interface OntologyUpload {
  /** By locale: the TRSX model and the grammars it references, by concept name. */
  locales: Map<string, { doc: TrsxDocument; grammars: Map<string, Uint8Array> }>;
}

/**
 * Checks an ontology zip: `<locale>/<file>.trsx` (one per locale folder, for project languages only) and the
 * GrXML files its rule-based concepts reference. GrXML needs grammar rights (403 otherwise). 400 names the
 * first offending file; nothing is applied here.
 */
export async function readOntologyZip(
  data: Uint8Array,
  project: ProjectRecord,
  content: ProjectContent,
  grammarsAllowed: boolean,
): Promise<OntologyUpload> {
  const entries = await readUploadZip(data, 'The ontology upload');
  const trsxByLocale = new Map<string, string>();
  const grammarFiles = new Set<string>();
  for (const name of entries.keys()) {
    const [locale, ...rest] = name.split('/');
    const rel = rest.join('/');
    if (!locale || rest.length === 0 || !project.languages.includes(locale)) {
      throw badRequest(
        `Unexpected file "${name}" in the ontology zip: files go in folders named for project languages (${project.languages.join(', ')}), as <locale>/<locale>.trsx and <locale>/grammars/<name>/<name>.grxml.`,
      );
    }
    if (rest.length === 1 && /\.(trsx|xml)$/i.test(rel)) {
      const previous = trsxByLocale.get(locale);
      if (previous)
        throw badRequest(
          `The ontology zip has two TRSX files for ${locale} ("${previous}" and "${name}"); put one per language.`,
        );
      trsxByLocale.set(locale, name);
    } else if (/\.grxml$/i.test(rel)) {
      if (!grammarsAllowed)
        throw forbidden(
          `The ontology zip holds the grammar "${name}"; rule-based grammar operations are restricted to professional-services users and users with the Expert role. Remove the GrXML files, or ask such a user.`,
        );
      grammarFiles.add(name);
    } else {
      throw badRequest(
        `Unexpected file "${name}" in the ontology zip; it holds <locale>/<locale>.trsx files and the GrXML grammars they reference.`,
      );
    }
  }
  if (trsxByLocale.size === 0)
    throw badRequest(
      `The ontology zip has no TRSX file; put one in a folder per language, e.g. ${project.languages[0] ?? 'en-US'}/${project.languages[0] ?? 'en-US'}.trsx.`,
    );
  const known = { knownConcepts: conceptNames(content, project), knownIntents: intentNames(content, project) };
  const upload: OntologyUpload = { locales: new Map() };
  const referenced = new Set<string>();
  for (const [locale, name] of trsxByLocale) {
    const doc = parseTrsxUpload(entries.get(name) ?? new Uint8Array(), `The ontology file ${name}`, known);
    const grammars = new Map<string, Uint8Array>();
    for (const c of doc.concepts) {
      if (c.ruleGrammarFileName === undefined) continue;
      const path = `${locale}/${c.ruleGrammarFileName.replace(/^\.\//, '')}`;
      const bytes = entries.get(path);
      if (!bytes) continue;
      await checkGrammar(bytes, `The grammar ${path}`);
      grammars.set(c.name, bytes);
      referenced.add(path);
    }
    upload.locales.set(locale, { doc, grammars });
  }
  const stray = [...grammarFiles].filter((g) => !referenced.has(g));
  if (stray.length > 0)
    throw badRequest(
      `The grammar "${stray[0]}" is not referenced by any concept's ruleGrammarFileName in its locale's TRSX; reference it or remove it.`,
    );
  return upload;
}

export interface OntologyLocaleReport {
  locale: string;
  status: 'COMPLETED';
  intentsAdded: number;
  entitiesAdded: number;
  grammarsReplaced: number;
  literalsAdded: number;
  samplesAdded: number;
  samplesCounted: number;
}

/** Adds what the project lacks; existing intents gain links, existing entities keep their definition. */
export function applyOntology(
  content: ProjectContent,
  project: ProjectRecord,
  upload: OntologyUpload,
): OntologyLocaleReport[] {
  const reports = new Map<string, OntologyLocaleReport>(
    project.languages.map((l) => [
      l,
      {
        locale: l,
        status: 'COMPLETED',
        intentsAdded: 0,
        entitiesAdded: 0,
        grammarsReplaced: 0,
        literalsAdded: 0,
        samplesAdded: 0,
        samplesCounted: 0,
      },
    ]),
  );
  const report = (locale: string): OntologyLocaleReport => reports.get(locale) as OntologyLocaleReport;
  // Concepts first: intent links and samples refer to them.
  for (const [locale, { doc, grammars }] of upload.locales) {
    for (const incoming of doc.concepts) {
      const existing = findConcept(content, project, incoming.name);
      if (existing) {
        const grammar = grammars.get(incoming.name);
        if (grammar && existing.ruleGrammarFileName !== undefined) {
          localeContent(content, locale).files[existing.ruleGrammarFileName] = Buffer.from(grammar).toString('base64');
          report(locale).grammarsReplaced++;
        }
        continue;
      }
      addConcept(content, project, incoming, upload);
      report(locale).entitiesAdded++;
    }
  }
  for (const [locale, { doc }] of upload.locales) {
    for (const incoming of doc.intents) {
      let added = false;
      for (const { doc: target } of localeDocs(content, project)) {
        const existing = target.intents.find((i) => i.name === incoming.name);
        if (!existing) {
          target.intents.push(structuredClone(incoming));
          added = true;
          continue;
        }
        for (const link of incoming.links)
          if (!existing.links.some((l) => l.conceptref === link.conceptref)) existing.links.push({ ...link });
      }
      if (added) report(locale).intentsAdded++;
    }
    const target = localeContent(content, locale).trsx;
    for (const d of doc.dictionaries) {
      const concept = findConcept(content, project, d.conceptref);
      if (concept && kindOf(concept) === 'LIST')
        report(locale).literalsAdded += appendLiterals(target, d.conceptref, d.entries).added;
    }
    const merged = mergeSamples(target, doc.samples);
    report(locale).samplesAdded += merged.added;
    report(locale).samplesCounted += merged.counted;
  }
  return [...upload.locales.keys()].map(report);
}

/** A new concept in every locale; a rule-based one gets the uploaded grammar of each locale, else a placeholder. */
function addConcept(
  content: ProjectContent,
  project: ProjectRecord,
  incoming: TrsxConcept,
  upload: OntologyUpload,
): void {
  const ruleBased = incoming.ruleGrammarFileName !== undefined;
  const path = ruleBased ? newGrammarPath(content, project, incoming.name) : undefined;
  for (const { locale, doc, files } of localeDocs(content, project)) {
    const own = upload.locales.get(locale)?.doc.concepts.find((c) => c.name === incoming.name);
    const concept = structuredClone(own ?? incoming);
    if (path !== undefined) {
      concept.ruleGrammarFileName = path;
      const grammar = upload.locales.get(locale)?.grammars.get(incoming.name);
      files[path] = grammar
        ? Buffer.from(grammar).toString('base64')
        : Buffer.from(dummyGrammar(locale, incoming.name), 'utf8').toString('base64');
    }
    doc.concepts.push(concept);
  }
}
