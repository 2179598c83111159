// What the NLU content commands share: reading the file to import, saving an export under the server's name,
// waiting for an import job (or not, with --no-wait), and the flag values for locales and entity kinds.
import { readFile, stat } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import type { Download } from '../core/platform/download';
import type { CustomEntityKind, EntityKind, ImportFile } from '../core/platform/nluTypes';
import type { Job } from '../core/platform/types';
import { safeFileName } from '../core/package/fileNames';
import { UsageError, type CliIO } from './command';
import type { CliSession } from './connection';
import { printStarted, waitAndReport } from './jobOutput';
import { printJson } from './output';
import { stringFlag, type FlagValues } from './platformCommand';

/** Flags of the export commands. */
export const exportFlags = { output: { type: 'string', short: 'o' }, locales: { type: 'string' } } as const;
/** Flags of the import commands. */
export const importFlags = { locale: { type: 'string' }, 'no-wait': { type: 'boolean' } } as const;

export async function readImportFile(io: CliIO, file: string): Promise<ImportFile & { data: Buffer; path: string }> {
  const path = resolve(io.cwd, file);
  const data = await readFile(path).catch((e: NodeJS.ErrnoException) => {
    throw new UsageError(`Cannot read ${path}: ${e.code === 'ENOENT' ? 'no such file' : e.message}.`);
  });
  return { data, fileName: basename(path), path };
}

/** Saves a download: `-o` names a file or an existing folder; with a folder (or nothing) the server's export name is used. */
export async function saveDownload(
  io: CliIO,
  download: Download,
  values: FlagValues,
  fallback: string,
  json: boolean,
): Promise<number> {
  const name = safeFileName(download.fileName ?? fallback);
  const out = stringFlag(values, 'output');
  let file = join(io.cwd, name);
  if (out) {
    const abs = resolve(io.cwd, out);
    const info = await stat(abs).catch(() => undefined);
    file = info?.isDirectory() ? join(abs, name) : abs;
  }
  const bytes = await download.toFile(file);
  if (json) printJson(io, { file, bytes });
  else io.stdout(`Saved ${file} (${bytes} bytes).\n`);
  return 0;
}

/** `--locales en-US,fr-CA` as a list (undefined: every project locale). */
export function localesFlag(values: FlagValues): string[] | undefined {
  const raw = stringFlag(values, 'locales');
  if (raw === undefined) return undefined;
  const locales = raw
    .split(',')
    .map((l) => l.trim())
    .filter(Boolean);
  if (locales.length === 0) throw new UsageError('--locales needs at least one locale, e.g. --locales en-US,fr-CA.');
  return locales;
}

export function requireLocaleFlag(values: FlagValues): string {
  const locale = stringFlag(values, 'locale');
  if (!locale) throw new UsageError('--locale is required: the language the file is for, e.g. --locale en-US.');
  return locale;
}

/** Waits for an import job with progress on stderr, unless --no-wait. */
export async function reportJob(
  session: CliSession,
  io: CliIO,
  projectId: string,
  job: Job,
  values: FlagValues,
  json: boolean,
): Promise<number> {
  if (values['no-wait'] === true) return printStarted(io, projectId, job, job.type ?? 'import', json);
  return waitAndReport(session.client, projectId, job, io, json);
}

const KIND_NAMES: Readonly<Record<string, EntityKind>> = {
  list: 'LIST',
  freeform: 'FREEFORM',
  regex: 'REGEX',
  'rule-based': 'RULE_BASED',
  relational: 'RELATIONAL',
  base: 'BASE',
};

/** An entity kind flag: `list`, `freeform`, `regex`, `rule-based`, `relational` (or the wire names). */
export function kindFlag(value: string | undefined, flag: string, allowBase = false): EntityKind | undefined {
  if (value === undefined) return undefined;
  const kind = KIND_NAMES[value.toLowerCase()] ?? KIND_NAMES[value.toLowerCase().replace(/_/g, '-')];
  if (!kind || (kind === 'BASE' && !allowBase)) {
    const names = Object.keys(KIND_NAMES)
      .filter((k) => allowBase || k !== 'base')
      .join(', ');
    throw new UsageError(`--${flag} must be one of ${names} (got "${value}").`);
  }
  return kind;
}

export function customKindFlag(value: string | undefined, flag: string): CustomEntityKind {
  const kind = kindFlag(value, flag);
  if (!kind) throw new UsageError(`--${flag} is required: list, freeform, regex, rule-based or relational.`);
  return kind as CustomEntityKind;
}

/** `--sensitive true|false` style flags. */
export function booleanFlag(values: FlagValues, name: string): boolean | undefined {
  const raw = stringFlag(values, name);
  if (raw === undefined) return undefined;
  if (raw !== 'true' && raw !== 'false') throw new UsageError(`--${name} must be true or false (got "${raw}").`);
  return raw === 'true';
}

/** A repeatable flag (`--has-a A --has-a B`): each value whole, since names may hold any character. */
export function repeatedFlag(values: FlagValues, name: string): string[] | undefined {
  const raw = values[name];
  if (raw === undefined) return undefined;
  const list = (Array.isArray(raw) ? raw : [raw]).filter((v): v is string => typeof v === 'string' && v !== '');
  return list.length > 0 ? list : undefined;
}
