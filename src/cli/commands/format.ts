// `cstudio format`: re-lays out a TRSX file without changing its data, in the file's own indentation and line
// endings unless `--indent` asks for another (formatTrsx rewrites only layout whitespace; sample words,
// attribute escaping and comments are kept).
// GrXML is not formatted: in SRGS the text between tags is data (tokens, tags), and no layout-only
// GrXML formatter exists in core, so the command refuses it instead of risking a change in meaning.
import { stat } from 'node:fs/promises';
import { hasErrors } from '../../core/formats/diagnostic';
import { formatTrsx } from '../../core/formats/trsx/format';
import { MAX_INDENT, parseIndentSetting } from '../../core/indentChoice';
import { parseTrsx } from '../../core/formats/trsx/parse';
import { decodeXmlBytes } from '../../core/formats/xml/decode';
import { writeFileAtomic } from '../../core/fs/atomicFile';
import { parseFlags, requirePositional } from '../args';
import { UsageError, type CliCommand, type CliIO } from '../command';
import { displayName, formatLocated, locate, readInputOrReport, resolveInput, sourceFormat } from '../sourceFiles';

const USAGE = `Usage: cstudio format <file.trsx> [--check | --write] [--indent auto|tab|N]

Formats a TRSX file in its own style: indentation of structural elements only, with the file's indentation
(spaces or tabs, and their width) and line endings; lines inside multi-line samples move with their element.
Sample words, attribute values and comments are kept exactly. Prints the result by default.
  --check          print nothing; exit 1 when the file is not formatted
  --write          rewrite the file in place (atomically) when it changes
  --indent STYLE   auto (default: the file's own; 4 spaces, as platform exports, when it shows none),
                   tab, or N spaces (1-${MAX_INDENT})
GrXML files are not formatted (their text between tags is data).
Exit codes: 0 formatted (or already formatted), 1 --check found changes, 2 usage problem or unreadable/malformed file.`;

const UTF8_BOM = '\ufeff';

export const formatCommand: CliCommand = {
  path: ['format'],
  summary: 'Format a TRSX file (layout only, data untouched)',
  usage: USAGE,
  async run(args: string[], io: CliIO): Promise<number> {
    const { values, positionals } = parseFlags(args, {
      check: { type: 'boolean' },
      write: { type: 'boolean' },
      indent: { type: 'string' },
    });
    const file = requirePositional(positionals, 0, 'file');
    if (positionals.length > 1) throw new UsageError(`Format one file at a time; got ${positionals.length}.`);
    if (values.check && values.write) throw new UsageError('Give --check or --write, not both.');
    const indent = values.indent === undefined ? 'auto' : parseIndentSetting(values.indent, false);
    if (indent === undefined || indent === 'editor') {
      throw new UsageError(
        `--indent must be auto, tab or a number of spaces from 1 to ${MAX_INDENT}; got "${values.indent ?? ''}".`,
      );
    }
    const format = sourceFormat(file);
    if (format === 'grxml')
      throw new UsageError(
        `${file}: formatting GrXML is not supported (text between its tags is data); only .trsx files are formatted.`,
      );
    if (format !== 'trsx') throw new UsageError(`${file}: only .trsx files can be formatted.`);

    const bytes = await readInputOrReport(io, file);
    if (!bytes) return 2;
    const decoded = decodeXmlBytes(bytes);
    if (decoded.encoding !== 'utf-8' && decoded.encoding !== 'us-ascii') {
      io.stderr(
        `${file} is encoded as ${decoded.encoding}; format rewrites UTF-8 files only. Save it as UTF-8 first.\n`,
      );
      return 2;
    }
    const parsed = parseTrsx(decoded.text);
    const problems = [...decoded.diagnostics, ...parsed.diagnostics];
    if (hasErrors(problems)) {
      for (const line of locate(displayName(io, file), decoded.text, problems).map(formatLocated))
        io.stderr(`${line}\n`);
      io.stderr(`${file} is not well-formed XML; fix the errors above before formatting.\n`);
      return 2;
    }
    // The decoder drops a BOM; formatTrsx keeps one it is given, so the file keeps its BOM.
    const hadBom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
    const original = (hadBom ? UTF8_BOM : '') + decoded.text;
    const formatted = formatTrsx(original, { indent });
    const changed = formatted !== original;
    if (values.check) {
      if (changed) io.stderr(`${displayName(io, file)} is not formatted; run "cstudio format --write ${file}".\n`);
      return changed ? 1 : 0;
    }
    if (values.write) {
      if (changed) {
        const path = resolveInput(io, file);
        await writeFileAtomic(path, formatted, (await stat(path)).mode & 0o7777);
      }
      io.stdout(`${displayName(io, file)}: ${changed ? 'formatted' : 'already formatted'}.\n`);
      return 0;
    }
    io.stdout(formatted.startsWith(UTF8_BOM) ? formatted.slice(1) : formatted);
    return 0;
  },
};
