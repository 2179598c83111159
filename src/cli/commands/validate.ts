// `cstudio validate`: checks TRSX, GrXML/SRGS, .list, .nmlist and .txt sample files, and pulled project
// folders with the editor's project-level checks, and prints every problem as
// `file:line:col: severity code: message` (or a JSON array), so editors and CI can link to it.
import { stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Diagnostic } from '../../core/formats/diagnostic';
import { parseGrxmlBytes } from '../../core/formats/grxml/parse';
import { createFileResolver } from '../../core/formats/grxml/resolveFile';
import { validateGrxml } from '../../core/formats/grxml/validate';
import { parseList } from '../../core/formats/lists/list';
import { parseNmlist } from '../../core/formats/lists/nmlist';
import { parseSamplesTxt } from '../../core/formats/lists/samplesTxt';
import { parseTrsxBytes } from '../../core/formats/trsx/parse';
import { nodeFileSystem } from '../../core/language/fileSystem';
import { checkProjectFolder } from '../../core/language/project/projectFolderCheck';
import { sortDiagnostics, validateTrsx } from '../../core/formats/trsx/validate';
import { throwIfAborted } from '../../core/progress';
import { parseFlags } from '../args';
import { UsageError, type CliCommand, type CliIO } from '../command';
import { printJson } from '../output';
import {
  KNOWN_EXTENSIONS, displayName, formatLocated, locate, readInputOrReport, resolveInput, sourceFormat,
  type LocatedDiagnostic, type SourceFormat,
} from '../sourceFiles';

const USAGE = `Usage: cstudio validate <files or project folders...> [--json]

Checks files by extension: .trsx, .grxml/.srgs, .list, .nmlist, .txt (samples).
A folder is a pulled project (metadata.json at its root): every locale's TRSX file and grammar is checked with
the editor's project-level checks too (locales against each other, grammar files, restricted files), and its
dialog.json against itself and the TRSX (DLG codes: broken intent mappings, unmapped intents, entity values).
Prints file:line:col: severity code: message for every problem, or a JSON array with --json.
GrXML external rule references are read from local files inside the grammar's folder tree only (never fetched).
Exit codes: 0 no errors (warnings allowed), 1 errors found, 2 could not judge: usage problem, unreadable file
or an internal failure.`;

interface Checked {
  text: string;
  diagnostics: Diagnostic[];
}

/** Parses and validates one file's bytes according to its format. */
function checkSource(format: SourceFormat, bytes: Uint8Array, path: string): Checked {
  switch (format) {
    case 'trsx': {
      const parsed = parseTrsxBytes(bytes);
      return { text: parsed.tree.text, diagnostics: sortDiagnostics([...parsed.diagnostics, ...validateTrsx(parsed)]) };
    }
    case 'grxml': {
      const parsed = parseGrxmlBytes(bytes, { uri: path });
      return { text: parsed.tree.text, diagnostics: sortDiagnostics(validateGrxml(parsed, { resolveExternal: createFileResolver({ roots: [dirname(path)] }) })) };
    }
    case 'list': return parseList(bytes);
    case 'nmlist': return parseNmlist(bytes);
    case 'txt': return parseSamplesTxt(bytes);
  }
}

export const validateCommand: CliCommand = {
  path: ['validate'],
  summary: 'Check TRSX, GrXML, .list, .nmlist and .txt files',
  usage: USAGE,
  failureExitCode: 2,
  async run(args: string[], io: CliIO): Promise<number> {
    const { values, positionals } = parseFlags(args, { json: { type: 'boolean' } });
    if (positionals.length === 0) throw new UsageError('Give at least one file or project folder to validate.');
    const folders = new Set<string>();
    for (const f of positionals) if ((await stat(resolveInput(io, f)).catch(() => undefined))?.isDirectory()) folders.add(f);
    const unknown = positionals.filter((f) => !folders.has(f) && sourceFormat(f) === undefined);
    if (unknown.length > 0) throw new UsageError(`Unknown file type: ${unknown.join(', ')}; supported: ${KNOWN_EXTENSIONS}.`);

    const all: LocatedDiagnostic[] = [];
    let unreadable = 0;
    let checkedFiles = 0;
    const report = (located: LocatedDiagnostic[]): void => {
      all.push(...located);
      if (!values.json) for (const d of located) io.stdout(`${formatLocated(d)}\n`);
    };
    for (const file of positionals) {
      throwIfAborted(io.signal);
      if (folders.has(file)) {
        const checked = checkProjectFolder(resolveInput(io, file), nodeFileSystem, io.signal);
        if (!checked) throw new UsageError(`${file} is not a project folder (no metadata.json at its root); pull a project into it (cstudio pull <projectId> ${file}) or name its files.`);
        for (const c of checked) report(locate(displayName(io, c.path), c.text, c.diagnostics));
        checkedFiles += checked.length;
        continue;
      }
      const bytes = await readInputOrReport(io, file);
      if (!bytes) {
        unreadable++;
        continue;
      }
      const checked = checkSource(sourceFormat(file) as SourceFormat, bytes, resolveInput(io, file));
      report(locate(displayName(io, file), checked.text, checked.diagnostics));
      checkedFiles++;
    }
    if (values.json) printJson(io, all);
    else io.stdout(`${summary(checkedFiles, all)}\n`);
    if (unreadable > 0) return 2;
    return all.some((d) => d.severity === 'error') ? 1 : 0;
  },
};

function summary(files: number, all: readonly LocatedDiagnostic[]): string {
  const count = (s: string): number => all.filter((d) => d.severity === s).length;
  const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
  const checked = `${plural(files, 'file')} checked`;
  if (all.length === 0) return `${checked}: no problems.`;
  return `${checked}: ${plural(count('error'), 'error')}, ${plural(count('warning'), 'warning')}, ${plural(count('info'), 'info')}.`;
}
