// `cstudio grammar test`: does a GrXML grammar accept a sentence (or each line of a file of sentences)? Prints
// the verdict, the parse tree and the semantic result; for a rejected sentence, where matching stopped. The
// grammar is read, validated and loaded once: an invalid grammar is reported, not run. External rule references
// are read from local files inside the grammar's folder tree only; semantic tags run in the heap-capped tag
// process (tagEvaluator.ts), so a runaway tag is a semantic error, never a crash.
import { formatParseTree } from '../../core/formats/grxml/parseTree';
import { matchSentence, matchSentences, type MatchResult } from '../../core/formats/grxml/match';
import { describeStop, semanticsText, verdictLine } from '../../core/formats/grxml/matchReport';
import type { Grammar, GrammarMode } from '../../core/formats/grxml/model';
import { TagEvaluator } from '../../core/formats/grxml/tagEvaluator';
import type { GrammarResolver } from '../../core/formats/grxml/externalRefs';
import { parseFlags } from '../args';
import { UsageError, type CliCommand, type CliIO } from '../command';
import { printJson } from '../output';
import { checkGrammar, readAndCheck } from '../sourceChecks';
import { formatLocated, readInputOrReport, sourceFormat, type LocatedDiagnostic } from '../sourceFiles';

const USAGE = `Usage: cstudio grammar test <file.grxml> <sentence...> [--rule R] [--mode voice|dtmf] [--json]
       cstudio grammar test <file.grxml> --sentences <file.txt> [--rule R] [--mode voice|dtmf] [--json]

Matches a sentence against a GrXML/SRGS grammar and prints the verdict, the parse tree and the semantic result;
for a rejected sentence, the words the grammar followed and what it expected next.
  <sentence>       words (voice) or keys (dtmf, e.g. "12#"); several arguments are joined with spaces
  --sentences F    test every line of F (one sentence a line; blank lines skipped) in one run: one verdict
                   and semantic result a line (--json: one object per sentence, with its line number)
  --rule R         start from public rule R instead of the root rule (needed when the grammar has no root)
  --mode M         voice or dtmf (default: the grammar's mode)
  --json           print {accepted, words, tree, semantics, semanticError, stopped, ...} as JSON
External grammars are read only from the grammar's folder tree; semantic tags run with time and memory limits.
Exit codes: 0 accepted, 1 rejected, 3 accepted but a semantic tag failed (the parse and the tag's error are
printed), 2 could not judge: usage problem, unreadable file, invalid grammar (its diagnostics are printed) or a
match that could not run (unknown rule, limits). With --sentences: the first of 2, 1, 3 that any sentence got, else 0.`;

/** Exit codes of a verdict (see USAGE). */
const EXIT = { accepted: 0, rejected: 1, cannotJudge: 2, tagFailed: 3 } as const;

interface Loaded {
  grammar: Grammar;
  resolver: GrammarResolver;
  diagnostics: LocatedDiagnostic[];
}

export const grammarTestCommand: CliCommand = {
  path: ['grammar', 'test'],
  summary: 'Test whether a GrXML grammar accepts a sentence (or each line of a file)',
  usage: USAGE,
  failureExitCode: EXIT.cannotJudge,
  // The tag process is ours (a child that ends with its IPC channel); a signal may end this one at once.
  stopsAtOnce: true,
  async run(args: string[], io: CliIO): Promise<number> {
    const { values, positionals } = parseFlags(args, {
      rule: { type: 'string' },
      mode: { type: 'string' },
      json: { type: 'boolean' },
      sentences: { type: 'string' },
    });
    const [file, ...words] = positionals;
    if (file === undefined) throw new UsageError('Missing <file.grxml>.');
    const batch = values.sentences;
    if (batch === undefined && words.length === 0)
      throw new UsageError('Missing <sentence> (quote it, or pass "" to test the empty input), or --sentences FILE.');
    if (batch !== undefined && words.length > 0)
      throw new UsageError('Give either <sentence> or --sentences FILE, not both.');
    if (sourceFormat(file) !== 'grxml') throw new UsageError(`${file} is not a grammar: give a .grxml or .srgs file.`);
    const mode = values.mode;
    if (mode !== undefined && mode !== 'voice' && mode !== 'dtmf')
      throw new UsageError(`--mode must be voice or dtmf, got "${mode}".`);

    const loaded = await load(io, file, values.json === true);
    if (typeof loaded === 'number') return loaded;
    const sentences = batch === undefined ? [{ line: 0, text: words.join(' ') }] : await readSentences(io, batch);
    if (sentences === undefined) return EXIT.cannotJudge;

    const tags = new TagEvaluator();
    try {
      const options = {
        rule: values.rule,
        mode: mode as GrammarMode | undefined,
        resolveExternal: loaded.resolver,
        signal: io.signal,
        tags,
      };
      if (batch === undefined) {
        const sentence = sentences[0]?.text ?? '';
        const result = await matchSentence(loaded.grammar, sentence, options);
        if (values.json) printJson(io, { file, sentence, valid: true, ...result, diagnostics: loaded.diagnostics });
        else printHuman(io, sentence, result, loaded.diagnostics);
        return exitCode(result);
      }
      const results: (MatchResult & { line: number; sentence: string })[] = [];
      let next = 0;
      for await (const result of matchSentences(
        loaded.grammar,
        sentences.map((s) => s.text),
        options,
      )) {
        const s = sentences[next++] as { line: number; text: string };
        results.push({ line: s.line, sentence: s.text, ...result });
        if (!values.json) io.stdout(`${String(s.line).padStart(5)}  ${verdictLine(s.text, result)}\n`);
      }
      const accepted = results.filter((r) => r.accepted).length;
      if (values.json)
        printJson(io, {
          file,
          sentences: batch,
          valid: true,
          accepted,
          rejected: results.length - accepted,
          results,
          diagnostics: loaded.diagnostics,
        });
      else
        io.stdout(
          `${results.length} sentence${results.length === 1 ? '' : 's'}: ${accepted} accepted, ${results.length - accepted} rejected.\n`,
        );
      const codes = results.map(exitCode);
      return (
        ([EXIT.cannotJudge, EXIT.rejected, EXIT.tagFailed] as number[]).find((c) =>
          codes.includes(c as 0 | 1 | 2 | 3),
        ) ?? EXIT.accepted
      );
    } finally {
      tags.dispose();
    }
  },
};

