// Project packages (platform-api.md, "Project package (zip) and metadata export"): building the export
// zip and metadata.json, and validating and applying a replacement zip. Restricted files (grammars,
// pronunciations, transformations) go out only to professional-services users, and only they may
// replace them; a regular user's replace keeps the restricted files the project already has.
import { buildTrsx } from '../core/formats/trsx/build';
import { parseTrsxBytes } from '../core/formats/trsx/parse';
import type { TrsxDocument } from '../core/formats/trsx/model';
import { LineIndex, type Diagnostic } from '../core/formats/diagnostic';
import { classifyPackagePath, DIALOG_FILE, METADATA_FILE, trsxPath } from '../core/package/layout';
import { isLocaleName } from '../core/package/locale';
import { writeZip } from '../core/package/zip';
import { ZipArchive } from '../core/package/zipArchive';
import { ZipSafetyError } from '../core/package/zipSafety';
import { badRequest } from './errors';
import { checkEntrySizes } from './nlu/fileChecks';
import type { ProjectContent, ProjectRecord, SandboxState } from './state';

const PACKAGE_LIMITS = { maxTotalBytes: 256 * 1024 * 1024, maxEntries: 5000 };

const MODE_NAMES: Readonly<Record<string, string>> = {
  AUDIO_SCRIPT: 'Audio Script',
  DTMF: 'DTMF',
  INTERACTIVITY: 'Interactivity',
  RICH_TEXT: 'Rich Text',
  TTS: 'TTS',
};
const encoder = new TextEncoder();

/** metadata.json: the project's settings, shaped like the platform's own package metadata. */
export function buildMetadata(
  state: SandboxState,
  project: ProjectRecord,
  content: ProjectContent,
): Record<string, unknown> {
  const org = state.organizations.find((o) => o.id === project.orgId);
  const memberIds = new Set([...(org?.members ?? []).map((m) => m.userId), ...project.members.map((m) => m.userId)]);
  const first = content.locales[project.languages[0] ?? ''];
  return {
    name: project.displayName,
    id: { project: Number(project.id), ontology: project.ontologyId },
    languages: [...project.languages],
    languageTopic: project.languageTopic,
    channels: project.channels.map((c) => ({
      name: c.displayName,
      modes: c.modes.map((m) => MODE_NAMES[m] ?? m),
      color: c.color,
      isEnabled: c.isActive,
    })),
    collaborators: state.users.filter((u) => memberIds.has(u.id)).map((u) => u.email),
    createdTime: project.createTime,
    lastModified: project.updateTime,
    stats: { intents: first?.trsx.intents.length ?? 0, entities: first?.trsx.concepts.length ?? 0 },
    versions: {
      baseDatapack: project.baseDatapack,
      datapacks: Object.fromEntries(project.datapacks.map((d) => [d.displayName, d.version])),
    },
  };
}

export async function buildPackage(
  state: SandboxState,
  project: ProjectRecord,
  content: ProjectContent,
  includeRestricted: boolean,
  at: Date,
): Promise<Uint8Array> {
  const files = new Map<string, Uint8Array>();
  files.set(METADATA_FILE, encoder.encode(`${JSON.stringify(buildMetadata(state, project, content), null, 2)}\n`));
  files.set(DIALOG_FILE, encoder.encode(content.dialog));
  for (const locale of project.languages) {
    const lc = content.locales[locale];
    files.set(trsxPath(locale), encoder.encode(buildTrsx(lc?.trsx ?? emptyDocument(locale))));
    if (!includeRestricted || !lc) continue;
    for (const [rel, b64] of Object.entries(lc.files)) files.set(`${locale}/${rel}`, Buffer.from(b64, 'base64'));
  }
  return await writeZip(files, at);
}

export function emptyDocument(locale: string): TrsxDocument {
  return {
    lang: locale,
    version: '2.6',
    metadata: [],
    intents: [],
    concepts: [],
    dictionaries: [],
    samples: [],
    sources: [
      {
        name: 'nuance_custom_data',
        displayName: 'nuance_custom_data',
        version: '1.0',
        type: 'CUSTOM',
        useForOOV: true,
      },
    ],
  };
}

export interface ValidatedPackage {
  dialog: string;
  /** Project locales with their new TRSX and restricted files (base64, by path in the locale folder). */
  locales: Map<string, { trsx: TrsxDocument; files: Record<string, string> }>;
  /** Locale folders of the package that the project does not have; skipped. */
  skippedLocales: string[];
  /**
   * Restricted files a regular user sent, by locale: skipped (the project keeps its own), as the spec's
   * "such users may end up with an incomplete project" allows; the job report lists them.
   */
  skippedRestricted: Map<string, string[]>;
}

/**
 * Checks a replacement zip against the package layout and the caller's rights; throws a 400 naming the
 * first offending file. Nothing is applied here.
 */
