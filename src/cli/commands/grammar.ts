// `cstudio grammar test`: does a GrXML grammar accept a sentence? Prints the verdict, the parse tree and
// the semantic result. The grammar is validated first: an invalid grammar is reported, not run. External
// rule references are read from local files only; semantic tags run in the matcher's sandbox.
import { formatParseTree } from '../../core/formats/grxml/parseTree';
import { matchGrammar, type MatchResult } from '../../core/formats/grxml/match';
import type { GrammarMode } from '../../core/formats/grxml/model';
import { parseGrxmlBytes } from '../../core/formats/grxml/parse';
import { createFileResolver } from '../../core/formats/grxml/resolveFile';
import { validateGrxml } from '../../core/formats/grxml/validate';
import { sortDiagnostics } from '../../core/formats/trsx/validate';
import { parseFlags } from '../args';
import { UsageError, type CliCommand, type CliIO } from '../command';
import { printJson } from '../output';
import {
  displayName, formatLocated, locate, readInputOrReport, resolveInput, sourceFormat, type LocatedDiagnostic,
} from '../sourceFiles';

const USAGE = `Usage: cstudio grammar test <file.grxml> <sentence...> [--rule R] [--mode voice|dtmf] [--json]

Matches a sentence against a GrXML/SRGS grammar and prints the verdict, the parse tree and the semantic result.
  <sentence>     words (voice) or keys (dtmf, e.g. "12#"); several arguments are joined with spaces
  --rule R       start from public rule R instead of the root rule
  --mode M       voice or dtmf (default: the grammar's mode)
  --json         print {accepted, words, tree, semantics, ...} as JSON
Exit codes: 0 accepted, 1 rejected (or accepted but its semantic tags failed), 2 usage problem, unreadable
file, invalid grammar (its diagnostics are printed) or a match that could not run (unknown rule, limits).`;

export const grammarTestCommand: CliCommand = {
  path: ['grammar', 'test'],
  summary: 'Test whether a GrXML grammar accepts a sentence',
  usage: USAGE,
  async run(args: string[], io: CliIO): Promise<number> {
    const { values, positionals } = parseFlags(args, { rule: { type: 'string' }, mode: { type: 'string' }, json: { type: 'boolean' } });
    const [file, ...words] = positionals;
    if (file === undefined) throw new UsageError('Missing <file.grxml>.');
    if (words.length === 0) throw new UsageError('Missing <sentence> (quote it, or pass "" to test the empty input).');
    if (sourceFormat(file) !== 'grxml') throw new UsageError(`${file} is not a grammar: give a .grxml or .srgs file.`);
    const mode = values.mode;
    if (mode !== undefined && mode !== 'voice' && mode !== 'dtmf') throw new UsageError(`--mode must be voice or dtmf, got "${mode}".`);
    const sentence = words.join(' ');

    const bytes = await readInputOrReport(io, file);
    if (!bytes) return 2;
    const resolver = createFileResolver();
    const parsed = parseGrxmlBytes(bytes, { uri: resolveInput(io, file) });
    const diagnostics = locate(displayName(io, file), parsed.tree.text, sortDiagnostics(validateGrxml(parsed, { resolveExternal: resolver })));
    const errors = diagnostics.filter((d) => d.severity === 'error');
    if (errors.length > 0) {
      if (values.json) printJson(io, { file, sentence, valid: false, diagnostics });
      else for (const d of diagnostics) io.stderr(`${formatLocated(d)}\n`);
      io.stderr(`${file} is not a valid grammar (${errors.length} error${errors.length === 1 ? '' : 's'}); fix it before testing sentences.\n`);
      return 2;
    }

    const result = matchGrammar(parsed.grammar, sentence, {
      rule: values.rule, mode: mode as GrammarMode | undefined, resolveExternal: resolver, signal: io.signal,
    });
    if (values.json) printJson(io, { file, sentence, valid: true, ...result, diagnostics });
    else printHuman(io, sentence, result, diagnostics);
    if (result.error !== undefined) return 2;
    if (!result.accepted || result.semanticError !== undefined) return 1;
    return 0;
  },
};

function printHuman(io: CliIO, sentence: string, result: MatchResult, diagnostics: readonly LocatedDiagnostic[]): void {
  for (const d of diagnostics) io.stderr(`${formatLocated(d)}\n`);
  if (result.error !== undefined) {
    io.stderr(`Cannot test ${JSON.stringify(sentence)}: ${result.error}.\n`);
    return;
  }
  const lines: string[] = [];
  if (!result.accepted) {
    lines.push(`REJECTED ${JSON.stringify(sentence)}`, `  heard as: ${result.words.map((w) => JSON.stringify(w)).join(' ') || '(nothing)'}`);
  } else {
    const parses = result.alternatives ?? 1;
    lines.push(`ACCEPTED ${JSON.stringify(sentence)}${parses > 1 ? ` (${parses} parses; showing the best)` : ''}`);
    if (result.tree) lines.push('', 'Parse tree:', indent(formatParseTree(result.tree)));
    lines.push('', 'Semantic result:');
    lines.push(result.semanticError !== undefined ? `  error: ${result.semanticError}` : indent(JSON.stringify(result.semantics ?? null, null, 2)));
  }
  if (result.notes.length > 0) lines.push('', 'Notes:', ...result.notes.map((n) => `  - ${n}`));
  io.stdout(`${lines.join('\n')}\n`);
}

function indent(text: string): string {
  return text.split('\n').map((l) => `  ${l}`).join('\n');
}
