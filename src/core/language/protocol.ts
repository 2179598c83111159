// The language server's requests and notifications beyond the protocol, declared once as typed `RequestType`s and
// `NotificationType`s (as rust-analyzer's lsp_ext does) for both sides: the server (core/language/server) and the
// VS Code client (features/language). Types and declarations only: its one run-time import is vscode-jsonrpc's
// message types, so the client's bundle carries no server or format code (test/unit/setup/languageBundle.test.ts).
// Plain JSON shapes: any LSP client can send these.
import { NotificationType, RequestType } from 'vscode-jsonrpc';
import type { PartialResultParams, Position, TextDocumentIdentifier } from 'vscode-languageserver';

/** The close tag to insert after a typed `>` or `</` (XML auto-closing, as the HTML server's `html/tag` does it). */
export const AutoCloseRequest = new RequestType<AutoCloseParams, AutoCloseResult | null, void>('cstudio/autoClose');

/** Sent after each publication of a document's diagnostics (the tests and the status wait on it). */
export const DiagnosticsPublishedNotification = new NotificationType<DiagnosticsPublishedParams>(
  'cstudio/diagnosticsPublished',
);

/** Commands the server puts on code lenses; a client maps them to its own (the VS Code client: features/language). */
export const LENS_COMMANDS = {
  /** Arguments: the document URI and the position to find references from. */
  findReferences: 'cstudio.language.findReferences',
  /** Arguments: the grammar's URI and the rule to test. */
  testGrammar: 'cstudio.grammar.test',
} as const;

export interface AutoCloseParams {
  textDocument: TextDocumentIdentifier;
  /** Just after the typed `>` or `/`. */
  position: Position;
  typed: '>' | '/';
}

/** What to insert at the position, and where the cursor goes within it (characters from its start). */
export interface AutoCloseResult {
  text: string;
  cursor: number;
}

export interface DiagnosticsPublishedParams {
  uri: string;
  version: number;
  /** True when the TRSX rules were re-checked only for the edited samples. */
  incremental: boolean;
}

// The grammar tester's requests: the server holds the editor's grammars already parsed and validated, so "Test
// Grammar", batch runs and the Test Explorer ask it rather than parse the grammar a second time.

/** What the tester asks before running a sentence. */
export const GrammarInfoRequest = new RequestType<GrammarInfoParams, GrammarInfo, void>('cstudio/grammarInfo');
/** One sentence (or DTMF keys) against a grammar. */
export const TestGrammarRequest = new RequestType<TestGrammarParams, SentenceTestResult, void>('cstudio/testGrammar');
/** The cases of a `*.grxml-test` text (the Test Explorer's items). */
export const GrammarTestCasesRequest = new RequestType<GrammarTestFileParams, GrammarTestCases, void>(
  'cstudio/grammarTestCases',
);
/**
 * Runs a `*.grxml-test` text. With a `partialResultToken`, each case's `GrammarCaseResult[]` is also sent as
 * `$/progress` as soon as it finishes (the Test Explorer shows them one by one); the final answer holds them all.
 * Cancelling the request stops after the running case.
 */
export const RunGrammarTestsRequest = new RequestType<RunGrammarTestsParams, GrammarTestRunResult, void>(
  'cstudio/runGrammarTests',
);

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
