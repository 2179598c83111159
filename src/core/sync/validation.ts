// What a push checks in the workspace before anything is sent: the package layout, the JSON files, and every
// changed TRSX file (well-formedness and TRSX rules; see planContext.ts). Errors refuse the push; warnings are shown.
import { LineIndex } from '../formats/diagnostic';
import type { TrsxDocument } from '../formats/trsx/model';
import { readAndValidateTrsxBytes } from '../formats/trsx/stream';
import { sortDiagnostics } from '../formats/trsx/validate';
import { DIALOG_FILE, METADATA_FILE, validatePackageLayout } from '../package/layout';
import type { PackageFiles } from './packageFiles';

export interface ValidationProblem {
  readonly path?: string;
  readonly severity: 'error' | 'warning' | 'info';
  readonly code: string;
  readonly message: string;
  /** 1-based position in the file, when the problem has one. */
  readonly line?: number;
  readonly column?: number;
}

/** The package layout and the JSON files of the workspace. */
export async function validateLayout(local: PackageFiles, signal?: AbortSignal): Promise<ValidationProblem[]> {
  const problems: ValidationProblem[] = validatePackageLayout(await local.list(signal))
    .filter((i) => i.code !== 'PKG008')
    .map((i) => ({ path: i.path, severity: i.severity, code: i.code, message: i.message }));
  for (const file of [METADATA_FILE, DIALOG_FILE]) {
    const bytes = await local.read(file, signal);
    if (!bytes) continue;
    try {
      JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, ''));
    } catch (err) {
      problems.push({
        path: file,
        severity: 'error',
        code: 'PKG005',
        message: `${file} is not valid JSON (${(err as Error).message}); fix or restore it.`,
      });
    }
  }
  return problems;
}

/** A window of a file read as a document of its own: from text offset `from` on, its lines are `lines` further down. */
export interface WindowLines {
  readonly from: number;
  readonly lines: number;
}

/**
 * Well-formedness and TRSX rules of one file, and its model, read in one scan that builds no XML tree (a large
 * locale file's tree is over 20 times its size; this is what keeps a push's memory within a few times the package).
 */
export function validateTrsxFile(
  path: string,
  bytes: Uint8Array,
  window?: WindowLines,
): { problems: ValidationProblem[]; document: TrsxDocument } {
  const read = readAndValidateTrsxBytes(bytes);
  const diagnostics = sortDiagnostics([...read.diagnostics, ...read.validation]);
  const lines = diagnostics.length > 0 ? new LineIndex(read.text) : undefined;
  const problems = diagnostics.map((d): ValidationProblem => {
    const at = (lines as LineIndex).position(d.range.start);
    const line = window && d.range.start >= window.from ? at.line + window.lines : at.line;
    return { path, severity: d.severity, code: d.code, message: d.message, line, column: at.column };
  });
  return { problems, document: read.document };
}

export function validationErrors(problems: readonly ValidationProblem[]): ValidationProblem[] {
  return problems.filter((p) => p.severity === 'error');
}

/** `en-US/en-US.trsx:12:5 error TRSX020 …` */
export function formatProblem(p: ValidationProblem): string {
  const where = p.path ? `${p.path}${p.line ? `:${p.line}:${p.column ?? 1}` : ''} ` : '';
  return `${where}${p.severity} ${p.code} ${p.message}`;
}
