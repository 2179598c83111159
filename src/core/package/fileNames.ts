// File names of every export the platform produces (platform-api.md: "Project package (zip) and metadata
// export", "Entities" exported file names). Timestamps are the export moment in GMT. The sandbox names its
// downloads with these functions and the sync engine recognises downloaded files with the parser, so both
// sides agree on one spelling.

export type ExportKind = 'package' | 'metadata' | 'entityLiterals' | 'grammars' | 'ontology' | 'intentSamples';

/** What to name: one variant per export of the spec. */
export type ExportFileSpec =
  | { kind: 'package'; projectId: string; projectName: string; at: Date }
  | { kind: 'metadata'; projectId: string; projectName: string; at: Date }
  | { kind: 'entityLiterals'; projectId: string; projectName: string; entityName: string; at: Date }
  | { kind: 'grammars'; projectId: string; grammarName: string }
  | { kind: 'ontology'; projectId: string; projectName: string; at: Date }
  | { kind: 'intentSamples'; projectId: string; projectName: string; intentName: string; at: Date };

/** Longest name component (project, entity, intent, grammar), in UTF-8 bytes, so a whole name stays under 255. */
const MAX_COMPONENT_BYTES = 80;

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** `yyyy-mm-dd` and `hh-mm-ss` of an instant, in GMT. */
export function gmtStamp(at: Date): { date: string; time: string } {
  if (Number.isNaN(at.getTime())) throw new RangeError('Export timestamp is an invalid Date; pass the export moment.');
  return {
    date: `${pad(at.getUTCFullYear(), 4)}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())}`,
    time: `${pad(at.getUTCHours())}-${pad(at.getUTCMinutes())}-${pad(at.getUTCSeconds())}`,
  };
}

/** Builds the file name of an export; every user-chosen component goes through `safeFileName`. */
export function exportFileName(spec: ExportFileSpec): string {
  const part = (s: string): string => safeFileName(s, { maxBytes: MAX_COMPONENT_BYTES });
  const id = part(spec.projectId);
  if (spec.kind === 'grammars') return `${id}_${part(spec.grammarName)}_grammars.zip`;
  const { date, time } = gmtStamp(spec.at);
  const project = part(spec.projectName);
  switch (spec.kind) {
    case 'package':
      return `${id}-${project}-${date}-${time}.zip`;
    case 'metadata':
      return `${id}-${project}-metadata-${date}-${time}.json`;
    case 'entityLiterals':
      return `${id}-${project}-${part(spec.entityName)}-entity-literals-${date}-${time}.zip`;
    case 'ontology':
      return `${id}-${project}-ontology-${date}-${time}.zip`;
    case 'intentSamples':
      return `${id}-${project}-${part(spec.intentName)}-samples-${date}-${time}.zip`;
  }
}

export function packageFileName(projectId: string, projectName: string, at: Date): string {
  return exportFileName({ kind: 'package', projectId, projectName, at });
}
export function metadataFileName(projectId: string, projectName: string, at: Date): string {
  return exportFileName({ kind: 'metadata', projectId, projectName, at });
}
export function entityLiteralsFileName(projectId: string, projectName: string, entityName: string, at: Date): string {
  return exportFileName({ kind: 'entityLiterals', projectId, projectName, entityName, at });
}
export function grammarsFileName(projectId: string, grammarName: string): string {
  return exportFileName({ kind: 'grammars', projectId, grammarName });
}
export function ontologyFileName(projectId: string, projectName: string, at: Date): string {
  return exportFileName({ kind: 'ontology', projectId, projectName, at });
}
export function intentSamplesFileName(projectId: string, projectName: string, intentName: string, at: Date): string {
  return exportFileName({ kind: 'intentSamples', projectId, projectName, intentName, at });
}

export interface SafeFileNameOptions {
  /** Replaces each unsafe character; default `_`. Must itself be safe. */
  replacement?: string;
  /** Maximum length in UTF-8 bytes (default 255, the common file-system limit); the extension is kept. */
  maxBytes?: number;
}

