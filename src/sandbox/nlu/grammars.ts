// Rule-based entities' GrXML grammars: one file per locale, stored with the locale's restricted files at the
// concept's `ruleGrammarFileName` (`grammars/<NAME>.grxml`). Grammar operations are restricted to
// professional-services users and users with the Expert organization role (platform-api.md, rule 3).
import { checkGrxmlInWorker, GrammarCheckTimeout } from '../../core/formats/grxml/checkInWorker';
import type { Logger } from '../../core/logger';
import type { TrsxConcept } from '../../core/formats/trsx/model';
import { escapeXmlAttribute, escapeXmlText } from '../../core/formats/xml/entities';
import { safeFileName } from '../../core/package/fileNames';
import { GRAMMARS_FOLDER } from '../../core/package/layout';
import { writeZip } from '../../core/package/zip';
import { isProfessionalServices } from '../access';
import type { Principal } from '../auth';
import { badRequest, forbidden } from '../errors';
import type { ProjectContent, ProjectRecord, SandboxState } from '../state';
import { readUploadZip, rejectErrors } from './fileChecks';
import { localeDocs } from './model';

/** Professional-services users, and members of the project's organization with the Expert role. */
export function canUseGrammars(state: SandboxState, principal: Principal, project: ProjectRecord): boolean {
  if (isProfessionalServices(principal.user)) return true;
  const org = state.organizations.find((o) => o.id === project.orgId);
  return org?.members.some((m) => m.userId === principal.user.id && m.expert === true) === true;
}

export function requireGrammarRights(
  state: SandboxState,
  principal: Principal,
  project: ProjectRecord,
  what: string,
): void {
  if (!canUseGrammars(state, principal, project)) {
    throw forbidden(
      `${principal.user.name} may not ${what}: rule-based grammar operations are restricted to professional-services users and users with the Expert role in the project's organization.`,
    );
  }
}

/** The placeholder grammar of a new rule-based entity, until a grammar replace brings the real one. */
export function dummyGrammar(locale: string, entityName: string): string {
  const rule = ruleName(entityName);
  return `<?xml version="1.0" encoding="UTF-8"?>
<!-- Placeholder grammar of the rule-based entity "${escapeXmlText(entityName).replace(/--/g, '- -')}"; replace it through the entity's grammars/.replace. -->
<grammar xmlns="http://www.w3.org/2001/06/grammar" version="1.0" xml:lang="${escapeXmlAttribute(locale)}" root="${rule}" mode="voice" tag-format="semantics/1.0">
  <rule id="${rule}" scope="public">
    <item>placeholder</item>
  </rule>
</grammar>
`;
}

/** A legal SRGS rule name close to the entity name. */
function ruleName(entityName: string): string {
  const cleaned = entityName.normalize('NFC').replace(/[^\p{L}\p{N}_]/gu, '_');
  const name = /^[\p{L}_]/u.test(cleaned) ? cleaned : `_${cleaned}`;
  return ['NULL', 'VOID', 'GARBAGE'].includes(name) ? `${name}_RULE` : name;
}