export async function validatePackage(
  bytes: Uint8Array,
  project: ProjectRecord,
  professionalServices: boolean,
): Promise<ValidatedPackage> {
  const refused = (err: unknown): never => {
    if (err instanceof ZipSafetyError) throw badRequest(`The package was refused: ${err.message}`);
    throw badRequest(`The package is not a readable zip archive: ${(err as Error).message}`);
  };
  const archive = await ZipArchive.fromBytes(bytes, PACKAGE_LIMITS, 'The package').catch(refused);
  // Judged from the directory first: a file too large is refused before anything is inflated.
  checkEntrySizes(archive, 'The package');
  // One entry inflated at a time, each TRSX parsed as it comes: never the whole package in memory at once.
  const read = (name: string): Promise<Uint8Array> => archive.read(name).catch(refused);
  const trsxDocs = new Map<string, TrsxDocument>();
  const trsxLocales = new Set<string>();
  const restricted = new Map<string, Record<string, string>>();
  let metadata: Uint8Array | undefined;
  let dialog: Uint8Array | undefined;
  const skippedRestricted = new Map<string, string[]>();
  for (const { name } of archive.entries) {
    if (name.startsWith('__MACOSX/') || name.split('/').pop() === '.DS_Store') continue;
    if (name === METADATA_FILE) {
      metadata = await read(name);
      continue;
    }
    if (name === DIALOG_FILE) {
      dialog = await read(name);
      continue;
    }
    // The package layout rules (which files are restricted) have one owner: core/package/layout.ts.
    const info = classifyPackagePath(name);
    const locale = info.locale ?? '';
    if (info.kind === 'trsx' && isLocaleName(locale)) {
      // Locales the project does not have are skipped: not parsed, as before.
      if (project.languages.includes(locale)) trsxDocs.set(locale, parseTrsxFile(await read(name), trsxPath(locale)));
      else trsxLocales.add(locale);
      continue;
    }
    if (info.restricted && isLocaleName(locale)) {
      const rel = name.slice(locale.length + 1);
      if (!professionalServices) {
        skippedRestricted.set(locale, [...(skippedRestricted.get(locale) ?? []), name]);
        continue;
      }
      const files = restricted.get(locale) ?? {};
      files[rel] = Buffer.from(await read(name)).toString('base64');
      restricted.set(locale, files);
      continue;
    }
    throw badRequest(
      `Unexpected file "${name}" in the package; a package holds metadata.json, dialog.json, <locale>/<locale>.trsx and, for professional-services users, <locale>/grammars/*, <locale>/_client_prons.txt and <locale>/_tmfe.tsv.`,
    );
  }
  if (!metadata)
    throw badRequest('The package has no metadata.json at its root; export the project to see the expected layout.');
  requireJson(metadata, METADATA_FILE, true);
  if (!dialog)
    throw badRequest('The package has no dialog.json at its root; export the project to see the expected layout.');
  requireJson(dialog, DIALOG_FILE, false);
  const locales = new Map<string, { trsx: TrsxDocument; files: Record<string, string> }>();
  for (const locale of project.languages) {
    const trsx = trsxDocs.get(locale);
    if (!trsx)
      throw badRequest(
        `The package has no ${trsxPath(locale)}; project ${project.id} has the languages ${project.languages.join(', ')} and a replace must provide each.`,
      );
    locales.set(locale, { trsx, files: restricted.get(locale) ?? {} });
  }
  const skippedLocales = [
    ...new Set([...trsxLocales, ...trsxDocs.keys(), ...restricted.keys(), ...skippedRestricted.keys()]),
  ]
    .filter((l) => !project.languages.includes(l))
    .sort();
  return { dialog: Buffer.from(dialog).toString('utf8'), locales, skippedLocales, skippedRestricted };
}

function requireJson(data: Uint8Array, name: string, object: boolean): void {
  let value: unknown;
  try {
    value = JSON.parse(
      Buffer.from(data)
        .toString('utf8')
        .replace(/^\uFEFF/, ''),
    );
  } catch (err) {
    throw badRequest(`${name} in the package is not valid JSON: ${(err as Error).message}.`);
  }
  if (object && (typeof value !== 'object' || value === null || Array.isArray(value)))
    throw badRequest(`${name} in the package must hold a JSON object.`);
}

function parseTrsxFile(data: Uint8Array, name: string): TrsxDocument {
  const result = parseTrsxBytes(data);
  const errors = result.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0)
    throw badRequest(`${name} in the package is not valid TRSX: ${describe(errors, result.tree.text)}.`);
  if (result.tree.root?.name !== 'project') {
    throw badRequest(
      `${name} in the package is not TRSX: its root element is <${result.tree.root?.name ?? 'none'}>, expected <project>.`,
    );
  }
  return result.document;
}

function describe(errors: Diagnostic[], text: string): string {
  const lines = new LineIndex(text);
  const shown = errors.slice(0, 3).map((d) => {
    const p = lines.position(d.range.start);
    return `line ${p.line}:${p.column} ${d.message}`;
  });
  return shown.join('; ') + (errors.length > 3 ? ` (and ${errors.length - 3} more)` : '');
}

/** The project's content after a validated replace. */
export function applyPackage(
  current: ProjectContent,
  pkg: ValidatedPackage,
  professionalServices: boolean,
): ProjectContent {
  const next: ProjectContent = { formatVersion: 1, locales: {}, dialog: pkg.dialog };
  for (const [locale, incoming] of pkg.locales) {
    const keptFiles = professionalServices ? incoming.files : { ...(current.locales[locale]?.files ?? {}) };
    next.locales[locale] = { trsx: incoming.trsx, files: keptFiles };
  }
  return next;
}
