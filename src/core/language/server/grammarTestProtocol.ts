// The grammar tester's requests on the language server (ours, beyond the protocol): the server holds the editor's
// grammars already parsed and validated, so "Test Grammar", batch runs and the Test Explorer ask it rather than
// parse the grammar a second time. Plain JSON shapes only: any LSP client can send these.
import type { PartialResultParams, TextDocumentIdentifier } from 'vscode-languageserver';

/** `{textDocument}` → `GrammarInfo`: what the tester asks before running a sentence. */
export const GRAMMAR_INFO_REQUEST = 'cstudio/grammarInfo';
/** `TestGrammarParams` → `SentenceTestResult`: one sentence (or DTMF keys) against a grammar. */
export const TEST_GRAMMAR_REQUEST = 'cstudio/testGrammar';
/** `GrammarTestFileParams` → `GrammarTestCases`: the cases of a `*.grxml-test` text (the Test Explorer's items). */
export const GRAMMAR_TEST_CASES_REQUEST = 'cstudio/grammarTestCases';
/**
 * `RunGrammarTestsParams` → `GrammarTestRunResult`: runs a `*.grxml-test` text. With a `partialResultToken`, each
 * case's `GrammarCaseResult[]` is also sent as `$/progress` as soon as it finishes (the Test Explorer shows them
 * one by one); the final answer holds them all. Cancelling the request stops after the running case.
 */
export const RUN_GRAMMAR_TESTS_REQUEST = 'cstudio/runGrammarTests';

export interface GrammarInfoParams {
  textDocument: TextDocumentIdentifier;
}

export interface GrammarInfo {
  /** False when the grammar cannot be read (no such file, not a grammar). */
  readable: boolean;
  mode: 'voice' | 'dtmf';
  /** The public rules a sentence may start from when the grammar has no root rule; empty when it has one. */
  startRules: string[];
}

export interface TestGrammarParams {
  textDocument: TextDocumentIdentifier;
  input: string;
  /** The rule to start from; the grammar's root when absent. */
  rule?: string;
}

export interface SentenceTestResult {
  /** `matched`: the matcher ran (see `accepted`); `invalid`: the grammar has errors; `unreadable`: no grammar. */
  kind: 'matched' | 'invalid' | 'unreadable';
  accepted?: boolean;
  /** The semantic result (plain JSON) of an accepted input. */
  semantics?: unknown;
  /** Why nothing could be matched (the grammar's errors, a bad start rule, a step limit…). */
  error?: string;
  /** The input was accepted but its semantic tags failed. */
  tagError?: string;
  /** The plain-text report: verdict, parse tree, semantic result, notes. */
  report: string;
}

export interface GrammarTestFileParams {
  /** The test file's URI; grammars it names are relative to it. */
  uri: string;
  /**
   * Its text, only when the editor holds unsaved changes (`*.grxml-test` files are not synced documents). Absent:
   * the server reads the file itself, from inside its workspace folders.
   */
  text?: string;
}

export interface GrammarTestCaseInfo {
  /** 0-based line. */
  line: number;
  /** Characters on the line. */
  length: number;
  expect: 'accept' | 'reject';
  input: string;
  /** The expected semantic result as canonical JSON (keys sorted), when the line gives one. */
  semantics?: string;
}

export interface GrammarTestProblemInfo {
  line: number;
  length: number;
  message: string;
}

export interface GrammarTestCases {
  cases: GrammarTestCaseInfo[];
  problems: GrammarTestProblemInfo[];
}

export interface RunGrammarTestsParams extends GrammarTestFileParams, PartialResultParams {
  /** Only the cases on these 0-based lines; all when absent. */
  lines?: number[];
}

export interface GrammarCaseResult {
  line: number;
  /** `errored`: the case could not run (unreadable or invalid grammar, matcher error). */
  outcome: 'passed' | 'failed' | 'errored';
  /** One line: what was expected and what happened. */
  message: string;
  /** Canonical JSON of the expected and actual semantic results, when both exist and differ. */
  expected?: string;
  actual?: string;
  durationMs: number;
}

export interface GrammarTestRunResult {
  results: GrammarCaseResult[];
  passed: number;
  /** Failed and errored cases plus unreadable lines. */
  failed: number;
  /** The plain-text report of the run. */
  report: string;
}
