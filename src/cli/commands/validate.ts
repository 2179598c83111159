// `cstudio validate`: checks TRSX, GrXML/SRGS, .list, .nmlist and .txt sample files, and pulled project
// folders with the editor's project-level checks, and prints every problem as
// `file:line:col: severity code: message` (or a JSON array), so editors and CI can link to it.
import { stat } from 'node:fs/promises';
import { nodeFileSystem } from '../../core/language/fileSystem';
import { checkProjectFolder } from '../../core/language/project/projectFolderCheck';
import { ProblemCap, PROBLEMS_PER_KIND } from '../../core/problemCap';
import { throwIfAborted } from '../../core/progress';
import { parseFlags } from '../args';
import { UsageError, type CliCommand, type CliIO } from '../command';
import { printJson } from '../output';
import { checkSource, readAndCheck } from '../sourceChecks';
import {
  KNOWN_EXTENSIONS,
  displayName,
  formatLocated,
  locate,
  resolveInput,
  sourceFormat,
  type LocatedDiagnostic,
  type SourceFormat,
} from '../sourceFiles';

const USAGE = `Usage: cstudio validate <files or project folders...> [--json] [--all]

Checks files by extension: .trsx, .grxml/.srgs, .list, .nmlist, .txt (samples).
A folder is a pulled project (metadata.json at its root): every locale's TRSX file and grammar is checked with
the editor's project-level checks too (locales against each other, grammar files, restricted files), and its
dialog.json against itself and the TRSX (DLG codes: broken intent mappings, unmapped intents, entity values).
Prints file:line:col: severity code: message for each problem, or a JSON array of all of them with --json.
The first ${PROBLEMS_PER_KIND} problems of each file and code are printed, then counts of the rest; --all prints all.
GrXML external rule references are read from local files inside the grammar's folder tree only (never fetched).
Exit codes: 0 no errors (warnings allowed), 1 errors found, 2 could not judge: usage problem, unreadable file
or an internal failure.`;

export const validateCommand: CliCommand = {
  path: ['validate'],
  summary: 'Check TRSX, GrXML, .list, .nmlist and .txt files',
  usage: USAGE,
  failureExitCode: 2,
  stopsAtOnce: true,
  async run(args: string[], io: CliIO): Promise<number> {
    const { values, positionals } = parseFlags(args, { json: { type: 'boolean' }, all: { type: 'boolean' } });
    if (positionals.length === 0) throw new UsageError('Give at least one file or project folder to validate.');
    const folders = new Set<string>();
    const absent = new Set<string>();
    for (const f of positionals) {
      const found = await stat(resolveInput(io, f)).catch(() => undefined);
      if (found?.isDirectory()) folders.add(f);
      else if (!found) absent.add(f);
    }
    // A path that is not there is named as such, whatever its extension says (a missing folder has none).
    const missing = positionals.filter((f) => absent.has(f) && sourceFormat(f) === undefined);
    if (missing.length > 0) throw new UsageError(`${missing.join(', ')}: no such file or folder.`);
    const unknown = positionals.filter((f) => !folders.has(f) && sourceFormat(f) === undefined);
    if (unknown.length > 0)
      throw new UsageError(`Unknown file type: ${unknown.join(', ')}; supported: ${KNOWN_EXTENSIONS}.`);

    // Only --json keeps every problem; the text report keeps counts (a folder can have a million problems).
    const all: LocatedDiagnostic[] = [];
    const counts: Counts = { error: 0, warning: 0, info: 0 };
    const cap = values.all ? undefined : new ProblemCap();
    const unreadable: string[] = [];
    let checkedFiles = 0;
    const report = (located: LocatedDiagnostic[]): void => {
      for (const d of located) {
        counts[d.severity]++;
        if (values.json) all.push(d);
        else if (!cap || cap.admit(d.file, d.code, d.severity)) io.stdout(`${formatLocated(d)}\n`);
      }
    };
    for (const file of positionals) {
      throwIfAborted(io.signal);
      if (folders.has(file)) {
        const checked = checkProjectFolder(resolveInput(io, file), nodeFileSystem, io.signal);
        if (!checked)
          throw new UsageError(
            `${file} is not a project folder (no metadata.json at its root); pull a project into it (cstudio pull <projectId> ${file}) or name its files.`,
          );
        for (const c of checked) report(locate(displayName(io, c.path), c.text, c.diagnostics));
        checkedFiles += checked.length;
        continue;
      }
      const format = sourceFormat(file) as SourceFormat;
      const read = await readAndCheck(io, file, (bytes, path) => checkSource(format, bytes, path));
      if (!read) {
        unreadable.push(file);
        continue;
      }
      report(read.located);
      checkedFiles++;
    }
    if (values.json) printJson(io, all);
    else {
      for (const line of cap?.summary() ?? []) io.stdout(`${line}\n`);
      io.stdout(`${summary(checkedFiles, counts, unreadable)}\n`);
    }
    if (unreadable.length > 0) return 2;
    return counts.error > 0 ? 1 : 0;
  },
};

type Counts = Record<LocatedDiagnostic['severity'], number>;

function summary(files: number, counts: Counts, unreadable: readonly string[]): string {
  const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
  const checked = `${plural(files, 'file')} checked`;
  const found = `${plural(counts.error, 'error')}, ${plural(counts.warning, 'warning')}, ${plural(counts.info, 'info')}`;
  const none = counts.error + counts.warning + counts.info === 0;
  // "No problems" is a verdict: never given while a named file went unchecked.
  if (unreadable.length > 0) {
    return `${checked}${none ? '' : `, ${found}`}; ${plural(unreadable.length, 'file')} NOT checked (could not be read): ${unreadable.join(', ')}.`;
  }
  if (none) return `${checked}: no problems.`;
  return `${checked}: ${found}.`;
}
