// The grammar tester served by the language server (../protocol.ts declares the requests): sentences and
// `*.grxml-test` runs go through the server's own parsed and validated grammars, the editor's unsaved text
// included. Semantic tags run in one heap-capped child process (dist/sisrProcess.js), started on the first test
// that needs it and stopped with the server.
import { basename } from 'node:path';
import {
  ErrorCodes,
  ProgressType,
  ResponseError,
  type CancellationToken,
  type Connection,
} from 'vscode-languageserver';
import { isInside } from '../../fs/pathInside';
import { TagEvaluator } from '../../formats/grxml/tagEvaluator';
import type { FileSystem } from '../fileSystem';
import type { LanguageServices } from '../languageServices';
import type { GrammarChecks } from '../project/projectDiagnostics';
import { renderSentenceReport, renderTestRun } from '../tester/report';
import {
  canonicalJson,
  runGrammarTestFile,
  startRuleChoices,
  testSentence,
  type GrammarTestResult,
  type TesterEnvironment,
} from '../tester/runTests';
import { parseGrammarTestFile } from '../tester/testFile';
import { idOfUri } from './documentUris';
import {
  GrammarInfoRequest,
  GrammarTestCasesRequest,
  RunGrammarTestsRequest,
  TestGrammarRequest,
  type GrammarCaseResult,
  type GrammarTestFileParams,
  type SentenceTestResult,
} from '../protocol';

export interface GrammarTestDeps {
  readonly services: LanguageServices;
  /** Reads test files the client did not send the text of. */
  readonly fs: FileSystem;
  /** The diagnostics' grammar validation: a grammar already checked for the editor is not checked again. */
  readonly grammars: () => GrammarChecks;
  /** Folders grammar files may be read from (the workspace folders). */
  readonly roots: () => readonly string[];
}

/** What one finished case means to a test runner (errored: it could not run at all). */
export function caseResult(r: GrammarTestResult): GrammarCaseResult {
  const base = { line: r.testCase.line, message: r.message, durationMs: r.durationMs };
  if (r.passed) return { ...base, outcome: 'passed' };
  const result: GrammarCaseResult = {
    ...base,
    outcome: r.match?.error !== undefined || !r.match ? 'errored' : 'failed',
  };
  const expected = r.testCase.semantics ? canonicalJson(r.testCase.semantics.value) : undefined;
  const actual = r.match?.accepted && r.match.semantics !== undefined ? canonicalJson(r.match.semantics) : undefined;
  if (expected !== undefined && actual !== undefined && expected !== actual)
    Object.assign(result, { expected, actual });
  return result;
}

function abortSignal(token: CancellationToken): AbortSignal {
  const controller = new AbortController();
  if (token.isCancellationRequested) controller.abort();
  else token.onCancellationRequested(() => controller.abort());
  return controller.signal;
}

export function registerGrammarTestRequests(connection: Connection, deps: GrammarTestDeps): void {
  let tags: TagEvaluator | undefined;
  connection.onShutdown(() => tags?.dispose());
  const env = (): TesterEnvironment => {
    tags ??= new TagEvaluator();
    return { ctx: deps.services.context, grammars: deps.grammars(), roots: deps.roots(), tags };
  };
  // Files by their path (the project index reads unsaved editor text first), anything else by its URI.
  const pathOf = (uri: string): string => idOfUri(uri);

  connection.onRequest(GrammarInfoRequest, ({ textDocument }) => {
    const path = pathOf(textDocument.uri);
    const grammar = deps.services.context.projects.grxml(path)?.grammar;
    if (!grammar) return { readable: false, mode: 'voice', startRules: [] };
    return { readable: true, mode: grammar.mode, startRules: startRuleChoices(env(), path) ?? [] };
  });

  connection.onRequest(TestGrammarRequest, async (params, token) => {
    const path = pathOf(params.textDocument.uri);
    const tester = env();
    const outcome = await testSentence(tester, path, params.input, { rule: params.rule, signal: abortSignal(token) });
    const report = renderSentenceReport(outcome, {
      input: params.input,
      rule: params.rule,
      lines: tester.ctx.projects.lines(path),
    });
    if (outcome.kind === 'unreadable') return { kind: outcome.kind, error: outcome.message, report };
    if (outcome.kind === 'invalid')
      return { kind: outcome.kind, error: `the grammar has ${outcome.errors.length} error(s)`, report };
    const r = outcome.result;
    const result: SentenceTestResult = { kind: 'matched', accepted: r.accepted, report };
    if (r.semantics !== undefined) result.semantics = r.semantics;
    if (r.error !== undefined) result.error = r.error;
    if (r.semanticError !== undefined) result.tagError = r.semanticError;
    return result;
  });

  /**
   * The test file's text: the client's (unsaved edits), else the file read here, when it is a `*.grxml-test` file
   * inside a workspace folder (a client cannot make the server read anything else).
   */
  const testFileText = (params: GrammarTestFileParams): string => {
    if (params.text !== undefined) return params.text;
    const path = pathOf(params.uri);
    const roots = deps.roots();
    if (
      !/\.grxml-test$/i.test(path) ||
      (roots.length > 0 && !roots.some((root) => isInside(root, path, { orSelf: true })))
    ) {
      throw new ResponseError(
        ErrorCodes.InvalidParams,
        `${params.uri} is not a grammar test file of the workspace: open a *.grxml-test file inside a workspace folder, or send its text.`,
      );
    }
    const bytes = deps.fs.readFile(path);
    if (!bytes)
      throw new ResponseError(
        ErrorCodes.InvalidParams,
        `Cannot read the grammar test file ${path}; check that it exists and is readable.`,
      );
    return new TextDecoder().decode(bytes).replace(/^\ufeff/, '');
  };

  connection.onRequest(GrammarTestCasesRequest, (params) => {
    const parsed = parseGrammarTestFile(testFileText(params));
    return {
      cases: parsed.cases.map((c) => ({
        line: c.line,
        length: c.range.end - c.range.start,
        expect: c.expect,
        input: c.input,
        ...(c.semantics ? { semantics: canonicalJson(c.semantics.value) } : {}),
      })),
      problems: parsed.problems.map((p) => ({ line: p.line, length: p.range.end - p.range.start, message: p.message })),
    };
  });

  const partial = new ProgressType<GrammarCaseResult[]>();
  connection.onRequest(RunGrammarTestsRequest, async (params, token) => {
    const testPath = pathOf(params.uri);
    const run = await runGrammarTestFile(env(), testPath, testFileText(params), {
      signal: abortSignal(token),
      lines: params.lines ? new Set(params.lines) : undefined,
      onResult: (r) => {
        if (params.partialResultToken !== undefined)
          void connection.sendProgress(partial, params.partialResultToken, [caseResult(r)]);
      },
    });
    const results = run.results.map(caseResult);
    const passed = results.filter((r) => r.outcome === 'passed').length;
    return {
      results,
      passed,
      failed: results.length - passed + run.problems.length,
      report: renderTestRun(run, basename(testPath)),
    };
  });
}
