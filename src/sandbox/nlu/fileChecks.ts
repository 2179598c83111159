// Upload checks shared by the NLU imports: which format a file is (by its name, else by its first bytes), and
// turning a file's error diagnostics into one 400 that names the file and its first problems by line.
import { LineIndex, type Diagnostic } from '../../core/formats/diagnostic';
import type { TrsxDocument } from '../../core/formats/trsx/model';
import { parseTrsxBytes } from '../../core/formats/trsx/parse';
import { validateTrsx, type TrsxValidationOptions } from '../../core/formats/trsx/validate';
import { ZipArchive } from '../../core/package/zipArchive';
import { ZipSafetyError } from '../../core/package/zipSafety';
import { badRequest } from '../errors';

export type UploadFormat = 'trsx' | 'list' | 'nmlist' | 'txt';

const SHOWN = 5;
export const NLU_ZIP_LIMITS = { maxTotalBytes: 256 * 1024 * 1024, maxEntries: 5000 };
/**
 * The largest file an uploaded zip (a package, an ontology or grammars zip) may hold, uncompressed, as its entry
 * declares (inflating never passes that). The XML scanner reads at most 64 Mi characters anyway; judged from
 * the central directory, a bomb is refused before any of it is inflated.
 */
export const UPLOAD_FILE_MAX_BYTES = 64 * 1024 * 1024;

/** Refuses (400) an entry whose declared size is over UPLOAD_FILE_MAX_BYTES, before anything is inflated. */
export function checkEntrySizes(archive: ZipArchive, label: string): void {
  for (const entry of archive.entries) {
    if (entry.size > UPLOAD_FILE_MAX_BYTES) {
      throw badRequest(
        `${label} was refused: ${entry.name} is ${entry.size} bytes uncompressed, over the ${UPLOAD_FILE_MAX_BYTES / 1024 / 1024} MB limit of a file in an upload; split it, or remove what makes it that large.`,
      );
    }
  }
}

/** The format of an upload among `allowed`, from its extension (`.xml` counts as TRSX), else sniffed. */
export function uploadFormat(
  fileName: string,
  data: Uint8Array,
  allowed: readonly UploadFormat[],
  what: string,
): UploadFormat {
  const ext = /\.([A-Za-z0-9]+)$/.exec(fileName)?.[1]?.toLowerCase();
  const byName: UploadFormat | undefined =
    ext === 'xml' ? 'trsx' : (allowed as readonly string[]).includes(ext ?? '') ? (ext as UploadFormat) : undefined;
  if (byName && allowed.includes(byName)) return byName;
  const list = allowed.map((f) => `.${f}`).join(', ');
  if (ext !== undefined && ext !== '' && fileName !== '') {
    throw badRequest(`The file "${fileName}" is not one ${what} accept; send ${list}.`);
  }
  // No usable name: an XML document is TRSX, anything else the first plain-text format allowed.
  const head = Buffer.from(data.subarray(0, 64))
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (head.startsWith('<') && allowed.includes('trsx')) return 'trsx';
  const text = allowed.find((f) => f !== 'trsx');
  if (!text) throw badRequest(`The upload is not an XML (TRSX) document; ${what} accept ${list}.`);
  return text;
}

/** Throws a 400 listing the first error diagnostics of `label`; warnings and infos pass. */
export function rejectErrors(label: string, diagnostics: readonly Diagnostic[], text: string): void {
  const errors = diagnostics.filter((d) => d.severity === 'error');
  if (errors.length === 0) return;
  throw badRequest(
    `${label} has ${errors.length} error${errors.length === 1 ? '' : 's'}: ${summarize(errors, text)}. Fix the file and upload it again; nothing was changed.`,
  );
}

export function summarize(diagnostics: readonly Diagnostic[], text: string): string {
  const lines = new LineIndex(text);
  const shown = diagnostics.slice(0, SHOWN).map((d) => {
    const p = lines.position(d.range.start);
    return `line ${p.line}:${p.column} ${d.code} ${d.message}`;
  });
  return shown.join('; ') + (diagnostics.length > SHOWN ? ` (and ${diagnostics.length - SHOWN} more)` : '');
}

/** The entries of an uploaded zip; 400 when it is not a safe, readable zip. */
export async function readUploadZip(data: Uint8Array, label: string): Promise<Map<string, Uint8Array>> {
  let archive: ZipArchive;
  try {
    archive = await ZipArchive.fromBytes(data, NLU_ZIP_LIMITS, label);
  } catch (err) {
    if (err instanceof ZipSafetyError) throw badRequest(`${label} was refused: ${err.message}`);
    throw badRequest(`${label} is not a readable zip archive: ${(err as Error).message}`);
  }
  checkEntrySizes(archive, label);
  try {
    const entries = new Map<string, Uint8Array>();
    for (const { name } of archive.entries) {
      if (name.endsWith('/') || name.startsWith('__MACOSX/') || name.split('/').pop() === '.DS_Store') continue; // never inflated
      entries.set(name, await archive.read(name));
    }
    return entries;
  } catch (err) {
    if (err instanceof ZipSafetyError) throw badRequest(`${label} was refused: ${err.message}`);
    throw badRequest(`${label} is not a readable zip archive: ${(err as Error).message}`);
  }
}

/** A TRSX upload as a model; 400 with its diagnostics when it is not well-formed, valid TRSX. */
export function parseTrsxUpload(data: Uint8Array, label: string, known: TrsxValidationOptions): TrsxDocument {
  const parsed = parseTrsxBytes(data);
  if (parsed.tree.root !== undefined && parsed.tree.root.name !== 'project') {
    throw badRequest(`${label} is not TRSX: its root element is <${parsed.tree.root.name}>, expected <project>.`);
  }
  rejectErrors(label, [...parsed.diagnostics, ...validateTrsx(parsed, known)], parsed.tree.text);
  if (!parsed.tree.root) throw badRequest(`${label} holds no XML element; send a TRSX document with a <project> root.`);
  return parsed.document;
}
