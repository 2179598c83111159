// Files the format commands (validate, format, convert, grammar) read and report on: which format a file
// is (by extension), reading it with a clear message when that fails, and printing diagnostics as
// `file:line:col: severity code: message` (the shape editors and CI problem matchers understand).
import { readFile } from 'node:fs/promises';
import { extname, resolve } from 'node:path';
import { LineIndex, type Diagnostic, type Severity } from '../core/formats/diagnostic';
import { relativeInside } from '../core/fs/pathInside';
import type { CliIO } from './command';

export type SourceFormat = 'trsx' | 'grxml' | 'list' | 'nmlist' | 'txt';

const EXTENSIONS: Readonly<Record<string, SourceFormat>> = {
  '.trsx': 'trsx',
  '.grxml': 'grxml',
  '.srgs': 'grxml',
  '.list': 'list',
  '.nmlist': 'nmlist',
  '.txt': 'txt',
};

export const KNOWN_EXTENSIONS = Object.keys(EXTENSIONS).join(', ');

/** The format of a file by its extension (case-insensitive), or undefined. */
export function sourceFormat(file: string): SourceFormat | undefined {
  return EXTENSIONS[extname(file).toLowerCase()];
}

/** A file could not be read: the command prints the message and exits 2. */
export class InputFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InputFileError';
  }
}

export function resolveInput(io: CliIO, file: string): string {
  return resolve(io.cwd, file);
}

export async function readInput(io: CliIO, file: string): Promise<Uint8Array> {
  try {
    return await readFile(resolveInput(io, file), { signal: io.signal });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT'
        ? 'no such file'
        : code === 'EISDIR'
          ? 'it is a folder'
          : code === 'EACCES'
            ? 'permission denied'
            : (e as Error).message;
    throw new InputFileError(`Cannot read ${file}: ${why}.`);
  }
}

/** Reads a file, or prints why it cannot be read and returns undefined (the caller exits 2 or skips it). */
export async function readInputOrReport(io: CliIO, file: string): Promise<Uint8Array | undefined> {
  try {
    return await readInput(io, file);
  } catch (e) {
    if (!(e instanceof InputFileError)) throw e;
    io.stderr(`${e.message}\n`);
    return undefined;
  }
}

export interface LocatedDiagnostic {
  file: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  severity: Severity;
  code: string;
  message: string;
}

/** Adds 1-based line:column (UTF-16 columns) to diagnostics whose ranges index into `text`. */
export function locate(file: string, text: string, diagnostics: readonly Diagnostic[]): LocatedDiagnostic[] {
  const index = new LineIndex(text);
  return diagnostics.map((d) => {
    const start = index.position(d.range.start);
    const end = index.position(d.range.end);
    return {
      file,
      line: start.line,
      column: start.column,
      endLine: end.line,
      endColumn: end.column,
      severity: d.severity,
      code: d.code,
      message: d.message,
    };
  });
}

export function formatLocated(d: LocatedDiagnostic): string {
  return `${d.file}:${d.line}:${d.column}: ${d.severity} ${d.code}: ${d.message}`;
}

/** How a file is named in output: relative to the working folder when inside it, as given otherwise. */
export function displayName(io: CliIO, file: string): string {
  const rel = relativeInside(io.cwd, resolveInput(io, file));
  return rel ? rel : file;
}

/** Files this large take seconds to check: the CLI says what the wait is for. */
const LARGE_INPUT_BYTES = 4_000_000;

/** On stderr, before a long check of a large file (a signal stops it at once: CliCommand.stopsAtOnce). */
export function sayChecking(io: CliIO, file: string, bytes: Uint8Array): void {
  if (bytes.length >= LARGE_INPUT_BYTES) io.stderr(`Checking ${file} (${(bytes.length / 1e6).toFixed(1)} MB)…\n`);
}
