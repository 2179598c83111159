// The grammar tester's requests to the language server (core/language/protocol.ts), typed for
// the commands and the Test Explorer. The server holds the grammars and reads saved test files itself; the
// extension host only forwards the request (with the text of an unsaved `*.grxml-test` file) and shows the answers.
import * as vscode from 'vscode';
import {
  GrammarInfoRequest,
  GrammarTestCasesRequest,
  RunGrammarTestsRequest,
  TestGrammarRequest,
  type GrammarCaseResult,
  type GrammarInfo,
  type GrammarInfoParams,
  type GrammarTestCases,
  type GrammarTestFileParams,
  type GrammarTestRunResult,
  type RunGrammarTestsParams,
  type SentenceTestResult,
  type TestGrammarParams,
} from '../../core/language/protocol';
import { CancelledError } from '../../core/platform/errors';
import type { StudioLanguageClient } from './languageClient';

export interface RunTestsOptions {
  /** Only the cases on these 0-based lines. */
  lines?: readonly number[];
  signal?: AbortSignal;
  /** Each case as soon as it finishes. */
  onResult?: (result: GrammarCaseResult) => void;
}

/**
 * The test file text the server cannot read itself: the editor's unsaved edits, or a file that is not on the
 * server's disk (another URI scheme). Undefined: the server reads the saved file.
 */
export async function testFileTextToSend(uri: vscode.Uri): Promise<string | undefined> {
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  if (open && (open.isDirty || uri.scheme !== 'file')) return open.getText();
  if (uri.scheme === 'file') return undefined;
  return new TextDecoder().decode(await vscode.workspace.fs.readFile(uri)).replace(/^\ufeff/, '');
}

export class GrammarTestClient {
  private runs = 0;

  constructor(private readonly client: StudioLanguageClient) {}

  info(grammar: vscode.Uri): Promise<GrammarInfo> {
    const params: GrammarInfoParams = { textDocument: { uri: this.client.uriOf(grammar) } };
    return this.client.request(GrammarInfoRequest, params);
  }

  test(grammar: vscode.Uri, input: string, rule: string | undefined): Promise<SentenceTestResult> {
    const params: TestGrammarParams = { textDocument: { uri: this.client.uriOf(grammar) }, input };
    if (rule !== undefined) params.rule = rule;
    return this.client.request(TestGrammarRequest, params);
  }

  /** `text`: only when the server cannot read the file itself (testFileTextToSend). */
  cases(testFile: vscode.Uri, text: string | undefined): Promise<GrammarTestCases> {
    const params: GrammarTestFileParams = { uri: this.client.uriOf(testFile) };
    if (text !== undefined) params.text = text;
    return this.client.request(GrammarTestCasesRequest, params);
  }

  async run(
    testFile: vscode.Uri,
    text: string | undefined,
    options: RunTestsOptions = {},
  ): Promise<GrammarTestRunResult> {
    const partialResultToken = `cstudio-grammar-run-${++this.runs}`;
    const params: RunGrammarTestsParams = { uri: this.client.uriOf(testFile), partialResultToken };
    if (text !== undefined) params.text = text;
    if (options.lines) params.lines = [...options.lines];
    const onResult = options.onResult;
    const listener = onResult
      ? this.client.onPartialResult<GrammarCaseResult[]>(partialResultToken, (part) => part.forEach(onResult))
      : undefined;
    const cancel = new vscode.CancellationTokenSource();
    const abort = (): void => cancel.cancel();
    if (options.signal?.aborted) cancel.cancel();
    options.signal?.addEventListener('abort', abort);
    try {
      return await this.client.request(RunGrammarTestsRequest, params, cancel.token);
    } catch (e) {
      // However the client reports a cancelled request, the caller sees the one cancellation error commands know.
      if (options.signal?.aborted) throw new CancelledError(`The grammar tests of ${testFile.fsPath} were cancelled.`);
      throw e;
    } finally {
      options.signal?.removeEventListener('abort', abort);
      cancel.dispose();
      listener?.dispose();
    }
  }
}
