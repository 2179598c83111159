// Checking one source file as `validate` and `grammar test` do: read it (or say why not), announce a long
// check, parse and validate it by format, and locate its diagnostics for printing.
import { dirname } from 'node:path';
import type { Diagnostic } from '../core/formats/diagnostic';
import type { GrammarResolver } from '../core/formats/grxml/externalRefs';
import type { Grammar } from '../core/formats/grxml/model';
import { parseGrxmlBytes } from '../core/formats/grxml/parse';
import { createFileResolver } from '../core/formats/grxml/resolveFile';
import { validateGrxml } from '../core/formats/grxml/validate';
import { parseList } from '../core/formats/lists/list';
import { parseNmlist } from '../core/formats/lists/nmlist';
import { parseSamplesTxt } from '../core/formats/lists/samplesTxt';
import { parseTrsxBytes } from '../core/formats/trsx/parse';
import { sortDiagnostics, validateTrsx } from '../core/formats/trsx/validate';
import type { CliIO } from './command';
import {
  displayName,
  locate,
  readInputOrReport,
  resolveInput,
  sayChecking,
  type LocatedDiagnostic,
  type SourceFormat,
} from './sourceFiles';

export interface Checked {
  text: string;
  diagnostics: Diagnostic[];
}

/** A GrXML file checked, with the grammar and the resolver its external references are read through. */
export interface CheckedGrammar extends Checked {
  grammar: Grammar;
  resolver: GrammarResolver;
}

/** External rule references are read from local files inside the grammar's folder tree only. */
export function checkGrammar(bytes: Uint8Array, path: string): CheckedGrammar {
  const resolver = createFileResolver({ roots: [dirname(path)] });
  const parsed = parseGrxmlBytes(bytes, { uri: path });
  return {
    text: parsed.tree.text,
    diagnostics: sortDiagnostics(validateGrxml(parsed, { resolveExternal: resolver })),
    grammar: parsed.grammar,
    resolver,
  };
}

/** Parses and validates one file's bytes according to its format. */
export function checkSource(format: SourceFormat, bytes: Uint8Array, path: string): Checked {
  switch (format) {
    case 'trsx': {
      const parsed = parseTrsxBytes(bytes);
      return { text: parsed.tree.text, diagnostics: sortDiagnostics([...parsed.diagnostics, ...validateTrsx(parsed)]) };
    }
    case 'grxml':
      return checkGrammar(bytes, path);
    case 'list':
      return parseList(bytes);
    case 'nmlist':
      return parseNmlist(bytes);
    case 'txt':
      return parseSamplesTxt(bytes);
  }
}

/**
 * Reads `file` and checks it with `check`; undefined when it cannot be read (the reason is on stderr already).
 * `located` holds the diagnostics with line:column, named as the user should see the file.
 */
export async function readAndCheck<T extends Checked>(
  io: CliIO,
  file: string,
  check: (bytes: Uint8Array, path: string) => T,
): Promise<{ checked: T; located: LocatedDiagnostic[] } | undefined> {
  const bytes = await readInputOrReport(io, file);
  if (!bytes) return undefined;
  sayChecking(io, file, bytes);
  const checked = check(bytes, resolveInput(io, file));
  return { checked, located: locate(displayName(io, file), checked.text, checked.diagnostics) };
}
