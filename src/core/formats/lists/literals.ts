// What .list and .nmlist have in common: literal/value entries with source ranges, the duplicate check,
// and the conversion to and from a TRSX dictionary (plus its concept) in a TrsxDocument.
import type { Diagnostic, TextRange } from '../diagnostic';
import { emptyTrsxDocument, type DictionaryEntry, type TrsxDictionary, type TrsxDocument } from '../trsx/model';
import { listDiagnostic } from './codes';
import { byPosition, type ListText } from './lines';

export interface LiteralEntry {
  literal: string;
  /** For .list the literal itself; for .nmlist the part after the first `|`. */
  value: string;
  /** 1-based source line. */
  line: number;
  /** The line's content (trimmed) in the decoded text. */
  range: TextRange;
}

export interface LiteralsParseResult {
  entries: LiteralEntry[];
  diagnostics: Diagnostic[];
  /** Decoded text (BOM removed): what diagnostic ranges index into. */
  text: string;
  bom: boolean;
  crlf: boolean;
}

/** An entry the target format cannot express, and why. */
export interface SkippedEntry<T> {
  entry: T;
  reason: string;
}

export interface SerializeResult<T> {
  /** The file text, `\n` line endings, ending with a newline (empty when nothing was written). */
  text: string;
  skipped: SkippedEntry<T>[];
}

/** The parse result of a literals file: repeated literals reported, the diagnostics in document order. */
export function literalsResult(read: ListText, entries: LiteralEntry[]): LiteralsParseResult {
  reportDuplicateLiterals(entries, read.diagnostics);
  return { entries, diagnostics: byPosition(read.diagnostics), text: read.text, bom: read.bom, crlf: read.crlf };
}

/** What a literals file writes of a dictionary entry. */
export type LiteralFields = Pick<DictionaryEntry, 'literal' | 'value'>;

/**
 * A literals file of one line per entry (`lineOf`). An entry is skipped, with the reason, when its literal cannot be
 * one field of a line or the format cannot hold it (`formatProblem`).
 */
export function serializeLiterals(
  entries: readonly LiteralFields[],
  formatProblem: (entry: LiteralFields) => string | undefined,
  lineOf: (entry: LiteralFields) => string,
): SerializeResult<LiteralFields> {
  const lines: string[] = [];
  const skipped: SkippedEntry<LiteralFields>[] = [];
  for (const entry of entries) {
    const problem = lineFieldProblem(entry.literal, 'literal') ?? formatProblem(entry);
    if (problem) skipped.push({ entry, reason: problem });
    else lines.push(lineOf(entry));
  }
  return { text: joinLines(lines), skipped };
}

/** Warns on every literal seen before on an earlier line (case-sensitive, like entity literals on the platform). */
function reportDuplicateLiterals(entries: readonly LiteralEntry[], out: Diagnostic[]): void {
  const first = new Map<string, LiteralEntry>();
  for (const e of entries) {
    const prev = first.get(e.literal);
    if (!prev) {
      first.set(e.literal, e);
      continue;
    }
    const sameValue = prev.value === e.value;
    out.push(
      listDiagnostic(
        'LIST004',
        sameValue
          ? `Literal "${e.literal}" repeats line ${prev.line}; remove the duplicate.`
          : `Literal "${e.literal}" already maps to "${prev.value}" on line ${prev.line}; here it maps to "${e.value}", which makes it ambiguous.`,
        e.range,
      ),
    );
  }
}

/** A TRSX dictionary for `entity` holding the entries in file order (value written explicitly). */
export function literalsToDictionary(
  entity: string,
  entries: readonly Pick<DictionaryEntry, 'literal' | 'value'>[],
): TrsxDictionary {
  return { conceptref: entity, entries: entries.map((e) => ({ literal: e.literal, value: entryValue(e) })) };
}

export interface ToTrsxOptions {
  /** `xml:lang` of a new document, e.g. `en-US`. */
  locale?: string;
  /** Document to add to (it is not modified; a copy is returned). */
  into?: TrsxDocument;
}

/**
 * Places the entries in a TRSX document as `entity`'s dictionary, adding the concept when the document does
 * not declare it. Entries are appended to an existing dictionary of the concept (the platform's `.append`).
 */
export function literalsToTrsx(
  entity: string,
  entries: readonly Pick<DictionaryEntry, 'literal' | 'value'>[],
  options: ToTrsxOptions = {},
): TrsxDocument {
  const base = options.into ?? emptyTrsxDocument(options.locale);
  const doc: TrsxDocument = { ...base, concepts: [...base.concepts], dictionaries: [...base.dictionaries] };
  if (!doc.concepts.some((c) => c.name === entity)) doc.concepts.push({ name: entity, settings: [], relations: [] });
  const added = literalsToDictionary(entity, entries).entries;
  const index = doc.dictionaries.findIndex((d) => d.conceptref === entity);
  const existing = doc.dictionaries[index];
  if (existing) doc.dictionaries[index] = { ...existing, entries: [...existing.entries, ...added] };
  else doc.dictionaries.push({ conceptref: entity, entries: added });
  return doc;
}

/** Names of the entities that have a dictionary in the document (the choices for `--entity`). */
export function dictionaryNames(doc: TrsxDocument): string[] {
  return doc.dictionaries.map((d) => d.conceptref);
}

/** Every entry of `entity`'s dictionaries (a document may split one concept over several), in order. */
export function dictionaryEntries(doc: TrsxDocument, entity: string): DictionaryEntry[] {
  return doc.dictionaries.filter((d) => d.conceptref === entity).flatMap((d) => d.entries);
}

/** The value an entry stands for: TRSX entries without `value` mean their literal. */
export function entryValue(e: Pick<DictionaryEntry, 'literal' | 'value'>): string {
  return e.value ?? e.literal;
}

/** Why a text cannot be one field of a line-based file, or undefined when it can. */
export function lineFieldProblem(s: string, what: string): string | undefined {
  if (/[\r\n]/.test(s)) return `the ${what} contains a line break`;
  if (s.trim() === '') return `the ${what} is empty`;
  if (s !== s.trim()) return `the ${what} has leading or trailing spaces, which the file format drops`;
  return undefined;
}

/** Joins lines with `\n` and a final newline; no lines → empty text. */
export function joinLines(lines: readonly string[]): string {
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}
