// Shared wiring of the sync tests: a sandbox, clients per demo user, a temp workspace, and small helpers
// to edit a workspace's TRSX the way a user would (text edits, not model rewrites).
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readZip } from '../../../src/core/package/zip';
import type { PlatformClient } from '../../../src/core/platform/client';
import { parseTrsxBytes } from '../../../src/core/formats/trsx/parse';
import type { TrsxDocument } from '../../../src/core/formats/trsx/model';

export async function tempDir(prefix = 'cstudio-sync-'): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** Inserts `xml` just before `</samples>` (or another closing tag) of a workspace file. */
export async function insertBefore(file: string, closingTag: string, xml: string): Promise<void> {
  const text = await readFile(file, 'utf8');
  const at = text.indexOf(closingTag);
  if (at < 0) throw new Error(`${file} has no ${closingTag}`);
  await writeFile(file, `${text.slice(0, at)}${xml}\n  ${text.slice(at)}`);
}

export async function replaceText(file: string, from: string, to: string): Promise<void> {
  const text = await readFile(file, 'utf8');
  if (!text.includes(from)) throw new Error(`${file} does not contain ${from}`);
  await writeFile(file, text.replace(from, to));
}

/** The project's package as the platform exports it now. */
export async function remoteFiles(client: PlatformClient, projectId: string): Promise<Map<string, Uint8Array>> {
  const download = await client.projects.exportPackage(projectId);
  return await readZip(await download.toBuffer());
}

export async function remoteTrsx(client: PlatformClient, projectId: string, locale: string): Promise<TrsxDocument> {
  const files = await remoteFiles(client, projectId);
  const bytes = files.get(`${locale}/${locale}.trsx`);
  if (!bytes) throw new Error(`no ${locale} TRSX in the export`);
  return parseTrsxBytes(bytes).document;
}

export async function localTrsx(dir: string, locale: string): Promise<TrsxDocument> {
  return parseTrsxBytes(await readFile(join(dir, locale, `${locale}.trsx`))).document;
}

export function sampleTexts(doc: TrsxDocument, intent?: string): string[] {
  const flat = (nodes: TrsxDocument['samples'][number]['content']): string =>
    nodes.map((n) => (typeof n === 'string' ? n : flat(n.content))).join('');
  return doc.samples.filter((s) => intent === undefined || s.intentref === intent).map((s) => flat(s.content));
}