/** A grammar path for a new rule-based entity that no other concept or file of the project uses. */
export function newGrammarPath(content: ProjectContent, project: ProjectRecord, entityName: string): string {
  const taken = new Set<string>();
  for (const { doc, files } of localeDocs(content, project)) {
    for (const c of doc.concepts) if (c.ruleGrammarFileName) taken.add(c.ruleGrammarFileName.toLowerCase());
    for (const f of Object.keys(files)) taken.add(f.toLowerCase());
  }
  const base = safeFileName(entityName, { maxBytes: 120 });
  for (let n = 1; ; n++) {
    const candidate = `${GRAMMARS_FOLDER}/${base}${n === 1 ? '' : `_${n}`}.grxml`;
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}

/** Gives `concept` a grammar path and each locale the placeholder grammar (create, change type). */
export function attachDummyGrammars(content: ProjectContent, project: ProjectRecord, name: string): string {
  const path = newGrammarPath(content, project, name);
  for (const { locale, files } of localeDocs(content, project)) {
    files[path] = Buffer.from(dummyGrammar(locale, name), 'utf8').toString('base64');
  }
  return path;
}

/** Removes the grammar files of `concept` from every locale. */
export function detachGrammars(content: ProjectContent, project: ProjectRecord, concept: TrsxConcept): void {
  const path = concept.ruleGrammarFileName;
  if (path === undefined) return;
  for (const { doc, files } of localeDocs(content, project)) {
    const usedElsewhere = doc.concepts.some(
      (c) => c !== concept && c.name !== concept.name && c.ruleGrammarFileName === path,
    );
    if (!usedElsewhere) delete files[path];
  }
}

/** How long the sandbox checks one uploaded grammar before refusing it (a 17 MB grammar takes ~9 s on a busy machine). */
export const GRAMMAR_CHECK_DEADLINE_MS = 60_000;

/**
 * Rejects (400, with the diagnostics) a GrXML file that has SRGS errors. Checked on a worker thread with a
 * deadline (checkInWorker.ts), so that the sandbox keeps answering other requests meanwhile.
 */
export async function checkGrammar(
  data: Uint8Array,
  label: string,
  logger?: Logger,
  deadlineMs = GRAMMAR_CHECK_DEADLINE_MS,
): Promise<void> {
  logger?.debug(`checking ${label} (${data.length} bytes) on a worker thread`);
  let checked: Awaited<ReturnType<typeof checkGrxmlInWorker>>;
  try {
    checked = await checkGrxmlInWorker(data, { deadlineMs });
  } catch (e) {
    if (e instanceof GrammarCheckTimeout)
      throw badRequest(
        `${label} could not be checked within ${deadlineMs / 1000} s; split it into smaller grammars. Nothing was changed.`,
      );
    throw e;
  }
  rejectErrors(label, checked.diagnostics, checked.text);
}

/** `<locale>/<name>.grxml` for every locale that has the entity's grammar. */
export async function grammarsZip(
  content: ProjectContent,
  project: ProjectRecord,
  concept: TrsxConcept,
  at: Date,
): Promise<Uint8Array> {
  const path = concept.ruleGrammarFileName ?? '';
  const fileName = path.split('/').pop() ?? path;
  const files = new Map<string, Uint8Array>();
  for (const { locale, files: stored } of localeDocs(content, project)) {
    const b64 = stored[path];
    if (b64 !== undefined) files.set(`${locale}/${fileName}`, Buffer.from(b64, 'base64'));
  }
  return await writeZip(files, at);
}

/** The grammars of a replace zip by locale: one `<locale>/<file>.grxml` per project locale, each valid. */
export async function readGrammarsZip(
  data: Uint8Array,
  project: ProjectRecord,
  entityName: string,
  logger?: Logger,
): Promise<Map<string, Uint8Array>> {
  const entries = await readUploadZip(data, 'The grammars upload');
  const byLocale = new Map<string, Uint8Array>();
  for (const [name, bytes] of entries) {
    const parts = name.split('/');
    const [locale, file] = parts;
    if (parts.length !== 2 || !locale || !file || !/\.grxml$/i.test(file)) {
      throw badRequest(
        `Unexpected file "${name}" in the grammars zip; it holds <locale>/<name>.grxml files, one per language (e.g. en-US/${safeFileName(entityName)}.grxml).`,
      );
    }
    if (!project.languages.includes(locale)) {
      throw badRequest(
        `The grammars zip has a folder "${locale}", which is not a language of project ${project.id} (${project.languages.join(', ')}).`,
      );
    }
    if (byLocale.has(locale))
      throw badRequest(
        `The grammars zip has more than one grammar in ${locale}/; an entity has one grammar per language.`,
      );
    await checkGrammar(bytes, `The grammar ${name}`, logger);
    byLocale.set(locale, bytes);
  }
  if (byLocale.size === 0)
    throw badRequest('The grammars zip holds no grammar; put <locale>/<name>.grxml files in it.');
  return byLocale;
}