// Characters Windows refuses (and `/` everywhere), plus C0 controls and DEL.
const UNSAFE = /[/\\:*?"<>|\u0000-\u001f\u007f]/g;
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?$/i;

/**
 * Makes one path component safe on Windows, macOS and Linux: replaces `/ \ : * ? " < > |` and control
 * characters, trims the trailing dots and spaces Windows drops, escapes reserved device names (CON, NUL…),
 * and truncates to `maxBytes` UTF-8 bytes on a code-point boundary. Unicode is kept (NFC, as macOS stores
 * decomposed names and we want one spelling).
 */
export function safeFileName(name: string, options: SafeFileNameOptions = {}): string {
  const replacement = options.replacement ?? '_';
  if (replacement.match(UNSAFE) || replacement === '.')
    throw new RangeError(`"${replacement}" is not a safe replacement character.`);
  let s = name.normalize('NFC').replace(UNSAFE, replacement);
  s = s.replace(/[. ]+$/, (m) => replacement.repeat(m.length));
  if (s === '') s = replacement;
  if (WINDOWS_RESERVED.test(s)) s = replacement + s;
  return truncateUtf8(s, options.maxBytes ?? 255);
}

const encoder = new TextEncoder();

function truncateUtf8(s: string, maxBytes: number): string {
  if (encoder.encode(s).length <= maxBytes) return s;
  const dot = s.lastIndexOf('.');
  const ext = dot > 0 && s.length - dot <= 16 ? s.slice(dot) : '';
  const budget = maxBytes - encoder.encode(ext).length;
  let out = '';
  let used = 0;
  for (const ch of s.slice(0, s.length - ext.length)) {
    const n = encoder.encode(ch).length;
    if (used + n > budget) break;
    out += ch;
    used += n;
  }
  return out + ext;
}

export interface ParsedExportFileName {
  kind: ExportKind;
  projectId: string;
  /** The name part between the id and the kind marker: `<project_name>` or `<project_name>-<entity|intent name>`. */
  label: string;
  /** Known when the label has no ambiguity (no `-` to split on for entity/intent kinds) or a hint resolved it. */
  projectName?: string;
  entityName?: string;
  intentName?: string;
  grammarName?: string;
  /** `yyyy-mm-dd` (GMT); absent for grammar zips, whose names carry no timestamp. */
  date?: string;
  /** `hh-mm-ss` (GMT). */
  time?: string;
  /** The export moment; absent for grammar zips. */
  exportedAt?: Date;
}

export interface ParseHint {
  /** The project's name as `exportFileName` wrote it (or raw; it is made safe here): disambiguates dashes. */
  projectName?: string;
}

const STAMP = '(\\d{4}-\\d{2}-\\d{2})-(\\d{2}-\\d{2}-\\d{2})';
// Most specific markers first: a package of a project named "X-ontology" reads as X's ontology export
// unless a hint says otherwise (see below).
const PATTERNS: ReadonlyArray<{ kind: ExportKind; re: RegExp }> = [
  { kind: 'metadata', re: new RegExp(`^([^-_]+)-(.+)-metadata-${STAMP}\\.json$`) },
  { kind: 'entityLiterals', re: new RegExp(`^([^-_]+)-(.+)-entity-literals-${STAMP}\\.zip$`) },
  { kind: 'intentSamples', re: new RegExp(`^([^-_]+)-(.+)-samples-${STAMP}\\.zip$`) },
  { kind: 'ontology', re: new RegExp(`^([^-_]+)-(.+)-ontology-${STAMP}\\.zip$`) },
  { kind: 'package', re: new RegExp(`^([^-_]+)-(.+)-${STAMP}\\.zip$`) },
];

/**
 * Recognises an export file name (a path's folders are ignored) and returns its kind, project id and GMT
 * timestamp; undefined when it is not one of ours. Names are ambiguous when a project is named like a
 * marker ("Sales-ontology"): with `hint.projectName` the parser prefers the reading that matches it.
 */
export function parseExportFileName(path: string, hint: ParseHint = {}): ParsedExportFileName | undefined {
  const fileName = path.split(/[\\/]/).pop() ?? path;
  const grammar = /^([^-_]+)_(.+)_grammars\.zip$/.exec(fileName);
  if (grammar?.[1] && grammar[2])
    return { kind: 'grammars', projectId: grammar[1], label: grammar[2], grammarName: grammar[2] };
  const hinted =
    hint.projectName === undefined ? undefined : safeFileName(hint.projectName, { maxBytes: MAX_COMPONENT_BYTES });
  let fallback: ParsedExportFileName | undefined;
  for (const { kind, re } of PATTERNS) {
    const m = re.exec(fileName);
    if (!m) continue;
    const parsed = build(kind, m[1] ?? '', m[2] ?? '', m[3] ?? '', m[4] ?? '', hinted);
    if (!parsed) continue;
    if (hinted === undefined || parsed.projectName === hinted) return parsed;
    fallback ??= parsed;
  }
  return fallback;
}

function build(
  kind: ExportKind,
  projectId: string,
  label: string,
  date: string,
  time: string,
  hinted: string | undefined,
): ParsedExportFileName | undefined {
  const exportedAt = new Date(`${date}T${time.replace(/-/g, ':')}Z`);
  if (Number.isNaN(exportedAt.getTime())) return undefined;
  const base: ParsedExportFileName = { kind, projectId, label, date, time, exportedAt };
  if (kind !== 'entityLiterals' && kind !== 'intentSamples') return { ...base, projectName: label };
  const split = splitLabel(label, hinted);
  if (!split) return base;
  return kind === 'entityLiterals'
    ? { ...base, projectName: split[0], entityName: split[1] }
    : { ...base, projectName: split[0], intentName: split[1] };
}

/** Splits `<project>-<name>` when the hint says where, or when there is exactly one dash. */
function splitLabel(label: string, hinted: string | undefined): [string, string] | undefined {
  if (hinted !== undefined && label.startsWith(`${hinted}-`) && label.length > hinted.length + 1) {
    return [hinted, label.slice(hinted.length + 1)];
  }
  const dash = label.indexOf('-');
  if (dash > 0 && dash === label.lastIndexOf('-') && dash < label.length - 1)
    return [label.slice(0, dash), label.slice(dash + 1)];
  return undefined;
}