/** Reads, validates and loads the grammar once; an exit code when it cannot be tested. */
async function load(io: CliIO, file: string, json: boolean): Promise<Loaded | number> {
  const read = await readAndCheck(io, file, checkGrammar);
  if (!read) return EXIT.cannotJudge;
  const diagnostics = read.located;
  const errors = diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0) {
    if (json) printJson(io, { file, valid: false, diagnostics });
    else for (const d of diagnostics) io.stderr(`${formatLocated(d)}\n`);
    io.stderr(
      `${file} is not a valid grammar (${errors.length} error${errors.length === 1 ? '' : 's'}); fix it before testing sentences.\n`,
    );
    return EXIT.cannotJudge;
  }
  return { grammar: read.checked.grammar, resolver: read.checked.resolver, diagnostics };
}

/** One sentence a line (numbered from 1), blank lines skipped. */
async function readSentences(io: CliIO, file: string): Promise<{ line: number; text: string }[] | undefined> {
  const bytes = await readInputOrReport(io, file);
  if (!bytes) return undefined;
  const text = new TextDecoder().decode(bytes).replace(/^\ufeff/, '');
  return text
    .split(/\r?\n/)
    .map((t, i) => ({ line: i + 1, text: t.trim() }))
    .filter((s) => s.text !== '');
}

function exitCode(result: MatchResult): number {
  if (result.error !== undefined) return EXIT.cannotJudge;
  if (!result.accepted) return EXIT.rejected;
  return result.semanticError !== undefined ? EXIT.tagFailed : EXIT.accepted;
}

function printHuman(io: CliIO, sentence: string, result: MatchResult, diagnostics: readonly LocatedDiagnostic[]): void {
  for (const d of diagnostics) io.stderr(`${formatLocated(d)}\n`);
  if (result.error !== undefined) {
    io.stderr(`Cannot test ${JSON.stringify(sentence)}: ${result.error}.\n`);
    return;
  }
  const lines: string[] = [];
  if (!result.accepted) {
    lines.push(
      `REJECTED ${JSON.stringify(sentence)}`,
      `  heard as: ${result.words.map((w) => JSON.stringify(w)).join(' ') || '(nothing)'}`,
    );
    if (result.stopped) lines.push(`  ${describeStop(result.stopped, result.words.length)}`);
  } else {
    const parses = result.alternatives ?? 1;
    lines.push(`ACCEPTED ${JSON.stringify(sentence)}${parses > 1 ? ` (${parses} parses; showing the best)` : ''}`);
    if (result.tree) lines.push('', 'Parse tree:', indent(formatParseTree(result.tree)));
    lines.push('', 'Semantic result:', indent(semanticsText(result)));
  }
  if (result.notes.length > 0) {
    lines.push('', 'Notes:');
    for (const n of result.notes) lines.push(`  - ${n}`);
  }
  io.stdout(`${lines.join('\n')}\n`);
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((l) => `  ${l}`)
    .join('\n');
}
